package org.schedlab.ui.lab;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

import org.schedlab.sim.scenario.LookAt;
import org.schedlab.ui.LazyTooltip;
import org.schedlab.ui.NameWrap;

/**
 * The Explain panel beside the live run: what the scenario's mechanism is and what to look at,
 * from the scenario file. A tour step that names parameters has a Show button that sets them
 * (everything else back to the scenario's values) and reruns; the step shown is highlighted.
 * Steps are meant to be read with the step-through bar under the timeline (P: next preemption).
 */
final class ExplainPanel extends ScrollPane {
    private static final String HIGHLIGHT = "-fx-background-color: -color-accent-subtle; -fx-background-radius: 4;";
    private final VBox box = new VBox(8);
    /**
     * The highlighted step to keep in view, kept at each layout (a rerun's summary and header
     * reflow the panel after the highlight moves) until the user scrolls or clicks in the panel.
     */
    private javafx.scene.Node wanted;

    ExplainPanel(LabViewModel lab) {
        setId("explain-panel");
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        box.setPadding(new Insets(8, 10, 8, 10));
        setContent(box);
        addEventFilter(javafx.scene.input.ScrollEvent.ANY, e -> wanted = null);
        addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> wanted = null);
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> wanted = null);
        lab.livePanelProperty().addListener((obs, o, n) -> show(n));
        show(lab.livePanelProperty().get());
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        if (wanted != null) {
            reveal(wanted);
        }
    }

    private void show(ParameterPanelViewModel panel) {
        wanted = null;
        box.getChildren().clear();
        // another scenario's tour opens at its top: the previous one's scroll position, kept, showed
        // a 1024 px window's panel the new tour's last step and "What happens", its title and step 1
        // scrolled away
        setVvalue(getVmin());
        if (panel == null) {
            Label none = new Label("Open a scenario to read what it shows.");
            none.setWrapText(true);
            box.getChildren().add(none);
            return;
        }
        ExplainContent c = ExplainContent.of(panel.scenario());
        Label title = new Label();
        title.setId("explain-title");
        NameWrap.install(title, c.title());
        title.setStyle("-fx-font-weight: bold; -fx-font-size: 1.1em;");
        Label text = new Label();
        text.setId("explain-text");
        NameWrap.install(text, c.text());
        box.getChildren().add(title);
        if (c.steps().isEmpty()) {
            box.getChildren().add(text);
            return;
        }
        // the tour first, under the title: the mechanism's text is long (15 lines in a laptop's
        // panel) and would push the steps out of view; it follows them under its own heading
        Label look = new Label("What to look at");
        look.setStyle("-fx-font-weight: bold;");
        box.getChildren().add(look);
        java.util.List<HBox> rows = new java.util.ArrayList<>();
        for (int i = 0; i < c.steps().size(); i++) {
            rows.add(step(panel, i, c.steps().get(i)));
        }
        box.getChildren().addAll(rows);
        Label about = new Label("What happens");
        about.setId("explain-about");
        about.setStyle("-fx-font-weight: bold;");
        box.getChildren().addAll(about, text);
        // the step the parameters show stays highlighted, however they were set (Show, sliders),
        // and a step that comes to be highlighted is scrolled into view: a model picked in the
        // parameter panel highlights a step the panel may have scrolled away (a laptop's panel
        // shows two steps of eight)
        int[] shown = {-1};
        Runnable mark = () -> {
            java.util.Map<String, String> defaults = new java.util.HashMap<>();
            panel.params().forEach(p -> defaults.put(p.key(), p.defaultValue()));
            int at = ExplainContent.stepShowing(c.steps(), panel.overrides(), defaults);
            for (int i = 0; i < rows.size(); i++) {
                rows.get(i).setStyle(i == at ? HIGHLIGHT : "");
            }
            if (at >= 0 && at != shown[0] && shown[0] != -2) {
                wanted = rows.get(at);
                requestLayout();
            }
            shown[0] = at;
        };
        panel.addChangeListener(o -> mark.run());
        shown[0] = -2; // the panel opens at its top, on the title and the first steps
        mark.run();
    }

    /** Scrolls so that {@code row} is whole in view (its top if it is taller than the view); no move if it is. */
    private void reveal(javafx.scene.Node row) {
        if (row.getParent() != box) {
            wanted = null; // another scenario's tour by now
            return;
        }
        double content = box.getBoundsInLocal().getHeight();
        double view = getViewportBounds().getHeight();
        double room = content - view;
        if (room <= 0 || view <= 0) {
            return;
        }
        double top = getVvalue() * room;
        javafx.geometry.Bounds b = row.getBoundsInParent();
        double target = top;
        if (b.getMinY() < top) {
            target = b.getMinY();
        } else if (b.getMaxY() > top + view) {
            target = Math.min(b.getMinY(), b.getMaxY() - view);
        }
        if (target != top) {
            setVvalue(Math.max(0, Math.min(1, target / room)));
        }
    }

    private HBox step(ParameterPanelViewModel panel, int i, LookAt step) {
        Label n = new Label((i + 1) + ".");
        n.setMinWidth(Label.USE_PREF_SIZE);
        Label text = new Label();
        text.setId("explain-step-" + (i + 1) + "-text");
        NameWrap.install(text, step.text());
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(6, n, text);
        row.setId("explain-step-" + (i + 1));
        row.setAlignment(Pos.TOP_LEFT);
        row.setPadding(new Insets(3));
        if (!step.set().isEmpty()) {
            Button show = new Button("Show", new FontIcon(MaterialDesignP.PLAY_OUTLINE));
            show.setId("explain-step-" + (i + 1) + "-show");
            show.getStyleClass().add("small");
            show.setMinWidth(Button.USE_PREF_SIZE);
            LazyTooltip.install(show, "Run with " + describe(step) + " (other parameters at the scenario's values)");
            show.setOnAction(e -> panel.apply(step.set()));
            // beside the text where that leaves the text STEP_TEXT_PX, else under it: beside it in a
            // 1024 px window's panel the steps were 89 px wide, two words a line
            VBox under = new VBox(4, text);
            HBox.setHgrow(under, Priority.ALWAYS);
            row.getChildren().setAll(n, under);
            Runnable place = () -> {
                double besidePx = row.getWidth() - row.snappedLeftInset() - row.snappedRightInset()
                        - n.prefWidth(-1) - show.prefWidth(-1) - 2 * row.getSpacing();
                boolean beside = row.getWidth() <= 0 || besidePx >= STEP_TEXT_PX;
                if (beside != row.getChildren().contains(show)) {
                    under.getChildren().remove(show);
                    row.getChildren().remove(show);
                    (beside ? row.getChildren() : under.getChildren()).add(show);
                }
            };
            row.widthProperty().addListener((javafx.beans.Observable o) -> place.run());
            place.run();
        }
        return row;
    }

    /** The least a tour step's text keeps beside its Show button; narrower, the button goes under it. */
    static final double STEP_TEXT_PX = 180;


    static String describe(LookAt step) {
        StringBuilder sb = new StringBuilder();
        step.set().forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return sb.toString();
    }
}
