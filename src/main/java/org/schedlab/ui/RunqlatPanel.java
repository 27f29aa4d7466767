package org.schedlab.ui;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import javafx.beans.Observable;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

import org.schedlab.analysis.DatasetSummary;
import org.schedlab.analysis.PlainText;
import org.schedlab.analysis.RunQueueLatency;
import org.schedlab.analysis.RunqlatHistogram;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimeRange;

/**
 * The "runqlat" tab: run-queue latency per comm group as runqlat prints it (log2 buckets in
 * microseconds), for waits that ended in the summary's scope; copyable as plain text for a
 * mailing-list reply. A runqlat import shows its own histograms instead.
 */
final class RunqlatPanel extends VBox {
    /**
     * Where figures from the task lanes come from, and why they exceed perf sched latency's for the
     * same recording: a recent perf sched record captures sched_waking, not sched_wakeup, and perf
     * sched latency then times only waits after an "R" switch-out - its "VM Thread" max read 2.38 ms
     * where a wake-up had waited 10.6 ms (runA_perf_sched_script.txt.gz). Both are right by their
     * own rule; the line says which rule this tab follows.
     */
    static final String FROM_LANES = "From the task lanes: runnable until running, waits ending in the scope.";
    /** Said of a recording only: a simulated run has no sched events for perf to have read otherwise. */
    static final String PERF_RULE = " A wait counts from a wake-up or a preemption; perf sched latency times only"
            + " those after sched_wakeup or an \"R\" switch-out (not sched_waking), so its delays can be fewer"
            + " and shorter.";

    /** Said of a dataset with neither task lanes nor a histogram of its own. */
    static final String NONE = "This dataset has no task lanes and no runqlat histogram: it records which task ran"
            + " on each CPU, not when a task became runnable, so its run-queue waits are unknown.";

    /** The line under the comm group list: where the histograms come from. */
    static String sourceLine(boolean none, boolean recorded, boolean simulated) {
        return none ? NONE
                : recorded ? "From the recording's runqlat histograms (whole recording)."
                : simulated ? FROM_LANES : FROM_LANES + PERF_RULE;
    }

    /** {@code subject} names the dataset in the copied histogram's heading, as the Figures tab's Copy names it. */
    RunqlatPanel(SummaryViewModel summary, Supplier<String> subject) {
        setSpacing(8);
        setPadding(new Insets(8));
        ComboBox<String> group = new ComboBox<>();
        group.setId("runqlat-group");
        TextArea text = new TextArea();
        text.setId("runqlat-text");
        text.setEditable(false);
        text.setStyle("-fx-font-family: monospace; -fx-font-size: 11px;");
        Label source = new Label();
        source.setId("runqlat-source");
        source.getStyleClass().add("text-muted");
        source.setWrapText(true); // where the figures come from is read whole, not "waits ending in th..."
        source.setMinHeight(Label.USE_PREF_SIZE);
        Button copy = new Button("Copy");
        copy.getStyleClass().add("small");
        // the copy is a mail's 72 columns whatever the panel's width
        copy.setOnAction(e -> CopyButton.copy(copy, heading(summary, subject.get(), group.getValue())
                + histogram(summary, group.getValue(), PlainText.WIDTH) + rule(summary)));
        // shown, the bars take the room the panel has: at a laptop's 1280 px the 72 columns ran
        // past the panel's edge, a sideways scroll to see the bars' ends
        Runnable show = () -> text.setText(histogram(summary, group.getValue(), columns(text)));
        group.valueProperty().addListener((Observable o) -> show.run());
        text.skinProperty().addListener((Observable o) -> {
            ScrollPane scroll = (ScrollPane) text.lookup(".scroll-pane");
            if (scroll != null) {
                scroll.viewportBoundsProperty().addListener((ob, was, now) -> {
                    if (Math.abs(was.getWidth() - now.getWidth()) >= 1) {
                        show.run();
                    }
                });
            }
            show.run();
        });
        summary.summaryProperty().addListener((Observable o) -> {
            Map<String, RunqlatHistogram.Histogram> h = summary.summary().map(Summary::runqlat).orElse(Map.of());
            String keep = group.getValue();
            group.getItems().setAll(h.keySet());
            group.setValue(h.containsKey(keep) ? keep : h.containsKey(RunQueueLatency.ALL) ? RunQueueLatency.ALL
                    : h.keySet().stream().findFirst().orElse(null));
            boolean recorded = summary.summary().map(Summary::runqlatFromRecording).orElse(false);
            // perf's rule is said where the lanes show wake-ups and preemptions: a perf sched timehist
            // without --state shows no preemption, its waits are after wake-ups only, fewer than perf's
            source.setText(sourceLine(h.isEmpty() || unknown(summary), recorded, summary.dataset().metadata().simulated()
                    || !DatasetSummary.timesWakeUpsAndPreemptions(summary.dataset())));
            show.run();
        });
        HBox top = new HBox(8, new Label("comm group"), group, copy);
        top.setAlignment(Pos.CENTER_LEFT); // the name on the line of the list's text, not above it
        getChildren().addAll(SelectionPanel.heading("Run-queue latency (runqlat)"), top, source, text);
        VBox.setVgrow(text, Priority.ALWAYS);
    }

    /** In the text area over a dataset that has neither task lanes nor a runqlat histogram. */
    static final String NOT_RECORDED = "no task lanes: no waits to time\n";

    /**
     * Whether the dataset says nothing of run-queue waits: no task lanes to time them on, no
     * histogram of its own. Its all-comms histogram is empty then, and read "no run-queue waits in
     * the scope" under "From the task lanes", a CPU-lanes-only file (the built-in example) looking
     * like one whose tasks never waited.
     */
    private static boolean unknown(SummaryViewModel summary) {
        Optional<Summary> s = summary.summary();
        return s.isPresent() && !s.get().runqlatFromRecording() && summary.dataset().taskLanes().isEmpty();
    }

    /** The selected group's histogram in {@code columns} columns, or why there is none. */
    private static String histogram(SummaryViewModel summary, String group, int columns) {
        Map<String, RunqlatHistogram.Histogram> h = summary.summary().map(Summary::runqlat).orElse(Map.of());
        RunqlatHistogram.Histogram sel = group == null ? null : h.get(group);
        if (unknown(summary)) {
            return NOT_RECORDED;
        }
        return sel == null ? "" : sel.samples() == 0 ? "no run-queue waits in the scope\n"
                : RunqlatHistogram.text(sel, columns);
    }

    /**
     * The columns of the text area's monospace font that fit its view without a sideways scroll;
     * a mail's {@value PlainText#WIDTH} before it is laid out.
     */
    static int columns(TextArea text) {
        ScrollPane scroll = (ScrollPane) text.lookup(".scroll-pane");
        Node content = text.lookup(".content");
        if (scroll == null || scroll.getViewportBounds().getWidth() <= 0) {
            return PlainText.WIDTH;
        }
        double room = scroll.getViewportBounds().getWidth();
        if (content instanceof Region r) {
            room -= r.snappedLeftInset() + r.snappedRightInset();
        }
        Text probe = new Text("0123456789");
        probe.setFont(text.getFont());
        double perColumn = probe.getLayoutBounds().getWidth() / 10;
        // a column spare: the caret, and a width that rounds up
        return Math.max(1, (int) Math.floor(room / perColumn) - 1);
    }

    /**
     * The line over a copied histogram, and a blank one: its file, comm group and the time it
     * covers ("runqlat of runA.txt, comm group postgres: waits ending in window 500..750 ms"), as a
     * mail needs them - the bare histogram said none, so two pasted one under the other could not
     * be told apart, and a reader of the thread could not tell which recording it was of.
     */
    static String heading(SummaryViewModel summary, String subject, String group) {
        Optional<Summary> s = summary.summary();
        if (s.isEmpty() || group == null) {
            return "";
        }
        Dataset d = summary.dataset();
        TimeRange scope = s.get().scope();
        String covers = s.get().runqlatFromRecording() ? "the recording's own histogram (whole recording)"
                : s.get().wholeRun() ? "waits ending in the whole run (" + TimeFormat.duration(d.spanNs()) + ")"
                : "waits ending in window " + DatasetCrop.windowText(scope.startNs() - d.startNs(),
                        scope.endNs() - d.startNs());
        String of = subject == null || subject.isBlank() ? "" : " of " + subject;
        return PlainText.wrap("runqlat" + of + ", comm group " + group + ": " + covers, 2) + "\n\n";
    }

    /**
     * Under a copied histogram of a recording's task lanes, after a blank line: which waits it
     * counts and why perf sched latency's table reads fewer and shorter ({@link #PERF_RULE}), as
     * the line under the list says in the window; pasted alone, runA's "VM Thread" 10.6 ms beside
     * perf's 2.38 ms read as a bug. Empty for a simulated run, a recording's own histogram and one
     * that shows no preemptions (a perf sched timehist without --state).
     */
    static String rule(SummaryViewModel summary) {
        Optional<Summary> s = summary.summary();
        if (s.isEmpty() || s.get().runqlatFromRecording() || unknown(summary)
                || !DatasetSummary.timesWakeUpsAndPreemptions(summary.dataset())) {
            return "";
        }
        return "\n" + PlainText.wrap(PERF_RULE.strip(), 0) + "\n";
    }
}
