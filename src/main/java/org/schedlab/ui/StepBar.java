package org.schedlab.ui;

import java.util.function.BooleanSupplier;

import javafx.beans.Observable;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/**
 * The step-through controls under a timeline: first, previous, next, next preemption, next
 * lock-holder preemption, where the current event is, and the one line saying why it
 * happened. Ids are prefixed with {@code idPrefix} so several timelines can have one each.
 */
public final class StepBar extends VBox {
    private final Label explanation = new Label();
    /**
     * The least a cut position keeps on one row ({@link #oneRow}): "3 of 20 events  +10.322 ms"
     * whole. An HBox short of room takes it from every child alike; at a min of 0 the position went
     * before the explanation beside it did.
     */
    public static final double ONE_ROW_POSITION_MIN_PX = 200;
    /**
     * The least a header beside a one-row bar may cut the position to, so that what the header
     * names keeps its room ({@link #keepPositionUpTo}): "218,75..." of "218,759 events".
     */
    public static final double ONE_ROW_POSITION_LEAST_PX = 64;
    private boolean cutPosition;
    private double positionKeptPx = ONE_ROW_POSITION_MIN_PX;
    private final Label position = new Label() {
        @Override
        protected double computeMinWidth(double height) {
            return cutPosition ? Math.min(computePrefWidth(height), positionKeptPx)
                    : super.computeMinWidth(height);
        }
    };
    private final HBox buttons;
    private final StepViewModel steps;

    /**
     * On one row ({@link #oneRow}), what the explanation says before a step is taken where its whole
     * sentence has no room: the keys, as the buttons' tooltips name them. The sentence, cut to the
     * room a stacked header leaves it, read "Step t..." beside case C's names (the keys, what it
     * was there to say, cut away); its tooltip still has it whole.
     */
    public static final String ONE_ROW_IDLE = "keys . , P";

    /** Controls for {@code steps}; {@code afterClick} gives the keyboard back (to the timeline). */
    public StepBar(String idPrefix, StepViewModel steps, Runnable afterClick) {
        this.steps = steps;
        setId(idPrefix + "step-bar");
        getStyleClass().add("step-bar");
        setPadding(new Insets(3, 8, 4, 8));
        setSpacing(2);
        position.setId(idPrefix + "step-position");
        position.textProperty().bind(steps.positionProperty());
        position.setStyle("-fx-text-fill: -color-fg-muted;");
        Label title = new Label("Step");
        title.setId(idPrefix + "step-title");
        title.setStyle("-fx-font-weight: bold;");
        buttons = new HBox(2, title,
                button(idPrefix + "step-first", MaterialDesignS.SKIP_PREVIOUS, "First event (Shift+,)", steps::first,
                        afterClick),
                button(idPrefix + "step-previous", MaterialDesignC.CHEVRON_LEFT, "Previous event (,)", steps::previous,
                        afterClick),
                button(idPrefix + "step-next", MaterialDesignC.CHEVRON_RIGHT, "Next event (.)", steps::next,
                        afterClick),
                button(idPrefix + "step-next-preemption", MaterialDesignP.PAGE_NEXT_OUTLINE, "Next preemption (P)",
                        steps::nextPreemption, afterClick),
                button(idPrefix + "step-next-lhp", MaterialDesignL.LOCK_ALERT_OUTLINE,
                        "Next lock-holder preemption or handoff stall (L)", steps::nextLockHolderPreemption, afterClick),
                position);
        buttons.setAlignment(Pos.CENTER_LEFT);
        for (Node n : buttons.getChildren()) {
            if (n instanceof Button b) {
                b.disableProperty().bind(steps.hasEventsProperty().not()); // "no events to step through"
            }
        }
        HBox.setMargin(position, new Insets(0, 0, 0, 8));
        // the title and the buttons keep their size and the position wraps: under a laptop's live
        // timeline "3 of 20 events  +10.322 ms  preemption" cut the title to "S..." and P's "no
        // preemption after this point" to "preemp...", so P at the last preemption seemed to do nothing
        for (Node n : buttons.getChildren()) {
            if (n instanceof Region r && n != position) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        position.setWrapText(true);
        position.setMinWidth(0);
        position.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(position, Priority.ALWAYS);
        explanation.setId(idPrefix + "step-explanation");
        explanation.textProperty().bind(steps.explanationProperty());
        explanation.setWrapText(true);
        explanation.setMaxWidth(Double.MAX_VALUE);
        explanation.setMinHeight(Label.USE_PREF_SIZE);
        LazyTooltip.following(steps.explanationProperty(), tip -> {
            tip.setWrapText(true);
            tip.setMaxWidth(600);
        }).installOn(explanation);
        VBox.setVgrow(explanation, Priority.NEVER);
        // a shorter explanation than the one before leaves its lines blank, at the top of the room
        explanation.setAlignment(Pos.TOP_LEFT);
        Tallest explained = new Tallest(explanation);
        Tallest placed = new Tallest(position);
        // a new run (another scenario, a changed value): the bar as tall as its first texts, not as
        // the last run's longest explanation left it
        steps.explanationProperty().addListener((Observable o) -> {
            String e = steps.explanationProperty().get();
            if (e == null || e.isEmpty() || StepViewModel.IDLE_EXPLANATION.equals(e)) {
                explained.reset();
                placed.reset();
            }
        });
        getChildren().addAll(buttons, explanation);
    }

    /** Stacked (not {@link #oneRow}): its labels keep the height of their tallest text so far ({@link Tallest}). */
    private boolean stacked = true;

    /**
     * Keeps a wrapped label (under or beside the buttons) as tall as its tallest text so far at its
     * present width, until that width changes or a new run's events come (the explanation back to
     * {@link StepViewModel#IDLE_EXPLANATION}): stepping from a wake-up's four lines to a
     * preemption's five and back in a 1024 x 768 window's Live run, the bar grew and shrank, and
     * the timeline above it, which fits its lanes to its height, drew its CPU lanes 44 px high,
     * then 22, then 44 again at each step: the picture jumped under the class's eyes.
     */
    private final class Tallest {
        private final Label l;
        private double tallestPx;
        private double atWidthPx = -1;
        /** Reset, its next text counted on its own: the position changes after the explanation does. */
        private boolean fresh;

        Tallest(Label l) {
            this.l = l;
            l.textProperty().addListener((Observable o) -> {
                if (fresh) {
                    fresh = false;
                    tallestPx = 0;
                }
                keep();
            });
            l.widthProperty().addListener((Observable o) -> keep());
            l.fontProperty().addListener((Observable o) -> keep());
        }

        /** Counts its lines anew: a new run's first text is as tall as it is. */
        void reset() {
            tallestPx = 0;
            fresh = true;
            keep();
        }

        void keep() {
            double w = l.getWidth();
            if (!stacked || w <= 0) {
                return;
            }
            if (Math.abs(w - atWidthPx) > 0.5) {
                tallestPx = 0; // another width: its lines are counted anew
                atWidthPx = w;
            }
            tallestPx = Math.max(tallestPx, Math.ceil(l.prefHeight(w)));
            if (l.getMinHeight() != tallestPx) {
                l.setMinHeight(tallestPx);
            }
        }
    }

    /**
     * Puts the explanation on the buttons' row, cut to one line (its tooltip has all of it): a
     * timeline stacked with others (A over B over the delta table) keeps a row of its height.
     */
    public StepBar oneRow() {
        stacked = false;
        position.setMinHeight(Region.USE_PREF_SIZE);
        explanation.setAlignment(Pos.CENTER_LEFT);
        getChildren().remove(explanation);
        position.setWrapText(false); // the row keeps its height; the explanation gives way instead
        HBox.setHgrow(position, Priority.NEVER);
        // cut with an ellipsis, the whole of it in its tooltip: in the A/B tab at 1280 x 720, L's
        // "+52.456 ms  lock-holder preemption ..." kept its full width and ran off the window edge
        cutPosition = true;
        position.setMinWidth(Region.USE_COMPUTED_SIZE);
        position.setTextOverrun(OverrunStyle.ELLIPSIS);
        LazyTooltip.following(position.textProperty()).installOn(position);
        // no events to step through (no run yet, or one still simulating): the header's status and
        // the body's note say so; "no events to step through" was cut to "no eve..." in a 1024 px
        // window's A/B cards, "no events to step throu..." at 1280 px, beside disabled buttons
        position.visibleProperty().bind(steps.hasEventsProperty());
        position.managedProperty().bind(steps.hasEventsProperty());
        explanation.setWrapText(false);
        explanation.setMinHeight(Region.USE_COMPUTED_SIZE);
        explanation.setMinWidth(0);
        // it asks for little and takes what is left: asking for its whole line, it took as much
        // as the position gave up, and "268 of 263,829 events +..." lost its time beside it
        explanation.setPrefWidth(ONE_ROW_POSITION_MIN_PX);
        explanation.setTextOverrun(OverrunStyle.ELLIPSIS);
        // before a step, the whole sentence where the row has room for it, else the keys
        explanation.textProperty().unbind();
        Runnable explain = () -> {
            String e = steps.explanationProperty().get();
            explanation.setText(StepViewModel.IDLE_EXPLANATION.equals(e) && !fitsWhole(explanation, e) ? ONE_ROW_IDLE : e);
        };
        steps.explanationProperty().addListener((Observable o) -> explain.run());
        explanation.widthProperty().addListener((Observable o) -> explain.run());
        explanation.fontProperty().addListener((Observable o) -> explain.run());
        explain.run();
        HBox.setHgrow(explanation, Priority.ALWAYS);
        // its gap from the position is its own padding, not a margin: squeezed out by a header's
        // names, it leaves no gap at the row's end that the names could have had
        explanation.setPadding(new Insets(0, 0, 0, 8));
        for (Node n : buttons.getChildren()) {
            if (n instanceof Region r && n != position) {
                r.setMinWidth(Region.USE_PREF_SIZE); // the explanation gives way, not "Step" or the buttons
            }
        }
        buttons.getChildren().add(explanation);
        return this;
    }

    /** Whether {@code text} is drawn whole in {@code l} as wide as it is now (its width does not follow its text). */
    private static boolean fitsWhole(Label l, String text) {
        Text t = new Text(text);
        t.setFont(l.getFont());
        return t.getLayoutBounds().getWidth() <= l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
    }

    /**
     * The least its row takes on one row ({@link #oneRow}): "Step", the buttons and the position
     * as far as it is kept, the explanation given up. Beside it on a header, what may take the rest.
     */
    public double oneRowMinWidth() {
        return snappedLeftInset() + snappedRightInset() + buttons.minWidth(-1);
    }

    /** {@link #oneRowMinWidth} were the position kept up to {@code keptPx}. */
    public double oneRowMinWidth(double keptPx) {
        if (!position.isManaged()) {
            return oneRowMinWidth(); // no position on the row
        }
        return oneRowMinWidth() - position.minWidth(-1) + Math.min(position.prefWidth(-1), keptPx);
    }

    /**
     * On one row, the position is kept whole up to {@code px} ({@link #ONE_ROW_POSITION_MIN_PX} as
     * it opens), cut with an ellipsis past it, its tooltip whole.
     */
    public void keepPositionUpTo(double px) {
        if (px != positionKeptPx) {
            positionKeptPx = px;
            position.requestLayout();
        }
    }

    private static Node button(String id, Ikon icon, String tooltip, BooleanSupplier action, Runnable afterClick) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll("flat", "small");
        LazyTooltip.install(b, tooltip);
        b.setOnAction(e -> {
            action.getAsBoolean();
            afterClick.run();
        });
        return b;
    }
}
