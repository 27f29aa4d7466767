package org.schedlab.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;


/**
 * The panels beside the timeline, one tab each: the selection, the dataset's figures, CPU time,
 * locks, run-queue latency, TCP counters and bookmarks. A line on top says which scope the summaries cover (the
 * selected range or the whole run) and spins while they are being computed.
 */
final class SidePanel extends BorderPane {
    /** Its tabs, in order, by the names a workspace saves them with. */
    static final java.util.List<String> TAB_NAMES = java.util.List.of("selection", "figures", "cpu", "locks", "runqlat",
            "tcp", "bookmarks");
    private final TabPane tabs = new TabPane();

    /** {@code subject} names the dataset in the heading of a range's summary (the Figures tab's Copy). */
    SidePanel(TimelineViewModel vm, java.util.function.Supplier<String> subject) {
        setId("side-panel");
        setMinWidth(280);
        setPrefWidth(440);
        tabs.setId("side-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // titles only: with icons the six tabs no longer fit a side panel of normal width
        tabs.getTabs().addAll(
                tab("tab-selection", "Selection", new SelectionPanel(vm)),
                tab("tab-figures", "Figures", new FiguresPanel(new FiguresViewModel(vm, subject))),
                tab("tab-cpu", "CPU", new CpuTimePanel(vm.summary())),
                tab("tab-locks", "Locks", new LocksPanel(vm.summary())),
                tab("tab-runqlat", "runqlat", new RunqlatPanel(vm.summary())),
                tab("tab-tcp", "TCP", new TcpPanel(vm.summary())),
                tab("tab-bookmarks", "Bookmarks", new BookmarksPanel(vm)));
        Label scope = new Label();
        scope.setId("summary-scope");
        scope.textProperty().bind(vm.summary().scopeTextProperty().map(s -> s.isEmpty() ? "" : "Summaries: " + s));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(14, 14);
        busy.visibleProperty().bind(vm.summary().computingProperty());
        Label failure = new Label();
        failure.getStyleClass().add("danger");
        failure.textProperty().bind(vm.summary().failureProperty());
        HBox top = new HBox(8, scope, busy, failure);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6, 8, 2, 8));
        setTop(top);
        setCenter(tabs);
        Tab figures = tabs.getTabs().get(TAB_NAMES.indexOf("figures"));
        ((FiguresPanel) ((javafx.scene.control.ScrollPane) figures.getContent()).getContent()).viewModel()
                .activeProperty().bind(figures.selectedProperty());
        // a file of figures only (perf stat totals, a pgbench or YCSB output, a lock table): the
        // other tabs are of CPU lanes it has not got
        vm.datasetProperty().addListener((o, was, d) -> {
            if (d != TimelineViewModel.NO_DATASET && d.cpuCount() == 0) {
                tabs.getSelectionModel().select(figures);
            }
        });
    }

    TabPane tabs() {
        return tabs;
    }

    private static Tab tab(String id, String title, javafx.scene.Node content) {
        Tab t = new Tab(title, new javafx.scene.control.ScrollPane(content));
        ((javafx.scene.control.ScrollPane) t.getContent()).setFitToWidth(true);
        ((javafx.scene.control.ScrollPane) t.getContent()).setFitToHeight(true);
        t.setId(id);
        return t;
    }
}
