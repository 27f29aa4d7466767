package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.schedlab.analysis.SweepMetric;
import org.schedlab.ui.LazyTooltip;

/**
 * The sweep workspace: pick one or two parameters of the live workspace's scenario and their
 * values (suggested when a parameter is picked, editable as {@code V1,V2,...}), seeds per point
 * and threads, then Run. Results stream into the plot; clicking a point opens that run in the
 * live workspace, and its right-click menu opens it as A or B on the A/B tab.
 */
final class SweepPane extends BorderPane {
    static final String NONE = "(none)";
    /** Seeds per point the sweep tab offers (the CLI takes more). */
    static final int MAX_SEEDS = 100;
    /**
     * The Plot chooser's width, whatever the metrics' names: sized to its items it grew from its
     * prompt's ~215 px to ~390 once a long site name arrived and pushed the status along the row.
     * Its popup is as wide as its longest item; the tooltip names the pick whole.
     */
    static final double METRIC_WIDTH_PX = 240;
    /**
     * The two parameter choosers' width, the same whatever they show: each took its pick's width,
     * so "Vary" and "and" had their values fields at different places, and the first moved right as
     * "preemption" was picked. Room for the longest key (s390-uperf's "vhostWeightPackets").
     */
    static final double KEY_WIDTH_PX = 200;

    /**
     * What the tab's export buttons do: File > Export view as PNG, File > Export sweep points as
     * CSV and Edit > Copy sweep table as text, through the window's export commands.
     */
    record Exports(Runnable png, Runnable csv, Runnable copy) {
    }

    private final SweepPlotView plotView;

    SweepPane(LabViewModel lab, Exports exports) {
        setId("sweep-pane");
        SweepViewModel vm = lab.sweep();
        Label scenario = new Label();
        scenario.setId("sweep-scenario");
        scenario.setWrapText(true);
        lab.livePanelProperty().addListener((obs, o, n) -> scenario.setText(describe(vm)));
        vm.previousScenarioProperty().addListener((obs, o, n) -> scenario.setText(describe(vm)));
        ComboBox<String> key1 = new ComboBox<>();
        key1.setId("sweep-key1");
        key1.setPromptText("parameter");
        LazyTooltip.install(key1, "The parameter to vary; picking one fills in values to try");
        // the prompt again once another scenario clears the pick: a ComboBox's own cell stays
        // blank when its value goes back to null, and the box looked broken
        key1.setButtonCell(new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? key1.getPromptText() : item);
                setStyle(empty || item == null ? "-fx-text-fill: -color-fg-muted;" : "");
            }
        });
        TextField values1 = new TextField();
        values1.setId("sweep-values1");
        ComboBox<String> key2 = new ComboBox<>();
        key2.setId("sweep-key2");
        TextField values2 = new TextField();
        values2.setId("sweep-values2");
        for (ComboBox<String> key : List.of(key1, key2)) {
            key.setPrefWidth(KEY_WIDTH_PX);
            key.setMinWidth(KEY_WIDTH_PX);
            key.setMaxWidth(KEY_WIDTH_PX);
        }
        for (TextField f : List.of(values1, values2)) {
            f.setPrefColumnCount(22);
            f.setPromptText("V1,V2,...");
            LazyTooltip.install(f, "Values separated by commas, as 'schedlab sweep --vary KEY=V1,V2,...' takes them");
            HBox.setHgrow(f, Priority.ALWAYS);
        }
        values1.textProperty().bindBidirectional(vm.values1Property());
        values2.textProperty().bindBidirectional(vm.values2Property());
        Runnable fillKeys = () -> {
            // not the seed (seeds per point are their own setting), nor what the workload never
            // reaches: a sweep of it draws flat lines
            List<String> keys = vm.scenario().map(s -> new ArrayList<>(s.params().values().stream()
                    .filter(d -> !d.isUnused()).map(d -> d.key()).toList())).orElse(new ArrayList<>());
            keys.remove("seed");
            key1.getItems().setAll(keys);
            List<String> k2 = new ArrayList<>(keys);
            k2.add(0, NONE);
            key2.getItems().setAll(k2);
            // replacing the items clears the combos' values: "and" went blank instead of (none),
            // and a key the new scenario lacks stayed the one the sweep would vary, unseen
            for (var key : List.of(vm.key1Property(), vm.key2Property())) {
                if (!key.get().isEmpty() && !keys.contains(key.get())) {
                    key.set("");
                    (key == vm.key1Property() ? vm.values1Property() : vm.values2Property()).set("");
                }
            }
            key1.setValue(vm.key1Property().get().isEmpty() ? null : vm.key1Property().get());
            key2.setValue(vm.key2Property().get().isEmpty() ? NONE : vm.key2Property().get());
            scenario.setText(describe(vm));
        };
        lab.livePanelProperty().addListener((obs, o, n) -> fillKeys.run());
        lab.live().outcomeProperty().addListener((obs, o, n) -> scenario.setText(describe(vm)));
        // the base as the Live panel has it now: a change whose run was cancelled, or has not
        // finished, is the base the sweep runs with (it said "the scenario's own" meanwhile)
        vm.baseProperty().addListener((obs, o, n) -> scenario.setText(describe(vm)));
        // ... and the plot's, once the two differ: the header named the new base above the old one's curve
        vm.baseChangedProperty().addListener((obs, o, n) -> scenario.setText(describe(vm)));
        fillKeys.run();
        key1.setOnAction(e -> {
            if (key1.getValue() != null && !key1.getValue().equals(vm.key1Property().get())) {
                vm.key1Property().set(key1.getValue());
                vm.values1Property().set(String.join(",", vm.suggestedValues(key1.getValue())));
            }
        });
        key2.setOnAction(e -> {
            // replacing the items (the Live panel's values changed: a point opened there) blanks the
            // combo: no pick - taken as (none), it dropped the second parameter and its values
            if (key2.getValue() == null) {
                return;
            }
            String k = key2.getValue().equals(NONE) ? "" : key2.getValue();
            if (!k.equals(vm.key2Property().get())) {
                vm.key2Property().set(k);
                vm.values2Property().set(k.isEmpty() ? "" : String.join(",", vm.suggestedValues(k)));
            }
        });
        vm.key1Property().addListener((obs, o, n) -> key1.setValue(n.isEmpty() ? null : n));
        vm.key2Property().addListener((obs, o, n) -> key2.setValue(n.isEmpty() ? NONE : n));
        key2.setValue(NONE);
        values2.disableProperty().bind(vm.key2Property().isEmpty());

        ParamControl.Count seeds = ParamControl.count("sweep-seeds", "seeds per point", 1, MAX_SEEDS, vm.seedsProperty(),
                "Seeds per point: each point is the mean of this many runs");
        seeds.spinner().setPrefWidth(80);
        int cores = Runtime.getRuntime().availableProcessors();
        ParamControl.Count threads = ParamControl.count("sweep-threads", "threads", 1, Math.max(cores * 2, 2),
                vm.threadsProperty(), "Runs in parallel; each run uses one core (" + cores + " here)");
        threads.spinner().setPrefWidth(80);
        Button run = new Button("_Run sweep", new FontIcon(MaterialDesignP.PLAY));
        run.setId("sweep-run");
        run.getStyleClass().add("accent");
        boolean[] runPressed = {false}; // the sweep running was started by Run sweep, which had the keyboard
        run.setOnAction(e -> {
            // a refused seeds or threads entry (its message shows) is not silently run with the old value
            if (!seeds.refused() && !threads.refused()) {
                runPressed[0] = vm.start();
            }
        });
        run.disableProperty().bind(vm.runningProperty().or(seeds.error().visibleProperty())
                .or(threads.error().visibleProperty()));
        // Enter where the values were typed runs them, as Run sweep does (a greyed-out one does
        // nothing): the keyboard went four Tabs on to reach it
        for (TextField f : List.of(values1, values2)) {
            f.setOnAction(e -> run.fire());
        }
        Button cancel = new Button("_Cancel", new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE));
        cancel.setId("sweep-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.runningProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.setId("sweep-progress");
        // under the status, as wide as the room the row leaves it: beside it, 140 px of its own made
        // the row wider than a 1024 px window, and the bar, the status and Copy table went off its edge
        progress.setMinWidth(0);
        progress.setMaxWidth(Double.MAX_VALUE);
        progress.progressProperty().bind(vm.progressProperty());
        // hidden when idle but still laid out: coming and going, it moved the plot down and up
        progress.visibleProperty().bind(vm.runningProperty());
        Label status = new Label();
        status.setId("sweep-status");
        status.textProperty().bind(vm.statusProperty());
        // last in its row, taking the room left and wrapping there: a long status (a picked metric
        // this sweep does not report) squeezed the buttons and the chooser to "Ru..." and "..."
        status.setWrapText(true);
        status.setMinWidth(0);
        status.setMaxWidth(Double.MAX_VALUE);
        // two lines' height from the start: at 1024 px the column is ~125 px wide and "0 of 40 runs
        // on 2 threads" wraps there, so the row grew and the plot jumped down ~8 px as a sweep started
        // (and back as it ended). Wider windows show one line in it, centred; a long status (a metric
        // the sweep lost) takes the second line at any width, so this is the height it needs anyway
        status.minHeightProperty().bind(Bindings.createDoubleBinding(() -> twoLines(status.getFont())
                + status.getInsets().getTop() + status.getInsets().getBottom(),
                status.fontProperty(), status.insetsProperty()));
        VBox statusColumn = new VBox(2, status, progress);
        statusColumn.setAlignment(Pos.CENTER_LEFT);
        statusColumn.setMinWidth(0);
        statusColumn.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(statusColumn, Priority.ALWAYS);
        ComboBox<SweepMetric> metric = new ComboBox<>(vm.metrics());
        metric.setId("sweep-metric");
        metric.setPromptText("top profile site share");
        metric.setVisibleRowCount(16);
        metric.setPrefWidth(METRIC_WIDTH_PX);
        metric.setMaxWidth(METRIC_WIDTH_PX);
        // the prompt again once the value goes back to null (the top site): a ComboBox's own cell
        // stays blank then
        metric.setButtonCell(new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(SweepMetric item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? metric.getPromptText() : item.label());
                setStyle(empty || item == null ? "-fx-text-fill: -color-fg-muted;" : "");
            }
        });
        // the pick's whole name first: the box shows a long one cut short
        LazyTooltip.following(Bindings.createStringBinding(() -> {
            SweepMetric m = vm.metricProperty().get();
            String site = vm.plotProperty().get().metricLabel();
            String shown = m != null ? m.label() : site.isEmpty() ? "" : "top profile site share: " + site;
            return (shown.isEmpty() ? "" : "Plotted: " + shown + "\n\n")
                    + "What the lower plot shows: a profile site's share of CPU time (the sweep's top site until you"
                    + " pick another), an operation's latency mean or p99 as its benchmark times it, a task group's"
                    + " run-queue latency (wake-up to running: mean, p50, p99, max), or a lock's mean wait or holder"
                    + " preemptions - whatever the sweep's runs report";
        }, vm.metricProperty(), vm.plotProperty()), tip -> {
            tip.setWrapText(true);
            tip.setMaxWidth(480);
        }).installOn(metric);
        metric.setOnAction(e -> {
            // replacing the items as runs stream in may blank the combo: that is no pick
            if (metric.getValue() != null && !metric.getValue().equals(vm.metricProperty().get())) {
                vm.metricProperty().set(metric.getValue());
            }
        });
        vm.metricProperty().addListener((obs, o, n) -> metric.setValue(n));
        vm.metrics().addListener((javafx.collections.ListChangeListener<SweepMetric>) c -> {
            if (!java.util.Objects.equals(metric.getValue(), vm.metricProperty().get())) {
                metric.setValue(vm.metricProperty().get());
            }
        });
        metric.disableProperty().bind(Bindings.isEmpty(vm.metrics()));
        // Run sweep greys out while its sweep runs, and the keyboard moves on to Cancel, then to the
        // Plot chooser when Cancel greys out too: once the sweep ends it goes back to Run sweep, so
        // Enter runs the next one - unless the user took it elsewhere meanwhile
        vm.runningProperty().addListener((obs, was, running) -> {
            if (!running && runPressed[0]) {
                runPressed[0] = false;
                javafx.application.Platform.runLater(() -> {
                    javafx.scene.Node owner = getScene() == null ? null : getScene().getFocusOwner();
                    if (owner == null || owner == cancel || owner == metric) {
                        run.requestFocus();
                    }
                });
            }
        });
        Label problem = new Label();
        problem.setId("sweep-problem");
        problem.setWrapText(true);
        problem.setStyle("-fx-text-fill: -color-danger-fg; -fx-font-weight: bold;");
        problem.textProperty().bind(vm.problemProperty());
        problem.managedProperty().bind(Bindings.isNotEmpty(vm.problemProperty()));

        // as the A/B tab's Copy table, with an icon and a tooltip; idle while there is nothing
        // finished to export (no sweep yet, or one still drawing its curve). Their Alt letters:
        // P, X and Y - C is Cancel's, and E, S and V open the Edit, Simulate and View menus
        Button png = button("sweep-export-png", "Export _PNG", new FontIcon(MaterialDesignF.FILE_IMAGE_OUTLINE),
                exports.png(), "Export PNG: the plot as on screen with a caption (scenario, what varies, the base,"
                        + " seeds, metric, version) for a review thread; File > Export view as SVG gives a vector one");
        Button csv = button("sweep-export-csv", "E_xport CSV", new FontIcon(MaterialDesignT.TABLE_ARROW_RIGHT),
                exports.csv(), "Export CSV: one row per point and seed, the columns of summary.csv as"
                        + " 'schedlab sweep --out' writes it");
        Button copy = button("sweep-copy", "Cop_y table", new FontIcon(MaterialDesignC.CONTENT_COPY), exports.copy(),
                "Copy table: each point's throughput and metric as plain text (72 columns) for a mail, as"
                        + " 'schedlab sweep' prints it");
        for (Button b : List.of(png, csv, copy)) {
            b.disableProperty().bind(vm.resultReady().not());
        }

        // on the first row, whose values field gives them room: the third row's status needs its rest
        // the row names one column wide, so the choosers and values of the two rows line up
        Label vary = new Label("Vary");
        Label and = new Label("and");
        Runnable nameColumn = () -> {
            double w = Math.ceil(Math.max(vary.prefWidth(-1), and.prefWidth(-1)));
            vary.setMinWidth(w);
            and.setMinWidth(w);
        };
        vary.fontProperty().addListener((obs, o, f) -> nameColumn.run());
        and.fontProperty().addListener((obs, o, f) -> nameColumn.run());
        nameColumn.run();
        HBox row1 = row(vary, key1, values1,
                new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL), png, csv, copy);
        for (Button b : List.of(png, csv, copy)) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        HBox row2 = row(and, key2, values2);
        HBox row3 = row(new Label("Seeds per point"), seeds.spinner(), new Label("Threads"), threads.spinner(), run,
                cancel, new Label("Plot"), metric, statusColumn);
        row3.getChildren().stream().filter(n -> n != statusColumn && n instanceof javafx.scene.layout.Region)
                .forEach(n -> ((javafx.scene.layout.Region) n).setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE));
        VBox form = new VBox(6, scenario, row1, row2, row3, seeds.error(), threads.error(), problem);
        form.setPadding(new Insets(8, 10, 8, 10));
        setTop(form);
        plotView = new SweepPlotView(vm.plotProperty(), vm::openPoint, (side, i) -> vm.openPointAs(i, side));
        // on the plot, not only in the header above the form: the curve is another scenario's
        Label previous = new Label();
        previous.setId("sweep-previous");
        previous.setWrapText(true);
        previous.setMaxWidth(Double.MAX_VALUE);
        previous.setStyle("-fx-background-color: -color-warning-subtle; -fx-text-fill: -color-warning-fg;"
                + " -fx-padding: 4 10 4 10; -fx-font-weight: bold;");
        previous.textProperty().bind(Bindings.createStringBinding(() -> previousNote(vm),
                vm.previousScenarioProperty(), lab.livePanelProperty()));
        previous.visibleProperty().bind(vm.previousScenarioProperty().isNotEmpty());
        previous.managedProperty().bind(previous.visibleProperty());
        VBox.setVgrow(plotView, Priority.ALWAYS);
        setCenter(new VBox(previous, plotView));
    }

    /** The height of two lines of text in {@code font}, as a label draws them. */
    static double twoLines(javafx.scene.text.Font font) {
        javafx.scene.text.Text t = new javafx.scene.text.Text("Xg\nXg");
        t.setFont(font);
        t.setBoundsType(javafx.scene.text.TextBoundsType.LOGICAL_VERTICAL_CENTER); // as a Label measures its text
        return Math.ceil(t.getLayoutBounds().getHeight());
    }

    /** The plot as on screen (its size is the exported picture's). */
    SweepPlotView plotView() {
        return plotView;
    }

    private static Button button(String id, String text, FontIcon icon, Runnable action, String tooltip) {
        Button b = new Button(text, icon);
        b.setId(id);
        b.setOnAction(e -> action.run());
        LazyTooltip.install(b, tooltip);
        return b;
    }

    private static String describe(SweepViewModel vm) {
        String previous = vm.previousScenarioProperty().get();
        return vm.scenario().map(s -> "Sweeps " + vm.scenarioName() + " with the Live run tab's values as the base"
                + (vm.base().isEmpty() ? " (the scenario's own)" : ": " + RunTask.label(vm.base()))
                + ". Click a point to open its run in the Live tab; right-click it to open it as A or B."
                + (previous.isEmpty() ? "" : " The plot below is still the sweep of " + previous
                        + ", the scenario open before; Run sweep replaces it.")
                + (!vm.baseChangedProperty().get() ? "" : " The plot below was swept over "
                        + vm.plottedBase().map(b -> b.isEmpty() ? "the scenario's own values" : RunTask.label(b))
                                .orElse("")
                        + ", before the base changed; Run sweep sweeps over the values above."))
                .orElse("Open a scenario in the Live tab first.");
    }

    /** Above the plot while it is the sweep of a scenario the Live tab has left; empty otherwise. */
    private static String previousNote(SweepViewModel vm) {
        String previous = vm.previousScenarioProperty().get();
        if (previous.isEmpty()) {
            return "";
        }
        String now = vm.scenarioName().isEmpty() ? "the scenario open now" : vm.scenarioName();
        // the exports' captions and the copied table name it as this does (SweepViewModel.sweptScenarioName)
        return "The previous scenario's sweep: " + previous + ", not " + now + ". Its points open and its exports"
                + " show " + previous + " runs; Run sweep sweeps " + now + ".";
    }

    private static HBox row(javafx.scene.Node... nodes) {
        HBox h = new HBox(8, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }
}
