package org.schedlab.ui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javafx.beans.property.BooleanProperty;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import org.schedlab.workspace.Workspace;

/**
 * The state of the panels beside the timelines that a workspace keeps: which tab each tabbed
 * panel shows (the Dataset tab's side panel: Selection, CPU, Locks, ...) and whether each
 * foldable group is open (a parameter panel's "Not used by this scenario"). Panels register here
 * by a name the workspace file uses; {@link #capture()} reads them all and {@link #restore} puts
 * them back, a panel the workspace does not name (one saved before these were kept) to how a new
 * window shows it, a name or tab this version does not have ignored.
 */
public final class PanelLayout {
    private record Tabs(TabPane pane, List<String> names) {
    }

    private record Group(BooleanProperty open, boolean openByDefault) {
    }

    private final Map<String, Tabs> tabs = new LinkedHashMap<>();
    private final Map<String, Group> groups = new LinkedHashMap<>();

    /**
     * A tabbed panel, saved as {@code name}; {@code tabNames} names its tabs in order (the names
     * the file uses). Its first tab is what a new window shows.
     */
    public void addTabs(String name, TabPane pane, List<String> tabNames) {
        if (tabNames.size() != pane.getTabs().size()) {
            throw new IllegalArgumentException(name + ": " + tabNames.size() + " names for " + pane.getTabs().size() + " tabs");
        }
        tabs.put(name, new Tabs(pane, List.copyOf(tabNames)));
    }

    /** A foldable group, saved as {@code name}, open or folded as {@code open} says. */
    public void addGroup(String name, BooleanProperty open, boolean openByDefault) {
        groups.put(name, new Group(open, openByDefault));
    }

    /** Every registered panel as it is now. */
    public Workspace.Panels capture() {
        Map<String, String> t = new LinkedHashMap<>();
        tabs.forEach((name, p) -> {
            int i = p.pane().getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                t.put(name, p.names().get(i));
            }
        });
        Map<String, Boolean> g = new LinkedHashMap<>();
        groups.forEach((name, group) -> g.put(name, group.open().get()));
        return new Workspace.Panels(t, g);
    }

    /**
     * Shows {@code saved}: each panel's tab and each group as saved; a panel or group it does not
     * name, or names with a tab this version does not have, as a new window shows it.
     */
    public void restore(Workspace.Panels saved) {
        tabs.forEach((name, p) -> {
            int i = p.names().indexOf(saved.tabs().getOrDefault(name, ""));
            Tab tab = p.pane().getTabs().get(Math.max(i, 0));
            p.pane().getSelectionModel().select(tab);
        });
        groups.forEach((name, group) -> group.open().set(saved.groups().getOrDefault(name, group.openByDefault())));
    }
}
