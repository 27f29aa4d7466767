package org.schedlab.ui.lab;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignW;

import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimelineLayout;
import org.schedlab.ui.LazyTooltip;
import org.schedlab.ui.TimelineView;

/**
 * A/B mode: A over B on one time axis with one selection, the delta table under them, and the
 * parameter panel of the side being edited on the left. The bar on top picks the scenario and
 * the seeds per side, swaps the sides, makes B the new A, copies the table as mail text and
 * puts the dataset tab's data on either side. A toggle beside the table's tabs gives the table
 * the whole tab for a while, A and B folded to their header rows.
 */
final class ComparePane extends BorderPane {
    /**
     * An opened dataset, the name to show for it, what it was read from and the task lanes the
     * Dataset tab shows it with (a side opens with those, not a walk of its slices on the FX thread).
     */
    record NamedDataset(Dataset dataset, String name, List<org.schedlab.ui.DatasetSource> sources,
                        List<Integer> taskLanes) {
        void showOn(CompareViewModel vm, CompareViewModel.Side side) {
            vm.showDataset(side, dataset, name, sources, taskLanes);
        }
    }

    private final TimelineCard cardA;
    private final TimelineCard cardB;
    private final TabPane tables;
    private final SplitPane split;
    private final javafx.beans.property.BooleanProperty tableMaximized =
            new javafx.beans.property.SimpleBooleanProperty(this, "tableMaximized");
    /** Where the dividers were before the table was given the whole tab; null while it is not. */
    private double[] normalDividers;
    /** Where the dividers were before "Fit CPU lanes" moved them to give A and B their machines whole. */
    private double[] dividersBeforeFit;
    /** Where "Fit CPU lanes" put the dividers: moved from there since, they are the user's and stay. */
    private double[] dividersFitted;
    /** "Fit CPU lanes" places the dividers at the next layout ({@link #refit}). */
    private boolean refitPending;
    /** A's and B's cards' heights less their timelines' at the last layout with the mode on. */
    private final double[] chrome = {Double.NaN, Double.NaN};
    private ParameterPanel editorPanel;

    /**
     * {@code copyTable} is the window's Edit > Copy A/B table as text: it copies in the background
     * and says "Copied the A/B delta table (40 lines, plain text)" ("the A/B delta and TCP tables" where
     * it ends with the Wireshark table) in the status bar, or why there
     * is nothing to copy.
     */
    ComparePane(LabViewModel lab, Supplier<Optional<NamedDataset>> openDataset, Runnable copyTable) {
        setId("ab-pane");
        CompareViewModel vm = lab.compare();
        ScenarioPicker picker = new ScenarioPicker("ab-scenario", n -> lab.load(n).ifPresent(lab::openCompare),
                f -> lab.loadFile(f, lab::openCompare));
        vm.panelProperty(CompareViewModel.Side.A).addListener((obs, o, n) -> {
            if (n != null) {
                picker.showing(n.scenario().name());
            }
        });
        ParamControl.Count seeds = ParamControl.count("ab-seeds", "seeds per side", 1, CompareViewModel.MAX_SEEDS, vm.seedsProperty(),
                "Seeds per side: the table shows the mean and min..max");
        seeds.spinner().setPrefWidth(72);
        Button swap = button("ab-swap", "S_wap A and B", new FontIcon(MaterialDesignS.SWAP_VERTICAL), vm::swap);
        LazyTooltip.install(swap, "Swap A and B: each side takes the other's parameters, picture and bookmarks");
        Button makeA = button("ab-make-b-a", "_Make B the new A", new FontIcon(MaterialDesignA.ARROW_UP_BOLD),
                vm::makeBTheNewA);
        LazyTooltip.install(makeA, "Make B the new A: A takes B's parameters, picture and bookmarks; B stays"
                + " for the next change");
        // through Edit > Copy: put on the clipboard silently, the click read as one that did nothing
        // (the Sweep tab's Copy table said what it copied in the status bar)
        Button copy = button("ab-copy", "Cop_y table", new FontIcon(MaterialDesignC.CONTENT_COPY), copyTable);
        LazyTooltip.install(copy, "Copy table: the delta table as plain text (72 columns) for a mail");
        Button dsA = button("ab-dataset-a", "A \u2190 _dataset", null,
                () -> openDataset.get().ifPresent(d -> d.showOn(vm, CompareViewModel.Side.A)));
        Button dsB = button("ab-dataset-b", "B \u2190 da_taset", null,
                () -> openDataset.get().ifPresent(d -> d.showOn(vm, CompareViewModel.Side.B)));
        LazyTooltip.install(dsA, "A \u2190 dataset: put the dataset open in the Dataset tab (a recording or a saved"
                + " run) on side A");
        LazyTooltip.install(dsB, "B \u2190 dataset: put the dataset open in the Dataset tab on side B");
        CheckBox link = new LetteredCheckBox("_Link lanes");
        link.setId("ab-link-lanes");
        link.selectedProperty().bindBidirectional(vm.lanesLinkedProperty());
        LazyTooltip.install(link, "Link lanes: scroll A's and B's lanes together: the same CPUs (by number) and task, lock"
                + " and counter lanes (by name) on both sides. An exported picture shows A's lanes on both sides"
                + " either way.");
        // the values both sides ran with other than the scenario's: the headers name only what
        // tells A from B, and case B on arm64 against case B on x86 read alike on screen
        Label both = new Label();
        both.setId("ab-both");
        both.setMinWidth(0);
        both.setMaxWidth(BOTH_MAX_WIDTH);
        var bothText = Bindings.createStringBinding(vm::bothChanged,
                vm.side(CompareViewModel.Side.A).timelineOverridesProperty(),
                vm.side(CompareViewModel.Side.B).timelineOverridesProperty(),
                vm.panelProperty(CompareViewModel.Side.A));
        both.textProperty().bind(Bindings.createStringBinding(
                () -> bothText.get().isEmpty() ? "" : "both: " + bothText.get(), bothText));
        LazyTooltip.following(Bindings.createStringBinding(() -> bothTip(bothText.get()), bothText))
                .installOn(both);
        HBox bothGroup = group(new Separator(Orientation.VERTICAL), both);
        bothGroup.visibleProperty().bind(both.textProperty().isNotEmpty());
        bothGroup.managedProperty().bind(bothGroup.visibleProperty());
        Label message = new Label();
        message.setStyle("-fx-text-fill: -color-danger-fg;");
        message.textProperty().bind(lab.messageProperty());
        // a laptop's 1280 px: the three buttons show only their icons, so the bar stays one row
        // (their tooltips and accessible text name them); narrower still (1024 px, a projector's
        // 900) whole groups wrap onto a second row rather than squeezing every label to "Swap A..."
        // and the seeds field to nothing
        FlowPane bar = new CompactingBar(List.of(swap, makeA, copy), message,
                group(picker, new Label("Seeds"), seeds.spinner()), seeds.error(),
                group(new Separator(Orientation.VERTICAL), swap, makeA, copy, link),
                group(new Separator(Orientation.VERTICAL), dsA, dsB), bothGroup, message);
        bar.setId("ab-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 10, 6, 10));
        setTop(bar);

        setLeft(editor(vm));
        cardA = card(vm, CompareViewModel.Side.A);
        cardB = card(vm, CompareViewModel.Side.B);
        new LaneScrollLink(cardA.timelineView(), cardB.timelineView(), vm.lanesLinkedProperty());
        Label tableTitle = new Label(DELTAS_TITLE);
        tableTitle.setId("ab-table-title");
        tableTitle.setStyle("-fx-text-fill: -color-fg-muted;");
        tableTitle.setMinWidth(0);
        // two lines beside the tabs where one does not hold it: at a laptop's 1280 px the TCP
        // table's title read "Wireshark warning or note, A's and B's counts, change B/A - the tabl..."
        // (at 1024 px it did on two lines too, and is shorter since: TCP_TITLE)
        tableTitle.setWrapText(true);
        LazyTooltip.following(tableTitle.textProperty()).installOn(tableTitle);
        Label tableStale = new Label();
        tableStale.setId("ab-table-stale");
        tableStale.setStyle("-fx-text-fill: -color-warning-fg;");
        tableStale.setMinWidth(0);
        // says which side's summary the table waits for (its timeline may already be the new run)
        tableStale.textProperty().bind(vm.rowsPendingProperty());
        tableStale.visibleProperty().bind(vm.rowsPendingProperty().isNotEmpty());
        tableStale.managedProperty().bind(tableStale.visibleProperty());
        LazyTooltip.following(tableStale.textProperty()).installOn(tableStale);
        // while the table waits the note takes the title's place: squeezed beside it at a laptop's
        // 1280 px the title read "m...", neither whole nor gone (the columns' headers say it too)
        tableTitle.visibleProperty().bind(vm.rowsPendingProperty().isEmpty());
        tableTitle.managedProperty().bind(tableTitle.visibleProperty());
        HBox tableHead = new HBox(12, tableTitle, tableStale);
        tableHead.setAlignment(Pos.CENTER_LEFT);
        DeltaTable table = new DeltaTable(vm);
        Label placeholder = new Label();
        placeholder.setWrapText(true);
        placeholder.textProperty().bind(Bindings.createStringBinding(
                () -> placeholderText(vm.rowsPendingProperty().get()), vm.rowsPendingProperty()));
        // under two timelines that keep their CPU lanes a laptop's table strip has a line or two
        // of room: cut to fit, "the table appears when both sides' summaries are..." lost the
        // sides' statuses. It wraps whole and scrolls.
        placeholder.setPadding(new Insets(4, 8, 4, 8));
        ScrollPane placeholderScroll = new ScrollPane(placeholder);
        placeholderScroll.setFitToWidth(true);
        placeholderScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        placeholderScroll.getStyleClass().add("edge-to-edge");
        placeholderScroll.setId("ab-table-placeholder");
        table.setPlaceholder(placeholderScroll);
        // the rows compare the previous runs while a side reruns (its timeline may already be new)
        table.opacityProperty().bind(Bindings.when(vm.rowsStaleProperty()).then(0.55).otherwise(1.0));
        // the s390 mail's own table, read off the same two summaries (case C: D-SACKs, fast retransmissions)
        TextArea wireshark = new TextArea();
        wireshark.setId("ab-wireshark");
        wireshark.setEditable(false);
        wireshark.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace;");
        Tab deltasTab = new Tab("A/B deltas", table);
        Tab tcpTab = new Tab(TCP_TAB, wireshark);
        tcpTab.setId("ab-wireshark-tab");
        deltasTab.setId("ab-deltas-tab");
        tables = new TabPane(deltasTab, tcpTab);
        tables.setId("ab-tables");
        tables.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        boolean[] tcpWanted = {false};
        boolean[] switching = {false};
        javafx.beans.property.StringProperty tcpTitle = new javafx.beans.property.SimpleStringProperty(TCP_TITLE);
        Runnable showTcp = () -> {
            Optional<String> text = LabViewSources.wiresharkText(vm);
            wireshark.setText(text.orElse(""));
            tcpTitle.set(tcpTitle(seedsOf(vm, CompareViewModel.Side.A), seedsOf(vm, CompareViewModel.Side.B)));
            tcpTab.setDisable(text.isEmpty()); // no TCP in these runs (cases A and B)
            // greyed out, it said nothing of why: its text says it, its tooltip how to get TCP counters
            boolean ran = vm.side(CompareViewModel.Side.A).outcome().isPresent()
                    && vm.side(CompareViewModel.Side.B).outcome().isPresent();
            tcpTab.setText(text.isEmpty() && ran ? TCP_TAB + TCP_TAB_NONE : TCP_TAB);
            tcpTab.setTooltip(new javafx.scene.control.Tooltip(text.isPresent() ? TCP_TAB_TIP
                    : ran ? TCP_TAB_NONE_TIP : TCP_TAB_WAIT_TIP));
            switching[0] = true;
            if (text.isEmpty() && tables.getSelectionModel().getSelectedItem() == tcpTab) {
                tables.getSelectionModel().select(deltasTab);
            } else if (text.isPresent() && tcpWanted[0]) {
                tables.getSelectionModel().select(tcpTab);
            }
            switching[0] = false;
        };
        // the TCP tab chosen (by a click or a workspace) stays chosen while a rerun clears the rows
        // and comes back with them; the deltas show meanwhile. Choosing the deltas forgets it.
        tables.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (switching[0]) {
                return;
            }
            tcpWanted[0] = now == tcpTab;
            if (now == tcpTab && tcpTab.isDisable()) { // a workspace's choice before the rows are in
                javafx.application.Platform.runLater(showTcp);
            }
        });
        // the title says what the table in front is: it named the deltas' columns over the TCP table
        tableTitle.textProperty().bind(Bindings.createStringBinding(
                () -> tables.getSelectionModel().getSelectedItem() == tcpTab ? tcpTitle.get() : DELTAS_TITLE,
                tables.getSelectionModel().selectedItemProperty(), tcpTitle));
        vm.rows().addListener((ListChangeListener<SummaryComparison.Row>) c -> showTcp.run());
        showTcp.run();
        wireshark.opacityProperty().bind(table.opacityProperty());
        split = new SplitPane(cardA, cardB, new TabsWithHead(tables, tableHead, maximizeButton()));
        split.setId("ab-split");
        split.setOrientation(Orientation.VERTICAL);
        // the cards are one-row-stepped and keep a few CPU lanes (TimelineCard.stacked): the table
        // starts with room for several rows in a 1280 x 720 window
        split.setDividerPositions(0.28, 0.56);
        setCenter(split);
        // a double-click on the tabs' row, as in an IDE: on a tab or beside them, not in the table
        tables.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.PRIMARY && e.getClickCount() == 2
                    && onTabRow(e.getPickResult().getIntersectedNode())) {
                tableMaximized.set(!tableMaximized.get());
            }
        });
        tableMaximized.addListener((obs, was, now) -> maximizeTable(now));
        // "Fit CPU lanes" places the dividers at the next layout: the mode turned on or off (on another
        // tab too, A/B not yet laid out), a run with another machine on a side, the split resized
        cardA.timelineView().viewModel().fitCpuLanesProperty().addListener((obs, was, now) -> refitSoon());
        for (TimelineCard card : List.of(cardA, cardB)) {
            card.timelineView().viewModel().datasetProperty().addListener((obs, was, now) -> {
                if (now != null && now.cpuCount() > 0 && (was == null || was.cpuCount() != now.cpuCount())) {
                    refitSoon();
                }
            });
        }
        split.heightProperty().addListener((obs, was, now) -> {
            if (fitOn()) {
                refitSoon();
            }
        });
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        if (fitOn() && !tableMaximized.get() && split.getHeight() >= 1 && split.getSkin() != null) {
            split.layout();
            // a card's header grew or shrank (a run's status, a note): its timeline is taller or
            // shorter at the same dividers, so they go where its machine needs them again
            if (chromeChanged(0, cardA) | chromeChanged(1, cardB)) {
                refitPending = true;
            }
        }
        if (refitPending) {
            refit();
            chromeChanged(0, cardA);
            chromeChanged(1, cardB);
        }
    }

    /** Whether what {@code card} shows besides its timeline changed height since last asked. */
    private boolean chromeChanged(int i, TimelineCard card) {
        TimelineView v = card.timelineView();
        if (!v.isVisible() || v.getHeight() < 1) {
            return false;
        }
        double now = card.getHeight() - v.getHeight();
        boolean changed = !Double.isNaN(chrome[i]) && Math.abs(now - chrome[i]) >= 1;
        chrome[i] = now;
        return changed;
    }

    private boolean fitOn() {
        return cardA.timelineView().viewModel().fitCpuLanesProperty().get();
    }

    /** The dividers are placed for "Fit CPU lanes" at the next layout (when A/B has been laid out). */
    private void refitSoon() {
        refitPending = true;
        requestLayout();
    }

    /**
     * "Fit CPU lanes" on: where the table can give them the room, A and B grow until each has a
     * pixel for each of its CPUs under its CPUs header - on a laptop (1280 x 720) a side's lanes
     * were 73 px, short of a 96-CPU machine at a pixel a lane. They grow from where the user had
     * the dividers before the fit, as much as the machines on show need: a new run with another
     * CPU count moves them again (16 CPUs fit as the user had them: back there), as does a
     * resized window. Off: the dividers go back where they were, unless they were moved since
     * (then they are the user's, and stay; so does a larger machine's room grow from there).
     */
    private void refit() {
        if (tableMaximized.get() || split.getHeight() < 1 || split.getSkin() == null) {
            return; // again when the table gives the room back, or when A/B is laid out
        }
        refitPending = false;
        split.layout(); // the sides' heights for the split's present height
        double[] back = dividersBeforeFit;
        boolean placedByFit = back != null && dividersFitted != null && !movedSince(split.getDividerPositions(),
                dividersFitted);
        dividersBeforeFit = null;
        dividersFitted = null;
        if (placedByFit) {
            place(back);
        }
        if (!fitOn()) {
            return;
        }
        double[] before = split.getDividerPositions().clone();
        double extraA = missingForCpus(cardA);
        double extraB = missingForCpus(cardB);
        if (extraA > 0 || extraB > 0) {
            double h = split.getHeight();
            place(new double[] {Math.min(1, before[0] + extraA / h), Math.min(1, before[1] + (extraA + extraB) / h)});
        }
        dividersBeforeFit = before;
        dividersFitted = split.getDividerPositions().clone();
    }

    /** Puts the dividers at {@code at}, each where asked (A's stopped at B's old place: a second pass puts it). */
    private void place(double[] at) {
        for (int pass = 0; pass < at.length; pass++) {
            split.setDividerPositions(at);
            split.layout();
        }
    }

    /** Whether a divider of {@code now} is a pixel or more away from {@code placed} (the user dragged it). */
    private boolean movedSince(double[] now, double[] placed) {
        double h = split.getHeight();
        for (int i = 0; i < now.length && i < placed.length; i++) {
            if (Math.abs(now[i] - placed[i]) * h >= 1) {
                return true;
            }
        }
        return false;
    }

    /** How much taller {@code card}'s timeline must be for a pixel a CPU lane under its header (0: tall enough). */
    private static double missingForCpus(TimelineCard card) {
        TimelineView v = card.timelineView();
        int cpus = v.viewModel().dataset().cpuCount();
        if (cpus == 0 || v.getHeight() < 1) {
            return 0;
        }
        return Math.max(0, Math.ceil(TimelineLayout.fittedCpusHeightPx(cpus) - v.getHeight()));
    }

    /**
     * The toggle beside the table's tabs that gives the table the whole tab. On a laptop (1280 x
     * 720) the split leaves the table about two and a half rows under A's and B's cards, each at its
     * smallest, so no divider makes room for case C's TCP table; maximized it has the tab's height.
     */
    private Button maximizeButton() {
        Button b = new Button();
        b.setId("ab-table-maximize");
        b.getStyleClass().addAll("flat", "small");
        b.graphicProperty().bind(Bindings.createObjectBinding(() -> new FontIcon(tableMaximized.get()
                ? MaterialDesignW.WINDOW_RESTORE : MaterialDesignW.WINDOW_MAXIMIZE), tableMaximized));
        var tip = Bindings.when(tableMaximized).then(RESTORE_TIP).otherwise(MAXIMIZE_TIP);
        b.accessibleTextProperty().bind(Bindings.when(tableMaximized).then("Restore the split").otherwise(
                "Give the table the whole tab"));
        LazyTooltip.following(tip).installOn(b);
        b.setOnAction(e -> tableMaximized.set(!tableMaximized.get()));
        return b;
    }

    static final String MAXIMIZE_TIP = "Give the table the whole tab, A and B folded to their headers"
            + " (double-click a tab does the same)";
    static final String RESTORE_TIP = "Back to A over B over the table, the dividers where they were"
            + " (double-click a tab does the same)";

    /** Whether {@code n} is on the table's row of tabs (a tab or the row beside them). */
    private boolean onTabRow(javafx.scene.Node n) {
        for (javafx.scene.Node at = n; at != null && at != tables; at = at.getParent()) {
            if (at.getStyleClass().contains("tab-header-area")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Folds A and B to their header rows - which side shows what and its status stay in view -
     * and gives the table the rest ({@code maximized}), or unfolds them with the dividers where
     * they were before.
     */
    private void maximizeTable(boolean maximized) {
        if (maximized) {
            normalDividers = split.getDividerPositions().clone();
            cardA.fold(true);
            cardB.fold(true);
            // as high as they go: the folded cards' heights stop them under their headers
            split.setDividerPositions(0, 0);
        } else {
            cardA.fold(false);
            cardB.fold(false);
            double[] back = normalDividers;
            normalDividers = null;
            if (back != null) {
                // the split places its dividers in order, each short of where the next one is: going
                // down, A's stopped above B's folded place; once B's is down, A's goes where it was
                for (int pass = 0; pass < back.length; pass++) {
                    split.setDividerPositions(back);
                    split.layout();
                }
            }
            if (refitPending) {
                refitSoon(); // "Fit CPU lanes" turned on or off while the table had the tab
            }
        }
    }

    /** Whether the table has the whole tab, A and B folded to their headers. */
    javafx.beans.property.BooleanProperty tableMaximizedProperty() {
        return tableMaximized;
    }

    /**
     * The dividers a workspace saves while the table has the whole tab: where they go back to, the
     * split as the user arranged it; a reopened workspace shows A's and B's timelines. With "Fit
     * CPU lanes" on, where the dividers were before it moved them too, so that turning it off in
     * the reopened workspace gives the table back its room.
     */
    org.schedlab.ui.PanelLayout.SetAside dividersSetAside() {
        return new org.schedlab.ui.PanelLayout.SetAside() {
            @Override
            public Optional<double[]> positions() {
                return Optional.ofNullable(normalDividers).map(double[]::clone);
            }

            @Override
            public void goBack() {
                tableMaximized.set(false);
            }

            @Override
            public Optional<double[]> beforeFit() {
                if (!fitOn() || dividersBeforeFit == null || dividersFitted == null) {
                    return Optional.empty();
                }
                double[] shown = normalDividers != null ? normalDividers : split.getDividerPositions();
                return split.getHeight() >= 1 && movedSince(shown, dividersFitted) ? Optional.empty()
                        : Optional.of(dividersBeforeFit.clone());
            }

            @Override
            public void restored(double[] placed, Optional<double[]> beforeFit) {
                dividersBeforeFit = beforeFit.map(double[]::clone).orElse(null);
                dividersFitted = beforeFit.isPresent() ? placed.clone() : null;
                refitSoon();
            }
        };
    }

    /** The widest the "both: ..." note gets on the bar; its tooltip has it whole. */
    static final double BOTH_MAX_WIDTH = 240;

    /** The "both: ..." note's tooltip for the values {@code both} ("arch=arm64"). */
    static String bothTip(String both) {
        return both.isEmpty() ? "" : "A and B both ran with " + both + ", not the scenario's value"
                + (both.contains(" ") ? "s" : "") + " (the headers name what differs between them)";
    }

    /** The TCP table's tab, what its text adds while neither side counted TCP, and its tooltips. */
    static final String TCP_TAB = "TCP as Wireshark shows it";
    static final String TCP_TAB_NONE = " (no TCP counters)";
    static final String TCP_TAB_TIP = "Both sides' TCP counters as Wireshark's expert info names them: the table"
            + " 'schedlab compare' ends with";
    static final String TCP_TAB_NONE_TIP = "Neither side counted TCP: a side needs TCP counters - an s390-uperf run,"
            + " or nstat or Wireshark files put on it";
    static final String TCP_TAB_WAIT_TIP = "Shows once both sides have run, if a side counted TCP";
    /**
     * What the table beside the title is: the rows `compare` prints, or the TCP table (the one `compare`
     * ends with). The deltas' columns name themselves: "metric, A (base), B (test), B/A - the rows
     * of 'schedlab compare'" before them was cut to "... B/A - the ..." in a 1024 px window, beside
     * the TCP tab's "(no TCP counters)".
     */
    static final String DELTAS_TITLE = "the rows of 'schedlab compare'";
    /**
     * What the TCP table's rows are, as its head says ("Wireshark warning / note"): Wireshark's
     * expert info rates a duplicate ACK and a (fast, spurious) retransmission a Note, an
     * out-of-order segment and a segment not captured a Warning (packet-tcp.c's expert fields).
     * "Wireshark warnings" above a head of "warning / note" named only some of them, and the two
     * disagreed one above the other.
     */
    static final String TCP_ROWS = "Wireshark warnings / notes";
    /**
     * The TCP table's title, short enough for two lines beside the tabs in a 1024 px window: at
     * 98 characters ("Wireshark warning or note, A's and B's counts, change B/A - the table
     * 'schedlab compare' ends with") it was cut there to "... - the tabl...". The tab's tooltip
     * says whose table it is.
     */
    static final String TCP_TITLE = TCP_ROWS + ", A's and B's counts, change B/A";

    /**
     * The TCP table's title for sides of {@code seedsA} and {@code seedsB} seeds: with more than
     * one its counts are each side's mean ({@link LabViewSources#wiresharkText}), as 'compare' says
     * in its head, not counts a run made.
     */
    static String tcpTitle(int seedsA, int seedsB) {
        if (seedsA <= 1 && seedsB <= 1) {
            return TCP_TITLE;
        }
        if (seedsA == seedsB) {
            // "A's and B's means of 2 seeds" after the longer TCP_ROWS was cut at 1024 px to "chang..."
            return TCP_ROWS + ", means of " + seedsA + " seeds a side, change B/A";
        }
        return TCP_ROWS + ", counts (A: " + seedsOrRun(seedsA) + ", B: " + seedsOrRun(seedsB) + "), change B/A";
    }

    /** A side's counts: {@code mean of 3 seeds}, or {@code one run}. */
    private static String seedsOrRun(int seeds) {
        return seeds <= 1 ? "one run" : "mean of " + seeds + " seeds";
    }

    private static int seedsOf(CompareViewModel vm, CompareViewModel.Side s) {
        return vm.side(s).outcome().map(RunOutcome::seeds).orElse(1);
    }

    /** The delta table's tabs, by the names a workspace saves them with. */
    static final List<String> TABLE_TAB_NAMES = List.of("deltas", "tcp");

    /** The delta table's tabs: the A/B deltas, TCP as Wireshark shows it. */
    TabPane tables() {
        return tables;
    }

    /** A over B over the delta table. */
    SplitPane split() {
        return split;
    }

    private static TimelineCard card(CompareViewModel vm, CompareViewModel.Side s) {
        var label = Bindings.createStringBinding(() -> vm.describe(s),
                vm.side(CompareViewModel.Side.A).outcomeProperty(), vm.side(CompareViewModel.Side.B).outcomeProperty(),
                vm.side(CompareViewModel.Side.A).timelineOverridesProperty(),
                vm.side(CompareViewModel.Side.B).timelineOverridesProperty());
        String id = "ab-" + s.name().toLowerCase(java.util.Locale.ROOT);
        TimelineCard card = new TimelineCard(id, s.name(), vm.side(s), vm.selectionProperty(), label).stacked();
        Label missing = new Label();
        missing.setId(id + "-data-missing");
        missing.setMinWidth(Region.USE_PREF_SIZE);
        missing.setStyle("-fx-background-color: -color-warning-subtle; -fx-text-fill: -color-warning-fg;"
                + " -fx-padding: 1 8 1 8; -fx-background-radius: 8;");
        var unshown = vm.unshownDataProperty(s);
        missing.textProperty().bind(Bindings.createStringBinding(
                () -> unshown.get().map(ComparePane::unshownNote).orElse(""), unshown));
        LazyTooltip.following(Bindings.createStringBinding(
                () -> unshown.get().map(u -> unshownDetails(s, u)).orElse(""), unshown), tip -> {
                    tip.setWrapText(true);
                    tip.setMaxWidth(520);
                }).installOn(missing);
        missing.visibleProperty().bind(missing.textProperty().isNotEmpty());
        missing.managedProperty().bind(missing.textProperty().isNotEmpty());
        card.addToHead(missing);
        return card;
    }

    /** The header's note on a side whose own data is not shown: "gone.json missing: shows its simulation; a save keeps gone.json". */
    static String unshownNote(CompareViewModel.UnshownData u) {
        String name = u.name();
        return u.why().isEmpty() ? "reading " + name + ": shows its simulation meanwhile"
                : name + " missing: shows its simulation; a save keeps " + name;
    }

    /** The same at length, for the tooltip and the parameter panel. */
    static String unshownDetails(CompareViewModel.Side s, CompareViewModel.UnshownData u) {
        String name = u.name();
        if (u.why().isEmpty()) {
            return "Side " + s + "'s data, " + name + ", is being read; the side shows its simulation until it is.";
        }
        return "Side " + s + "'s data, " + name + ", could not be read when the workspace was opened (" + u.why()
                + "), so the side shows its simulation. Saving the workspace keeps " + name + " as this side's data,"
                + " so it shows again when the workspace is opened with the file back; changing this side's"
                + " parameters, putting other data on it or opening a scenario replaces it.";
    }

    /** The parameter panel of the side being edited. */
    ParameterPanel parameterPanel() {
        return editorPanel;
    }

    private Region editor(CompareViewModel vm) {
        ToggleGroup group = new ToggleGroup();
        ToggleButton editA = new ToggleButton("Edit _A");
        editA.setId("ab-edit-a");
        ToggleButton editB = new ToggleButton("Edit _B");
        editB.setId("ab-edit-b");
        editA.setToggleGroup(group);
        editB.setToggleGroup(group);
        editA.setMaxWidth(Double.MAX_VALUE);
        editB.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(editA, Priority.ALWAYS);
        HBox.setHgrow(editB, Priority.ALWAYS);
        (vm.editingProperty().get() == CompareViewModel.Side.A ? editA : editB).setSelected(true);
        group.selectedToggleProperty().addListener((obs, o, n) -> {
            if (n == null) {
                o.setSelected(true); // one side is always being edited
            } else {
                vm.editingProperty().set(n == editA ? CompareViewModel.Side.A : CompareViewModel.Side.B);
            }
        });
        // Alt+A / Alt+B: a letter fires the button's action only, which selects no toggle by itself
        for (ToggleButton side : List.of(editA, editB)) {
            side.addEventHandler(javafx.event.ActionEvent.ACTION, e -> side.setSelected(true));
        }
        // and the other way: a sweep point opened as A shows A's panel, and the toggle says so
        vm.editingProperty().addListener((obs, o, n) -> (n == CompareViewModel.Side.A ? editA : editB)
                .setSelected(true));
        ReadOnlyObjectWrapper<ParameterPanelViewModel> edited = new ReadOnlyObjectWrapper<>();
        Runnable follow = () -> edited.set(vm.panel(vm.editingProperty().get()));
        vm.editingProperty().addListener((Observable o) -> follow.run());
        vm.panelProperty(CompareViewModel.Side.A).addListener((Observable o) -> follow.run());
        vm.panelProperty(CompareViewModel.Side.B).addListener((Observable o) -> follow.run());
        follow.run();
        // the side first: a built-in scenario's title begins "Case A", which is no side
        ParameterPanel panel = new ParameterPanel(edited.getReadOnlyProperty(),
                Bindings.createStringBinding(() -> vm.editingProperty().get().name(), vm.editingProperty()));
        editorPanel = panel;
        Label datasetNote = new Label("This side shows an opened dataset; change a parameter to simulate it again.");
        datasetNote.setWrapText(true);
        datasetNote.setStyle("-fx-text-fill: -color-fg-muted; -fx-padding: 4 10 0 10;");
        var showsDataset = Bindings.createBooleanBinding(
                () -> vm.showsDatasetProperty(vm.editingProperty().get()).get(), vm.editingProperty(),
                vm.showsDatasetProperty(CompareViewModel.Side.A), vm.showsDatasetProperty(CompareViewModel.Side.B));
        datasetNote.visibleProperty().bind(showsDataset);
        datasetNote.managedProperty().bind(showsDataset);
        // the edited side's own data that a reopened workspace could not show: what a save does with it
        Label unshownNote = new Label();
        unshownNote.setId("ab-data-missing-note");
        unshownNote.setWrapText(true);
        unshownNote.setMinHeight(Region.USE_PREF_SIZE); // all its lines: the VBox would cut it to one
        unshownNote.setStyle("-fx-text-fill: -color-warning-fg; -fx-padding: 4 10 0 10;");
        unshownNote.textProperty().bind(Bindings.createStringBinding(() -> {
            CompareViewModel.Side s = vm.editingProperty().get();
            return vm.unshownDataProperty(s).get().map(u -> unshownDetails(s, u)).orElse("");
        }, vm.editingProperty(), vm.unshownDataProperty(CompareViewModel.Side.A),
                vm.unshownDataProperty(CompareViewModel.Side.B)));
        unshownNote.visibleProperty().bind(unshownNote.textProperty().isNotEmpty());
        unshownNote.managedProperty().bind(unshownNote.textProperty().isNotEmpty());
        HBox toggles = new HBox(4, editA, editB);
        toggles.setPadding(new Insets(8, 10, 0, 10));
        // as wide as the panel wants (wider than WIDTH_PX for long names), not as the notes' one line
        VBox box = new VBox(toggles, datasetNote, unshownNote, panel) {
            @Override
            protected double computePrefWidth(double height) {
                return snappedLeftInset() + panel.prefWidth(-1) + snappedRightInset();
            }
        };
        VBox.setVgrow(panel, Priority.ALWAYS);
        return box;
    }

    private static Button button(String id, String text, FontIcon icon, Runnable action) {
        Button b = new Button(text, icon);
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    /**
     * A check box its Alt letter ticks and unticks as a click does: JavaFX's letter only fires the
     * box's action, which leaves it as it was (Alt+L did nothing to Link lanes).
     */
    static final class LetteredCheckBox extends CheckBox {
        private boolean firing;

        LetteredCheckBox(String text) {
            super(text);
            addEventHandler(javafx.event.ActionEvent.ACTION, e -> {
                if (!firing) { // the letter's action, not a click's or Space's (those come through fire)
                    e.consume();
                    fire();
                }
            });
        }

        @Override
        public void fire() {
            firing = true;
            try {
                super.fire();
            } finally {
                firing = false;
            }
        }
    }

    private static HBox group(javafx.scene.Node... nodes) {
        HBox h = new HBox(6, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        for (javafx.scene.Node n : nodes) {
            if (n instanceof Separator sep) {
                sep.setPrefHeight(24);
            }
        }
        return h;
    }

    /**
     * The A/B bar: its groups on one row as long as they fit, first with every label, then with
     * {@code compacting}'s buttons showing only their icons; past that a group that does not fit
     * starts a second row, its separator hidden there (it would separate it from nothing). The
     * labels' widths are those measured while they showed, so the bar takes them back as soon
     * as the window is wide enough again. {@code aside} (a message that wraps on its own row)
     * does not count.
     */
    static final class CompactingBar extends FlowPane {
        private final List<Button> compacting;
        private final javafx.scene.Node aside;
        private final java.util.Map<Button, Double> labelledWidth = new java.util.HashMap<>();
        private boolean compact;

        CompactingBar(List<Button> compacting, javafx.scene.Node aside, javafx.scene.Node... children) {
            super(6, 6, children);
            this.compacting = compacting;
            this.aside = aside;
        }

        /** The width of the bar on one row with every label shown. */
        private double labelledRowWidth() {
            double w = snappedLeftInset() + snappedRightInset();
            int shown = 0;
            for (javafx.scene.Node n : getChildren()) {
                if (n == aside || !n.isManaged() || !n.isVisible()) {
                    continue;
                }
                w += n.prefWidth(-1);
                if (n instanceof HBox g) {
                    for (javafx.scene.Node c : g.getChildren()) {
                        if (c instanceof Button b && labelledWidth.containsKey(b)) {
                            w += labelledWidth.get(b) - b.prefWidth(-1);
                        }
                    }
                }
                shown++;
            }
            return w + Math.max(0, shown - 1) * snapSpaceX(getHgap());
        }

        /** Shows the labels or only the icons, as {@code width} has room for. */
        private void compactFor(double width) {
            if (!compact) {
                for (Button b : compacting) {
                    labelledWidth.put(b, b.prefWidth(-1));
                }
            }
            boolean narrow = width < labelledRowWidth();
            if (narrow != compact) {
                compact = narrow;
                for (Button b : compacting) {
                    b.setContentDisplay(narrow ? javafx.scene.control.ContentDisplay.GRAPHIC_ONLY
                            : javafx.scene.control.ContentDisplay.LEFT);
                }
            }
        }

        /**
         * The height for {@code width} with the buttons as they will be at that width: the window
         * asks before it lays the bar out, and a first screen at 1280 px took two rows' height
         * for the bar (the A/B split, placed once, kept its dividers where that left them).
         */
        @Override
        protected double computePrefHeight(double width) {
            if (width > 0) {
                compactFor(width);
            }
            return super.computePrefHeight(width);
        }

        @Override
        protected void layoutChildren() {
            compactFor(getWidth());
            super.layoutChildren();
            for (javafx.scene.Node n : getChildren()) {
                if (n instanceof HBox g && !g.getChildren().isEmpty() && g.getChildren().get(0) instanceof Separator sep) {
                    sep.setVisible(g.getLayoutX() > snappedLeftInset() + 1);
                }
            }
        }
    }

    /**
     * The delta table's tabs with the table's title and the note on what it waits for beside them,
     * on the tabs' row, cut before they would cover a tab: on a row of their own they took the
     * height of two CPU lanes from A's and B's timelines in a 1280 x 720 window.
     */
    static final class TabsWithHead extends Region {
        private final TabPane tabs;
        private final Region head;
        private final Region corner;

        /** {@code corner} (the maximize toggle) sits at the right end of the tabs' row. */
        TabsWithHead(TabPane tabs, Region head, Region corner) {
            this.tabs = tabs;
            this.head = head;
            this.corner = corner;
            getChildren().addAll(tabs, head, corner);
        }

        @Override
        protected double computeMinHeight(double width) {
            return tabs.minHeight(width);
        }

        @Override
        protected double computePrefHeight(double width) {
            return tabs.prefHeight(width);
        }

        @Override
        protected double computePrefWidth(double height) {
            return tabs.prefWidth(height);
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth();
            tabs.resizeRelocate(0, 0, w, getHeight());
            tabs.layout(); // the tab headers' own layout: the head goes right of them
            javafx.scene.Node headers = tabs.lookup(".headers-region");
            javafx.scene.Node area = tabs.lookup(".tab-header-area");
            if (headers == null || area == null) {
                head.setVisible(false);
                corner.setVisible(false);
                return;
            }
            javafx.geometry.Bounds tabsEnd = sceneToLocal(headers.localToScene(headers.getLayoutBounds()));
            javafx.geometry.Bounds row = sceneToLocal(area.localToScene(area.getLayoutBounds()));
            corner.setVisible(true);
            double cw = snapSizeX(corner.prefWidth(-1));
            double ch = Math.min(snapSizeY(corner.prefHeight(cw)), row.getHeight());
            double cx = snapPositionX(w - 4 - cw);
            corner.resizeRelocate(cx, snapPositionY(row.getMinY() + (row.getHeight() - ch) / 2), cw, ch);
            double x = snapPositionX(tabsEnd.getMaxX() + 16);
            double room = cx - x - 8;
            head.setVisible(room >= 40);
            head.resizeRelocate(x, row.getMinY(), Math.max(0, room), row.getHeight());
        }
    }

    /**
     * The empty table's text: what it waits for, a line per side. Only the "; " before a side's
     * name starts a line; a side's own status has semicolons of its own ("(warm-up included;
     * timeline at 300)") that must not cut it in two.
     */
    static String placeholderText(String pending) {
        return pending.isEmpty() ? "the table appears when both sides have a result"
                : "the table appears when both sides' summaries are in\n\n"
                + pending.replaceFirst("^table pending - ", "").replaceAll("; (?=[AB]: )", "\n");
    }

    TimelineCard card(CompareViewModel.Side s) {
        return s == CompareViewModel.Side.A ? cardA : cardB;
    }
}
