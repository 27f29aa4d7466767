package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;

import org.schedlab.ui.LazyTooltip;
import org.schedlab.ui.StepBar;
import org.schedlab.ui.TimelineView;

/**
 * One run's timeline with its header: which side and parameters it shows, while a rerun is due
 * or running a "stale" badge, progress and Cancel, and afterwards the change-to-picture latency.
 * The picture itself stays until the new run is swapped in; a veil over it says it is stale.
 */
final class TimelineCard extends BorderPane {
    private final RunViewModel run;
    private final ObjectProperty<Optional<OffsetRange>> selection;
    private final TimelineView view;
    private final HBox head;
    private final StepBar steps;
    private final StackPane body;
    /** The header's parameters ({@code what}): named whole up to this width, cut to it past it. */
    private double labelWholeUpToPx = LABEL_MIN_WIDTH_PX;
    /** Whether the step controls share the header's row ({@link #stacked}). */
    private boolean stepsOnHead;
    private Label what;
    /** The status's text; a done run's gives way past the step position on a stacked card ({@link #fitLabel}). */
    private Label status;
    /** The least a done run's status keeps on a stacked card's header, for the names beside it; else none. */
    private double statusKeptPx = Double.MAX_VALUE;
    /** The busy run's progress bar beside its status; on a stacked card's short header it gives way ({@link #fitLabel}). */
    private ProgressBar progress;
    private final javafx.beans.property.BooleanProperty progressOnHead = new javafx.beans.property.SimpleBooleanProperty(true);

    TimelineCard(String id, String sideName, RunViewModel run, ObjectProperty<Optional<OffsetRange>> selection) {
        this(id, sideName, run, selection, Bindings.createStringBinding(() -> label(run),
                run.outcomeProperty(), run.timelineOverridesProperty()));
    }

    /**
     * The run whose timeline is on screen: its parameters as soon as its window is in (the
     * summary may still be simulating, or be the previous run's), an opened dataset's name, or
     * "no run yet" when nothing is shown.
     */
    static String label(RunViewModel run) {
        Optional<java.util.Map<String, String>> shown = run.timelineOverridesProperty().get();
        // the seed count is the summary's: said only when the summary is of the run on screen
        String seeds = run.outcome().filter(o -> o.seeds() > 1 && shown.map(o.overrides()::equals).orElse(true))
                .map(o -> "  (" + o.seeds() + " seeds)").orElse("");
        return shown.map(m -> RunTask.label(m) + seeds)
                .or(() -> run.outcome().map(o -> o.label() + seeds))
                .orElse("no run yet");
    }

    /**
     * What the header says of the run: its problem, its progress, or once done how long the change
     * took to reach the screen - "timeline in 840 ms" on the header, and {@code whole} (the
     * tooltip) with each phase's share and the summary's time. The phases were on the header too,
     * and in a 1280 px window they left the step line, what a stepping user reads, a lone "S...".
     */
    static String status(RunViewModel run, boolean whole) {
        if (!run.problemProperty().get().isEmpty()) {
            return run.problemProperty().get();
        }
        Optional<Latency> timeline = run.timelineLatencyProperty().get();
        if (run.phaseProperty().get() == RunViewModel.Phase.TIMELINE_READY) {
            // while the summary simulates, its progress alone ("summary 41 %"): the timeline is on
            // screen, its time in the tooltip and on the header once the summary is in. With it,
            // "timeline in 16.1 s; summary 41 %" left case A's step line "key..." at 1280 x 720
            if (!whole && run.busyProperty().get() && run.progressProperty().get() >= 0) {
                return progress(run, "summary ");
            }
            // short, so the pending part stays in view: the split follows when the run is done
            return timeline.map(l -> "timeline in " + Latency.time(l.totalNs())).orElse("timeline ready") + "; "
                    + (whole ? run.statusProperty().get() : progress(run, "summary "));
        }
        if (!run.statusProperty().get().isEmpty()) {
            return whole ? run.statusProperty().get() : progress(run, "simulating ");
        }
        Optional<Latency> summary = run.latencyProperty().get();
        if (timeline.isPresent()) {
            return whole ? timeline.get().timelineText() + summary.map(l -> "; summary in " + Latency.time(l.totalNs()))
                    .orElse("") : brief("timeline in ", timeline.get());
        }
        return summary.map(l -> whole ? l.text() : brief("change to picture ", l)).orElse("");
    }

    /**
     * A busy run's progress on the header, "summary 53 %": its status, "summary: simulating 638 of
     * 1200 ms (warm-up included)", was cut beside the progress bar and Cancel in a 1280 px window
     * (the tooltip has it whole). A status without a known progress (waiting for the parameters to
     * settle, a summary being computed, a cancelled run) is as it is.
     */
    private static String progress(RunViewModel run, String what) {
        double p = run.progressProperty().get();
        if (!run.busyProperty().get() || p < 0) {
            return run.statusProperty().get();
        }
        return what + (int) Math.floor(Math.min(1, p) * 100) + " %";
    }

    /**
     * "timeline in 840 ms", or "already run" for a setting not simulated again (the tooltip has its
     * time): "timeline in 482 ms (already run)" took the room of case C's step line on a stacked
     * header in a 1280 px window, the step position cut to "10,298 ev..." and its explanation gone.
     */
    private static String brief(String what, Latency l) {
        return l.reused() ? ALREADY_RUN : what + Latency.time(l.totalNs());
    }

    /** The header's status for a setting shown again without simulating it. */
    static final String ALREADY_RUN = "already run";

    /** {@code label} says what this side shows (A/B passes the parameters in which the sides differ). */
    TimelineCard(String id, String sideName, RunViewModel run, ObjectProperty<Optional<OffsetRange>> selection,
                 ObservableValue<String> label) {
        this.run = run;
        this.selection = selection;
        setId(id);
        getStyleClass().add("timeline-card");
        view = new TimelineView(run.timeline());
        view.setId(id + "-timeline");

        Label side = new Label(sideName);
        side.setId(id + "-side");
        side.setStyle("-fx-font-weight: bold; -fx-background-color: -color-accent-subtle; -fx-padding: 1 8 1 8;"
                + " -fx-background-radius: 8;");
        side.setMinWidth(Region.USE_PREF_SIZE);
        side.managedProperty().bind(side.textProperty().isNotEmpty());
        side.visibleProperty().bind(side.textProperty().isNotEmpty());
        // the parameters it shows give way, past their first words, before the status does: named
        // whole, five moved sliders ("aUserUs=55 condReschedUs=500 ...") widened the live card and
        // pushed the Explain panel off a laptop's window; the tooltip has them all
        what = new Label() {
            @Override
            protected double computeMinWidth(double height) {
                return Math.min(computePrefWidth(height), labelWholeUpToPx);
            }
        };
        what.setId(id + "-label");
        what.textProperty().bind(label);
        what.setStyle("-fx-font-weight: bold;");
        LazyTooltip.following(Bindings.createStringBinding(() -> run.outcome()
                .map(o -> o.scenarioName() + ": " + o.label()).orElse(""), run.outcomeProperty())).installOn(what);
        Label stale = new Label("stale");
        stale.setId(id + "-stale");
        stale.setStyle("-fx-background-color: -color-warning-emphasis; -fx-text-fill: -color-fg-emphasis;"
                + " -fx-padding: 1 8 1 8; -fx-background-radius: 8; -fx-font-weight: bold;");
        LazyTooltip.install(stale, "The picture shows the previous parameters until the new run's window is"
                + " simulated.");
        stale.visibleProperty().bind(run.timelineStaleProperty());
        stale.managedProperty().bind(run.timelineStaleProperty());
        status = new Label() {
            @Override
            protected double computeMinWidth(double height) {
                return Math.min(computePrefWidth(height), statusKeptPx);
            }
        };
        status.setId(id + "-status");
        Observable[] statusInputs = {run.statusProperty(), run.problemProperty(), run.latencyProperty(),
                run.timelineLatencyProperty(), run.phaseProperty(), run.progressProperty(), run.busyProperty()};
        status.textProperty().bind(Bindings.createStringBinding(() -> status(run, false), statusInputs));
        status.styleProperty().bind(Bindings.when(run.problemProperty().isNotEmpty())
                .then("-fx-text-fill: -color-danger-fg; -fx-font-weight: bold;")
                .otherwise("-fx-text-fill: -color-fg-muted;"));
        // a done run's short timings and a busy one's "summary 53 %" are read whole, the step line
        // gives way; a status without a known progress and a problem may be long, and are cut (the
        // tooltip has them). On a stacked card in a 1024 px window a done run's timings give way
        // too, after the step position, to the values that tell A from B ({@link #fitLabel})
        status.minWidthProperty().bind(Bindings.when(run.busyProperty().and(run.progressProperty().lessThan(0))
                .or(run.problemProperty().isNotEmpty())).then(0.0)
                .otherwise(Bindings.when(run.busyProperty()).then(Region.USE_PREF_SIZE).otherwise(Region.USE_COMPUTED_SIZE)));
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        progress = new ProgressBar();
        progress.setId(id + "-progress");
        progress.setPrefWidth(120);
        progress.progressProperty().bind(run.progressProperty());
        // on a stacked card's header it gives way when the row is short ({@link #fitLabel}): the
        // status beside it says the same ("summary 60 %")
        progress.visibleProperty().bind(run.busyProperty().and(progressOnHead));
        progress.managedProperty().bind(run.busyProperty().and(progressOnHead));
        Button cancel = new Button("Cancel", new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE));
        cancel.setId(id + "-cancel");
        cancel.getStyleClass().addAll("small");
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setOnAction(e -> run.cancel());
        cancel.visibleProperty().bind(run.busyProperty());
        cancel.managedProperty().bind(run.busyProperty());
        Button again = new Button("Run again", new FontIcon(MaterialDesignR.REFRESH));
        again.setId(id + "-run-again");
        again.getStyleClass().addAll("small");
        again.setMinWidth(Region.USE_PREF_SIZE);
        LazyTooltip.install(again, "Runs the parameters this side shows again: its last run was cancelled or"
                + " failed before it was in.");
        again.setOnAction(e -> run.runAgain());
        again.visibleProperty().bind(run.canRunAgainProperty());
        again.managedProperty().bind(run.canRunAgainProperty());
        head = new HBox(8, side, what, stale, status, progress, cancel, again) {
            @Override
            protected void layoutChildren() {
                if (stepsOnHead) {
                    fitLabel(this);
                }
                super.layoutChildren();
            }
        };
        head.setAlignment(Pos.CENTER_LEFT);
        head.setPadding(new Insets(4, 8, 4, 8));
        status.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        LazyTooltip.following(Bindings.createStringBinding(() -> status(run, true), statusInputs)).installOn(status);
        setTop(head);

        Region veil = new Region();
        veil.setMouseTransparent(true);
        veil.getStyleClass().add("stale-veil"); // workbench.css: the lanes' color, light or dark
        veil.visibleProperty().bind(run.timelineStaleProperty());
        SelectionOverlay overlay = new SelectionOverlay(view, run.timeline(), selection);
        // while the view shows no run of this side (before the first, or its first cancelled or
        // failed), the empty view would say "Nothing is open: File > Open": say what is coming, or
        // what happened and how to get a picture, instead
        Label first = new Label();
        first.textProperty().bind(Bindings.createStringBinding(() -> noPictureText(run),
                run.busyProperty(), run.canRunAgainProperty(), run.problemProperty(), run.statusProperty()));
        first.setId(id + "-first");
        first.setWrapText(true);
        first.setMouseTransparent(true);
        first.setStyle("-fx-background-color: -color-bg-default; -fx-padding: 12; -fx-text-fill: -color-fg-muted;");
        // the whole body, not a band through its middle: the empty view's own "This dataset has no
        // CPU lanes" and its axis would otherwise show above and below the message
        first.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        first.setAlignment(Pos.CENTER);
        // the last frame the view painted, whose dataset is the run's only once its first frame is
        // painted: until then the canvas still shows the empty view (a loaded machine showed "timeline
        // ready" over "Nothing is open" for a moment)
        javafx.beans.property.ObjectProperty<org.schedlab.model.Dataset> onCanvas =
                new javafx.beans.property.SimpleObjectProperty<>(org.schedlab.ui.TimelineViewModel.NO_DATASET);
        view.paintCountProperty().addListener((Observable o) -> onCanvas.set(run.timeline().dataset()));
        var noPicture = Bindings.createBooleanBinding(
                () -> run.timeline().dataset() == org.schedlab.ui.TimelineViewModel.NO_DATASET
                        || onCanvas.get() == org.schedlab.ui.TimelineViewModel.NO_DATASET,
                run.timeline().datasetProperty(), onCanvas);
        first.visibleProperty().bind(noPicture);
        body = new StackPane(view, overlay, veil, first);
        setCenter(body);
        steps = new StepBar(id + "-", run.timeline().steps(), view::requestFocus);
        setBottom(steps);

        // a stand-in frame (the CPU lanes still folding in the background) does not count as the
        // new timeline painted: the latency ends when the lanes are on screen
        view.paintCountProperty().addListener((Observable o) -> {
            if (!view.lastFrameStale()) {
                run.painted(run.timeline().dataset());
            }
        });
    }

    /**
     * For a card stacked with others (A over B over the delta table): the step controls and their
     * explanation on the header's row, and the timeline may shrink to its axis, legend and a few CPU
     * lanes before the split stops, so in a 1280 x 720 window the table under the cards keeps its
     * rows and each side still shows several CPUs whatever the dividers and the window's size.
     */
    TimelineCard stacked() {
        steps.oneRow();
        steps.setPadding(Insets.EMPTY);
        setBottom(null);
        head.getChildren().add(steps); // status and step explanation share the row, each cut with a tooltip
        HBox.setHgrow(steps, Priority.ALWAYS);
        steps.setMinWidth(0);
        head.setPadding(new Insets(2, 8, 2, 8)); // its buttons' height is the row's; the lanes get the rest
        stepsOnHead = true;
        view.setMinHeight(STACKED_MIN_TIMELINE_PX);
        body.setMinHeight(STACKED_MIN_TIMELINE_PX); // not the wrapped first-run note's height
        return this;
    }

    /**
     * On a stacked card's header, the values A and B differ in are what the side is: named whole,
     * up to {@link #STACKED_LABEL_WHOLE_PX}, in the room the other parts leave with the step line's
     * explanation given up (its tooltip has it); down to {@link #LABEL_MIN_WIDTH_PX} where the row is
     * shorter still (a 1024 px window), so that the step buttons stay on it. Cut to 160 px whatever
     * the room, a second value moved on a laptop ("preemption=full condReschedUs=500", case C's
     * "preemption=lazy irqInatomic=on") read "preemption=full condResch..." and "preemption=lazy ...",
     * beside "Step through the r...".
     */
    private void fitLabel(HBox row) {
        double others = 0;
        int shown = 0;
        for (Node n : row.getChildren()) {
            if (!n.isManaged() || n == progress) {
                continue; // the progress bar is counted below, whether it has its room now or not
            }
            shown++;
            if (n != what && n != steps) {
                others += row.snapSizeX(n.prefWidth(-1)); // as the row lays it out, to the pixel
            }
        }
        Insets in = row.getInsets();
        double free = row.getWidth() - in.getLeft() - in.getRight() - row.getSpacing() * Math.max(0, shown - 1) - others;
        boolean busy = run.busyProperty().get();
        double progressPx = busy ? row.snapSizeX(progress.prefWidth(-1)) + row.getSpacing() : 0;
        free -= progressPx;
        double wanted = Math.min(STACKED_LABEL_WHOLE_PX, Math.ceil(what.prefWidth(-1)));
        // the step position ("218,759 events") gives way to the names first, down to its first
        // characters: beside a rerun's "timeline in 1471 ms (already run)" B's "pageSize=2m" was cut
        // (now "already run", its time in the tooltip)
        double lacking = wanted - (free - row.snapSizeX(steps.oneRowMinWidth(StepBar.ONE_ROW_POSITION_MIN_PX)));
        double kept = lacking <= 0 ? StepBar.ONE_ROW_POSITION_MIN_PX
                : Math.max(StepBar.ONE_ROW_POSITION_LEAST_PX, Math.floor(
                        steps.oneRowMinWidth(StepBar.ONE_ROW_POSITION_MIN_PX)
                                - steps.oneRowMinWidth(0) - lacking) - 1);
        steps.keepPositionUpTo(kept);
        double room = free - row.snapSizeX(steps.oneRowMinWidth(kept));
        // beside a done run, what is left of the position goes next ("266,9...", a figure no one
        // can read; its tooltip has it whole), then the run's timings ("timeline in 20.3 s"), down to
        // their first word, the whole in the tooltip: in a 1024 px window case A's sides read
        // "preemption=non..." and "preemption=lazy pag..." beside them, neither side's pageSize named
        boolean done = status.isManaged() && status.getMinWidth() == Region.USE_COMPUTED_SIZE;
        // and beside a busy run's "summary 60 %" and its Cancel too: in a 1024 x 768 window the row
        // ran past the card's right edge while the runs simulated, the lock button and the position
        // cut by the window
        if ((done || busy) && wanted > room && kept > 0) {
            double before = row.snapSizeX(steps.oneRowMinWidth(kept));
            kept = 0;
            steps.keepPositionUpTo(kept);
            room += before - row.snapSizeX(steps.oneRowMinWidth(kept));
        }
        double keptStatus = Double.MAX_VALUE;
        if (done) {
            double statusPx = row.snapSizeX(status.prefWidth(-1));
            double give = Math.min(wanted - room, statusPx - STATUS_LEAST_PX);
            if (give > 0) {
                keptStatus = statusPx - Math.ceil(give);
                room += Math.ceil(give);
            }
        }
        if (keptStatus != statusKeptPx) {
            statusKeptPx = keptStatus;
            status.requestLayout();
        }
        // then, while busy, the progress bar (its status says the same, "summary 60 %"), and the
        // names below their usual least, down to their first word (whole again once the run is in):
        // the status and Cancel stay whole, and so do the step buttons
        boolean progressKept = true;
        if (busy && wanted > room) {
            progressKept = false;
            room += progressPx;
        }
        if (progressKept != progressOnHead.get()) {
            progressOnHead.set(progressKept); // unmanaged before the row lays its children out, below
        }
        double least = busy ? Math.min(LABEL_MIN_WIDTH_PX, Math.max(BUSY_LABEL_LEAST_PX, Math.floor(room)))
                : LABEL_MIN_WIDTH_PX;
        double cap = Math.max(least, Math.min(STACKED_LABEL_WHOLE_PX, Math.floor(room)));
        if (cap != labelWholeUpToPx) {
            labelWholeUpToPx = cap;
            what.requestLayout(); // its min width is read again by the row's layout that follows
        }
    }

    /**
     * Folds the card to its header row ({@code folded}) or unfolds it: folded, the timeline is not
     * laid out and the card is no taller than its header, so a split it is in gives the rest to
     * what is under it (A/B's table given the whole tab) and the header still says which side
     * shows what, with its status.
     */
    void fold(boolean folded) {
        body.setVisible(!folded);
        body.setManaged(!folded);
        setMaxHeight(folded ? Region.USE_PREF_SIZE : Region.USE_COMPUTED_SIZE);
    }

    /** Whether {@link #fold} folded the card to its header. */
    boolean folded() {
        return !body.isManaged();
    }

    static final String COMING = "The timeline appears once the run has simulated its recorded window"
            + " (the warm-up and the first " + RunViewModel.RECORD_MS + " ms after it); the summary when the whole"
            + " run is done.";
    static final String CANCELLED = "No timeline: the run was cancelled before its recorded window was in."
            + " Run again (above), or change a value.";
    static final String FAILED = "No timeline: the run failed (the line above says why). Run again (above), or"
            + " change a value.";
    static final String INVALID = "No timeline: the parameters are not valid (the line above says which).";

    /** What the card says while the view shows no run of this side. */
    static String noPictureText(RunViewModel run) {
        if (run.busyProperty().get()) {
            return COMING;
        }
        if (!run.problemProperty().get().isEmpty()) {
            return INVALID;
        }
        if (run.canRunAgainProperty().get()) {
            return run.statusProperty().get().startsWith("run failed") ? FAILED : CANCELLED;
        }
        return COMING;
    }

    /** The least a done run's status gives way to on a stacked card's header: "timeline..." whole. */
    static final double STATUS_LEAST_PX = 80;

    /**
     * The narrowest a busy run's header cuts its parameters to where the row is short (a 1024 px
     * window's stacked card): "preemption..." - the first words, whole in the tooltip, until the
     * run is in and the status gives way instead.
     */
    static final double BUSY_LABEL_LEAST_PX = 90;

    /** The narrowest the header's parameters get when they are longer: "preemption=voluntary" whole. */
    static final double LABEL_MIN_WIDTH_PX = 160;

    /**
     * The widest a stacked (A/B) card's header names its parameters whole, giving way only past it:
     * two values, "preemption=voluntary condReschedUs=500", fit beside the status and the step
     * buttons in a 1280 px window.
     */
    static final double STACKED_LABEL_WHOLE_PX = 330;

    /** The CPU lanes a stacked card's timeline keeps room for, dense (96 CPUs) and under their group's header. */
    static final int STACKED_MIN_CPU_LANES = 4;

    /**
     * The shortest a stacked card's timeline gets: axis, legend, the CPUs' header and
     * {@link #STACKED_MIN_CPU_LANES} dense CPU lanes with their one-pixel gaps (the header was not
     * counted once, and the card showed a lane or less).
     */
    static final double STACKED_MIN_TIMELINE_PX = org.schedlab.render.TimelineLayout.AXIS_HEIGHT_PX
            + org.schedlab.render.TimelineLayout.LEGEND_HEIGHT_PX + org.schedlab.render.TimelineLayout.HEADER_HEIGHT_PX + 1
            + STACKED_MIN_CPU_LANES * (org.schedlab.render.TimelineLayout.MIN_CPU_HEIGHT_PX + 1);

    /** Adds {@code n} to the header after what the side shows (A/B: a note about that side's data). */
    void addToHead(Node n) {
        head.getChildren().add(2, n);
    }

    TimelineView timelineView() {
        return view;
    }

    /** The range Shift+drag selects on this card (shared with the other card in A/B). */
    ObjectProperty<Optional<OffsetRange>> selection() {
        return selection;
    }

    RunViewModel run() {
        return run;
    }
}
