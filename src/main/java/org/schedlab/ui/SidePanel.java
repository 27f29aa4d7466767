package org.schedlab.ui;

import javafx.beans.Observable;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignB;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;


/**
 * The panels beside the timeline, one tab each: the selection, the dataset's figures, CPU time,
 * locks, run-queue latency, TCP counters and bookmarks, each with an icon and a tooltip naming it. A line on top says which scope the summaries cover (the
 * selected range or the whole run) and spins while they are being computed.
 */
final class SidePanel extends BorderPane {
    /** Its tabs, in order, by the names a workspace saves them with. */
    static final java.util.List<String> TAB_NAMES = java.util.List.of("selection", "figures", "cpu", "locks", "runqlat",
            "tcp", "bookmarks");
    private final TabPane tabs = new TabPane();

    /** {@code subject} names the dataset in the heading of a range's summary (the Figures tab's Copy) and of a copied histogram. */
    SidePanel(TimelineViewModel vm, java.util.function.Supplier<String> subject) {
        setId("side-panel");
        setMinWidth(280);
        setPrefWidth(440);
        tabs.setId("side-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getTabs().addAll(
                tab("tab-selection", "Selection", MaterialDesignS.SELECTION_DRAG, new SelectionPanel(vm)),
                tab("tab-figures", "Figures", MaterialDesignT.TABLE, new FiguresPanel(new FiguresViewModel(vm, subject))),
                tab("tab-cpu", "CPU", MaterialDesignC.CHIP, new CpuTimePanel(vm.summary())),
                tab("tab-locks", "Locks", MaterialDesignL.LOCK_OUTLINE, new LocksPanel(vm.summary())),
                tab("tab-runqlat", "runqlat", MaterialDesignT.TIMER_SAND, new RunqlatPanel(vm.summary(), subject)),
                tab("tab-tcp", "TCP", MaterialDesignL.LAN, new TcpPanel(vm.summary())),
                tab("tab-bookmarks", "Bookmarks", MaterialDesignB.BOOKMARK_OUTLINE, new BookmarksPanel(vm)));
        tabs.widthProperty().addListener((Observable o) -> fitTitles());
        tabs.getSelectionModel().selectedItemProperty().addListener((Observable o) -> fitTitles());
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
        // a file of figures only (perf stat totals, a pgbench or YCSB output): the other tabs are of
        // CPU lanes it has not got; a lock tool's contention table is the Locks tab's, row by row
        // (Figures has only its row count), a runqlat output's histograms the runqlat tab's
        Tab locks = tabs.getTabs().get(TAB_NAMES.indexOf("locks"));
        Tab runqlat = tabs.getTabs().get(TAB_NAMES.indexOf("runqlat"));
        vm.datasetProperty().addListener((o, was, d) -> {
            if (d != TimelineViewModel.NO_DATASET && d.cpuCount() == 0) {
                boolean lockTable = org.schedlab.analysis.LockTable.of(d.metadata().parameters()).isPresent();
                boolean histograms = !org.schedlab.analysis.RunqlatHistogram.fromMetadata(d.metadata()).isEmpty();
                tabs.getSelectionModel().select(lockTable ? locks : histograms ? runqlat : figures);
            }
        });
    }

    TabPane tabs() {
        return tabs;
    }

    /** The style class of a tab that shows its icon only (its tooltip names it). */
    static final String TITLE_HIDDEN = "title-hidden";
    /** The tab headers' width with every title shown, measured while they were. */
    private double titledPx = Double.NaN;

    /**
     * Every tab in the strip, none in its overflow menu: where the seven titles do not fit (a
     * 1280 px window's 384 px panel cut "TCP" to "TC" and hid Bookmarks in the menu), the tabs
     * other than the selected one show their icons instead, their tooltips naming them; the
     * selected tab keeps its title, so the panel always says what it shows. Where the titles fit
     * they show alone (workbench.css): with their icons too they would not fit a 440 px panel.
     */
    private void fitTitles() {
        javafx.scene.Node region = tabs.lookup(".headers-region");
        if (region == null || tabs.getWidth() <= 0) {
            return; // not shown yet: the first layout calls again
        }
        boolean allTitled = tabs.getTabs().stream().noneMatch(t -> t.getStyleClass().contains(TITLE_HIDDEN));
        if (allTitled) {
            titledPx = ((javafx.scene.Parent) region).getChildrenUnmodifiable().stream()
                    .filter(n -> n.getStyleClass().contains("tab")).mapToDouble(n -> n.prefWidth(-1)).sum();
        }
        double room = tabs.getWidth() - tabs.snappedLeftInset() - tabs.snappedRightInset() - HEADER_SLACK_PX;
        boolean fit = titledPx <= room;
        for (Tab t : tabs.getTabs()) {
            boolean hide = !fit && t != tabs.getSelectionModel().getSelectedItem();
            if (hide != t.getStyleClass().contains(TITLE_HIDDEN)) {
                if (hide) {
                    t.getStyleClass().add(TITLE_HIDDEN);
                } else {
                    t.getStyleClass().remove(TITLE_HIDDEN);
                }
            }
        }
    }

    /** The header area's own insets beside the tabs. */
    private static final double HEADER_SLACK_PX = 8;

    private static Tab tab(String id, String title, Ikon icon, javafx.scene.Node content) {
        Tab t = new Tab(title, new javafx.scene.control.ScrollPane(content));
        t.setGraphic(new FontIcon(icon));
        t.setTooltip(new Tooltip(title));
        javafx.scene.control.ScrollPane scroll = (javafx.scene.control.ScrollPane) t.getContent();
        scroll.setFitToWidth(true);
        // the panel fills the tab's height while it fits; in a shorter panel (a laptop's) it keeps
        // its minimum height and scrolls: fitted regardless, the Locks tab's note below its table
        // was cut off at the tab's bottom with no scroll bar to reach it
        scroll.fitToHeightProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> scroll.getViewportBounds().getHeight() >= content.minHeight(scroll.getViewportBounds().getWidth()),
                scroll.viewportBoundsProperty()));
        t.setId(id);
        return t;
    }
}
