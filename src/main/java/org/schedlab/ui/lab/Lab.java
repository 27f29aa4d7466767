package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCombination;

import org.schedlab.model.Dataset;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.Workbench;

/**
 * Puts the lab into the workbench window: the A/B, Live and Sweep tabs next to the Dataset tab,
 * and a Simulate menu with the same commands as the workspaces' buttons. The Live workspace
 * opens its scenario when it is first shown (the first screen runs only A and B); a clicked
 * sweep point opens in it, or as A or B on the A/B tab.
 */
public final class Lab {
    private final Workbench workbench;
    private final LabViewModel lab;
    private final LivePane live;
    private final ComparePane compare;
    private final SweepPane sweep;
    private final Tab liveTab;
    private final Tab compareTab;
    private final Tab sweepTab;

    private Lab(Workbench workbench, LabViewModel lab) {
        this.workbench = workbench;
        this.lab = lab;
        compare = new ComparePane(lab, this::datasetTabData,
                () -> workbench.exports().copy(org.schedlab.ui.export.TextKind.DELTAS));
        live = new LivePane(lab, this::showGallery);
        // the tab's buttons are the window's export commands, acting on the Sweep tab they sit on
        sweep = new SweepPane(lab, new SweepPane.Exports(
                () -> workbench.exportMenus().exportView(org.schedlab.render.ExportFormat.PNG, 1),
                () -> workbench.exportMenus().exportPoints(),
                () -> workbench.exports().copy(org.schedlab.ui.export.TextKind.SWEEP)));
        compareTab = workbench.addWorkspace("tab-ab", "A/B compare", compare);
        liveTab = workbench.addWorkspace("tab-live", "Live run", live);
        sweepTab = workbench.addWorkspace("tab-sweep", "Sweep", sweep);
        workbench.registerViewSource(compareTab, LabViewSources.compare(lab.compare(), compare));
        workbench.registerViewSource(liveTab, LabViewSources.live(lab.live(), live.card(),
                () -> java.util.Optional.ofNullable(lab.livePanelProperty().get()).map(ParameterPanelViewModel::scenario)));
        workbench.registerViewSource(sweepTab, LabViewSources.sweep(lab.sweep(), sweep.plotView()));
        workbench.registerTimelines(compareTab, java.util.List.of(compare.card(CompareViewModel.Side.A).timelineView(),
                compare.card(CompareViewModel.Side.B).timelineView()));
        workbench.registerTaskLanes(compareTab, lab.compare().taskLanes());
        workbench.registerTimelines(liveTab, java.util.List.of(live.card().timelineView()));
        workbench.registerTaskLanes(liveTab, lab.liveTaskLanes());
        workbench.registerTimelines(sweepTab, java.util.List.of());
        liveTab.setOnSelectionChanged(e -> {
            if (liveTab.isSelected()) {
                lab.ensureLiveOpen();
            }
        });
        sweepTab.setOnSelectionChanged(e -> {
            if (sweepTab.isSelected()) {
                lab.ensureLiveOpen();
            }
        });
        lab.sweep().addOpenPointListener(this::openInLive);
        lab.sweep().addOpenAsListener(this::openPointAs);
        workbench.workspace().addPart(new LabWorkspace(lab, workbench.viewModel()));
        // the parameter panels' folded group, kept by a workspace as the Dataset tab's side panel is
        workbench.workspace().panels().addGroup("liveUnusedParameters", live.parameterPanel().unusedOpenProperty(), false);
        workbench.workspace().panels().addGroup("abUnusedParameters", compare.parameterPanel().unusedOpenProperty(), false);
        workbench.workspace().panels().addTabs("abTables", compare.tables(), ComparePane.TABLE_TAB_NAMES);
        workbench.workspace().panels().addDividers("ab", compare.split(), compare.dividersSetAside());
        workbench.workspace().panels().addDividers("live", live.split());
        workbench.workspace().panels().addDividers("liveSide", live.sideSplit());
        workbench.addMenu(menu());
        javafx.scene.control.Label ahead = new javafx.scene.control.Label();
        ahead.setId("status-lookahead"); // what the idle cores are doing, so the fan is explained
        ahead.textProperty().bind(lab.lookaheadStatusProperty());
        workbench.addStatusItem(ahead);
    }

    /** Adds the lab's tabs and menu to {@code workbench}. */
    public static Lab install(Workbench workbench, LabViewModel lab) {
        return new Lab(workbench, lab);
    }

    public LabViewModel viewModel() {
        return lab;
    }

    /**
     * The first screen's A/B runs ({@link LabViewModel#openDefault}) once {@code busy} is false -
     * files opened from the command line are read with both cores to themselves - or as soon as
     * the A/B tab is shown; not at all if A/B was given something else meanwhile (a workspace
     * restored, the Dataset tab put on a side).
     */
    public void openDefaultOnceIdle(ObservableValue<Boolean> busy) {
        ChangeListener<Boolean> check = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (busy.getValue() && !compareTab.isSelected()) {
                    return;
                }
                busy.removeListener(this);
                compareTab.selectedProperty().removeListener(this);
                // after the rest of this pulse: a finished read puts its dataset on screen first
                // (openDefault leaves an A/B that was given something meanwhile as it is)
                javafx.application.Platform.runLater(lab::openDefault);
            }
        };
        busy.addListener(check);
        compareTab.selectedProperty().addListener(check);
        check.changed(busy, null, null); // idle already
    }

    public void showCompare() {
        workbench.selectWorkspace(compareTab);
    }

    public void showLive() {
        workbench.selectWorkspace(liveTab);
    }

    public void showSweep() {
        workbench.selectWorkspace(sweepTab);
    }

    /**
     * Opens the Scenarios gallery; a clicked scenario opens in the Live run tab. Returns the
     * gallery's window (tests find it; nothing else needs it).
     */
    public javafx.stage.Stage showGallery() {
        java.util.List<org.schedlab.sim.scenario.Scenario> all = new java.util.ArrayList<>();
        for (String name : LabViewModel.builtInScenarios()) {
            lab.load(name).ifPresent(all::add);
        }
        javafx.stage.Window owner = live.getScene() != null ? live.getScene().getWindow() : null;
        ScenarioGallery g = new ScenarioGallery(owner, all, s -> {
            lab.openLive(s, java.util.Map.of());
            showLive();
        });
        g.show();
        return g.stage();
    }

    LivePane livePane() {
        return live;
    }

    ComparePane comparePane() {
        return compare;
    }

    SweepPane sweepPane() {
        return sweep;
    }

    private void openInLive(org.schedlab.sim.scenario.Scenario swept, java.util.Map<String, String> overrides) {
        lab.openLive(swept, overrides);
        showLive();
    }

    /**
     * A sweep point opened as A or B: that side takes its parameters and reruns (the A/B tab's
     * scenario becomes the swept one if it showed another, the other side on the sweep's base), its
     * parameter panel is the one shown, and the A/B tab comes to the front.
     */
    private void openPointAs(CompareViewModel.Side side, SweepViewModel.PointRun point) {
        try {
            lab.compare().openOn(side, point.scenario(), point.overrides(), point.base());
        } catch (IllegalArgumentException e) {
            // said on the A/B tab, where the point was to go
            lab.report("Sweep point " + point.label() + " not opened as " + side + ": " + e.getMessage());
            showCompare();
            return;
        }
        lab.report("");
        lab.compare().editingProperty().set(side);
        showCompare();
    }

    private Optional<ComparePane.NamedDataset> datasetTabData() {
        Dataset d = workbench.viewModel().timeline().dataset();
        if (d == TimelineViewModel.NO_DATASET) {
            lab.report("Open a dataset in the Dataset tab first (File > Open).");
            return Optional.empty();
        }
        lab.report("");
        return Optional.of(new ComparePane.NamedDataset(d, workbench.viewModel().sourceNameProperty().get(),
                workbench.viewModel().openedSources(),
                workbench.viewModel().timeline().trackSpecProperty().get().taskLanes()));
    }

    private Menu menu() {
        CompareViewModel c = lab.compare();
        // Ctrl+1..4 follow the tabs' order, as a browser's do
        MenuItem datasetItem = item("menu-lab-dataset-tab", "_Dataset", workbench::showDatasetTab);
        datasetItem.setAccelerator(KeyCombination.keyCombination("Shortcut+1"));
        MenuItem ab = item("menu-lab-ab", "A/B c_ompare", this::showCompare);
        ab.setAccelerator(KeyCombination.keyCombination("Shortcut+2"));
        MenuItem liveItem = item("menu-lab-live", "_Live run", this::showLive);
        liveItem.setAccelerator(KeyCombination.keyCombination("Shortcut+3"));
        MenuItem sweepItem = item("menu-lab-sweep", "S_weep", this::showSweep);
        sweepItem.setAccelerator(KeyCombination.keyCombination("Shortcut+4"));
        MenuItem gallery = item("menu-lab-gallery", "_Scenarios\u2026", this::showGallery);
        gallery.setAccelerator(KeyCombination.keyCombination("Shortcut+G"));
        MenuItem swap = item("menu-lab-swap", "Swa_p A and B", c::swap);
        MenuItem makeA = item("menu-lab-make-b-a", "_Make B the new A", c::makeBTheNewA);
        MenuItem dsA = item("menu-lab-dataset-a", "Dataset tab \u2192 _A", () -> datasetTabData()
                .ifPresent(d -> {
                    d.showOn(c, CompareViewModel.Side.A);
                    showCompare();
                }));
        MenuItem dsB = item("menu-lab-dataset-b", "Dataset tab \u2192 _B", () -> datasetTabData()
                .ifPresent(d -> {
                    d.showOn(c, CompareViewModel.Side.B);
                    showCompare();
                }));
        // the sweep point last clicked on the Sweep tab (its right-click menu has the same)
        MenuItem pointA = item("menu-lab-sweep-point-a", "Sweep po_int \u2192 A",
                () -> lab.sweep().openPickedAs(CompareViewModel.Side.A));
        MenuItem pointB = item("menu-lab-sweep-point-b", "Sweep poin_t \u2192 B",
                () -> lab.sweep().openPickedAs(CompareViewModel.Side.B));
        for (MenuItem mi : java.util.List.of(pointA, pointB)) {
            mi.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                    () -> lab.sweep().pickedPointProperty().get().isEmpty(), lab.sweep().pickedPointProperty()));
        }
        MenuItem cancel = item("menu-lab-cancel", "_Cancel runs", () -> {
            lab.live().cancel();
            c.side(CompareViewModel.Side.A).cancel();
            c.side(CompareViewModel.Side.B).cancel();
            lab.sweep().cancel();
        });
        javafx.scene.control.CheckMenuItem ahead = new javafx.scene.control.CheckMenuItem(
                "_Run likely next settings ahead");
        ahead.setId("menu-lab-lookahead");
        ahead.selectedProperty().bindBidirectional(lab.lookaheadProperty());
        Menu m = new Menu("_Simulate", null, gallery, new SeparatorMenuItem(), datasetItem, ab, liveItem, sweepItem,
                new SeparatorMenuItem(), swap, makeA, dsA, dsB, pointA, pointB,
                new SeparatorMenuItem(), cancel, ahead);
        m.setId("menu-simulate");
        return m;
    }

    /**
     * A menu item with its id (for tests and workspaces) running {@code action}; its text marks its
     * Alt letter ("S_weep"). The Sweep plot's point menu uses it too.
     */
    static MenuItem item(String id, String text, Runnable action) {
        MenuItem mi = new MenuItem(text);
        mi.setId(id);
        mi.setOnAction(e -> action.run());
        return mi;
    }
}
