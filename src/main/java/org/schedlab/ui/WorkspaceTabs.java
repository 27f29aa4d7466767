package org.schedlab.ui;

import java.util.Optional;
import java.util.function.Supplier;

import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import org.schedlab.workspace.Workspace;

/**
 * The window's tabs as a workspace names them: the tab with id {@code tab-ab} is {@code ab}.
 * Until the lab adds its tabs the window has none, which is the Dataset view.
 */
final class WorkspaceTabs implements WorkspaceViewModel.Tabs {
    private final Supplier<Optional<TabPane>> tabs;

    WorkspaceTabs(Supplier<Optional<TabPane>> tabs) {
        this.tabs = tabs;
    }

    @Override
    public Workspace.Tab selected() {
        Optional<Tab> t = tabs.get().map(p -> p.getSelectionModel().getSelectedItem());
        String id = t.map(Tab::getId).orElse("").replaceFirst("^tab-", "");
        return Workspace.Tab.ofKey(id).orElse(Workspace.Tab.DATASET);
    }

    @Override
    public void select(Workspace.Tab tab) {
        tabs.get().ifPresent(p -> p.getTabs().stream().filter(t -> ("tab-" + tab.key()).equals(t.getId()))
                .findFirst().ifPresent(t -> p.getSelectionModel().select(t)));
    }
}
