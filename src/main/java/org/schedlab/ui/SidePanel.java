package org.schedlab.ui;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
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
    static final List<String> TAB_NAMES = List.of("selection", "figures", "cpu", "locks", "runqlat",
            "tcp", "bookmarks");
    private final TabPane tabs = new TabPane();

    /** {@code subject} names the dataset in the heading of a range's summary (the Figures tab's Copy) and of a copied histogram. */
    SidePanel(TimelineViewModel vm, Supplier<String> subject) {
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
        tabs.widthProperty().addListener((Observable o) -> refit());
        tabs.getSelectionModel().selectedItemProperty().addListener((Observable o) -> refit());
        tabs.sceneProperty().addListener((o, was, scene) -> {
            if (was != null) {
                was.removePostLayoutPulseListener(fitAfterLayout);
            }
            if (scene != null) {
                scene.addPostLayoutPulseListener(fitAfterLayout);
                refit();
            }
        });
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
        ((FiguresPanel) ((ScrollPane) figures.getContent()).getContent()).viewModel()
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
    /** Each tab header's width with its title shown, measured while it was. */
    private final Map<Tab, Double> titledPx = new HashMap<>();
    /** A tab header's width with its icon only, measured while one was; NaN before. */
    private double iconPx = Double.NaN;
    /** The tab headers whose width is followed (the skin makes them). */
    private final Set<Node> followed = Collections.newSetFromMap(
            new WeakHashMap<>());
    /** Something the titles depend on changed since they were fitted (read after the pulse's layout). */
    private boolean fitDirty = true;
    private final Runnable fitAfterLayout = () -> {
        if (fitDirty) {
            fitDirty = false;
            fitTitles();
        }
    };

    /**
     * The titles are fitted again after the next pulse's CSS and layout: read while the skin applies
     * a changed style, a header is in between (a title shown beside its icon, without the tab's
     * padding) and its width is neither the titled one nor the icon's.
     */
    private void refit() {
        fitDirty = true;
        javafx.application.Platform.requestNextPulse();
    }

    /**
     * Every tab in the strip, none in its overflow menu, and as many titles as fit: where the seven
     * titles do not fit (a 1280 px window's 384 px panel cut "TCP" to "TC" and hid Bookmarks in the
     * menu), the selected tab keeps its title, so the panel says what it shows, then the others keep
     * theirs from the left while they fit, the rest showing their icons, their tooltips naming them.
     * Where even the selected one's title does not fit beside the others' icons (a 1024 px window's
     * 307 px panel showed half of the TCP tab's icon before the overflow menu), every tab shows its
     * icon, the selected one marked as selected and named by its tooltip. A tab shows its title or
     * its icon, not both (workbench.css): with their icons too the seven would not fit a 440 px
     * panel. Which titles show follows the panel's width and the selected tab alone, whatever the
     * widths before.
     */
    private void fitTitles() {
        Node region = tabs.lookup(".headers-region");
        if (region == null || tabs.getWidth() <= 0) {
            return; // not shown yet: the first layout calls again
        }
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        for (Node n : ((Parent) region).getChildrenUnmodifiable()) {
            if (!n.getStyleClass().contains("tab") || !(n.lookup(".tab-label") instanceof Label label)) {
                continue;
            }
            if (followed.add(n)) {
                // a header's width follows its title shown or hidden once its style is applied: measured then
                n.layoutBoundsProperty().addListener((Observable o) -> refit());
            }
            Tab tab = tabs.getTabs().stream().filter(t -> t.getId() != null && t.getId().equals(n.getId()))
                    .findFirst().orElse(null);
            double w = n.prefWidth(-1);
            if (tab == null || w <= 0) {
                continue;
            }
            // measured as the style asked for draws it, the style applied (not a header in between)
            boolean hidden = tab.getStyleClass().contains(TITLE_HIDDEN);
            if (hidden && label.getContentDisplay() == ContentDisplay.GRAPHIC_ONLY) {
                iconPx = Double.isNaN(iconPx) ? w : Math.max(iconPx, w);
            } else if (!hidden && label.getContentDisplay() == ContentDisplay.TEXT_ONLY) {
                titledPx.put(tab, w);
            }
        }
        // the room as the tab pane's skin reckons it: the header area's, less its gap and the overflow
        // menu's button while it shows
        Node menu = tabs.lookup(".control-buttons-tab");
        double menuPx = 0;
        boolean menuUp = false;
        if (menu != null) {
            if (followed.add(menu)) {
                menu.layoutBoundsProperty().addListener((Observable o) -> refit());
                menu.visibleProperty().addListener((Observable o) -> refit());
                if (menu instanceof Region buttons) {
                    // the skin hides the menu's button but went on counting its width (about 28 px)
                    // as taken once it had shown: after a 1024 px window the seven titles lacked those
                    // pixels at 1600 px for the rest of the session. Hidden, it takes none
                    buttons.prefWidthProperty().bind(Bindings.when(buttons.visibleProperty())
                            .then(Region.USE_COMPUTED_SIZE).otherwise(0.0));
                }
            }
            menuPx = menu.isVisible() ? menu.prefWidth(-1) : 0;
            Node down = menu.lookup(".tab-down-button");
            menuUp = menu.isVisible() && down != null && down.isVisible();
        }
        Node header = tabs.lookup(".tab-header-area");
        if (header != null && followed.add(header)) {
            // laid out after the tab pane's width changed: the room is read again then
            header.layoutBoundsProperty().addListener((Observable o) -> refit());
        }
        double areaPx = header instanceof Region area
                ? area.getWidth() - area.snappedLeftInset() - area.snappedRightInset() : tabs.getWidth();
        double room = areaPx - HEADER_SLACK_PX - menuPx;
        // the titles in the order they give way in: the selected tab's last, then from the right
        List<Tab> order = new java.util.ArrayList<>(tabs.getTabs());
        if (selected != null) {
            order.remove(selected);
            order.add(0, selected);
        }
        int shownTitles = (int) order.stream().filter(t -> !t.getStyleClass().contains(TITLE_HIDDEN)).count();
        String here = areaPx + " " + tabs.getSelectionModel().getSelectedIndex();
        if (!here.equals(menuShownAt)) {
            menuShownAt = here;
            menuShownWith = Integer.MAX_VALUE;
        }
        if (menuUp) {
            // as many titles as brought the menu up at this width are not shown again here (a pixel
            // the sum of the headers missed would otherwise swap two ways back and forth)
            menuShownWith = Math.min(menuShownWith, shownTitles);
        }
        int titles = 0;
        double used = 0;
        boolean measured = titledPx.keySet().containsAll(order);
        if (measured && order.stream().mapToDouble(titledPx::get).sum() <= room) {
            titles = order.size();
        } else if (measured && Double.isNaN(iconPx)) {
            titles = 1; // the selected title beside icons not measured yet: not known to fail before
        } else if (measured) {
            used = iconPx * order.size();
            while (titles < order.size() && used - iconPx + titledPx.get(order.get(titles)) <= room) {
                used += titledPx.get(order.get(titles)) - iconPx;
                titles++;
            }
        }
        if (titles >= menuShownWith) {
            titles = Math.max(0, menuShownWith - 1);
        }
        boolean changed = false;
        for (int i = 0; i < order.size(); i++) {
            Tab t = order.get(i);
            boolean hide = i >= titles;
            if (hide != t.getStyleClass().contains(TITLE_HIDDEN)) {
                changed = true;
                if (hide) {
                    t.getStyleClass().add(TITLE_HIDDEN);
                } else {
                    t.getStyleClass().remove(TITLE_HIDDEN);
                }
            }
        }
        if (changed) {
            refit(); // measured again once the new style is applied
        }
    }

    /** The gap the tab pane's skin keeps beside the tabs (its SPACER), and a pixel for rounding. */
    private static final double HEADER_SLACK_PX = 11;
    /** The fewest titles that brought up the overflow menu at the width and selection {@link #menuShownAt}. */
    private int menuShownWith = Integer.MAX_VALUE;
    private String menuShownAt = "";

    private static Tab tab(String id, String title, Ikon icon, Node content) {
        Tab t = new Tab(title, new ScrollPane(content));
        t.setGraphic(new FontIcon(icon));
        t.setTooltip(new Tooltip(title));
        ScrollPane scroll = (ScrollPane) t.getContent();
        scroll.setFitToWidth(true);
        // the panel fills the tab's height while it fits; in a shorter panel (a laptop's) it keeps
        // its minimum height and scrolls: fitted regardless, the Locks tab's note below its table
        // was cut off at the tab's bottom with no scroll bar to reach it
        scroll.fitToHeightProperty().bind(Bindings.createBooleanBinding(
                () -> scroll.getViewportBounds().getHeight() >= content.minHeight(scroll.getViewportBounds().getWidth()),
                scroll.viewportBoundsProperty()));
        t.setId(id);
        return t;
    }
}
