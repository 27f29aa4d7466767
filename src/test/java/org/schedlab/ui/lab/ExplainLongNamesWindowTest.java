package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.NameWrap;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Case A's explanation in a 1024 x 768 window: the Explain panel is narrower than
 * {@code buffer_strategy_lock} in its font, and the name broke wherever the line ended
 * ("buffer_strategy_loc" / "k"). Its lines now break it at an underscore, and the words of every
 * line fit the panel (a word that does not is cut by the label mid-word).
 */
@ExtendWith(ApplicationExtension.class)
class ExplainLongNamesWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void longNamesBreakAtAnUnderscoreNotMidWord() throws Exception {
        openCaseA();
        FxWait.untilOnFx("the Explain panel's text", 30, () -> lookup("#explain-text").tryQuery().isPresent()
                && lookup("#explain-text").queryAs(Label.class).getWidth() > 0);
        // narrower than a 1024 px window gives it (its steps' text is wider since the Show button
        // goes under it there): the panel's divider dragged to the right
        interact(() -> lookup("#explain-panel").queryAs(javafx.scene.control.ScrollPane.class).setMaxWidth(150));
        FxWait.untilOnFx("the Explain panel at 150 px", 30,
                () -> lookup("#explain-panel").queryAs(javafx.scene.control.ScrollPane.class).getWidth() <= 150);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> problems = new ArrayList<>();
        int[] brokenNames = {0};
        interact(() -> {
            List<Label> labels = new ArrayList<>();
            labels.add(lookup("#explain-text").queryAs(Label.class));
            for (Node n : lookup(node -> node.getId() != null && node.getId().matches("explain-step-\\d+-text")).queryAll()) {
                labels.add((Label) n);
            }
            for (Label l : labels) {
                double width = l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
                String shown = l.getText();
                String given = NameWrap.original(l);
                // only line breaks are added: where a space was, or inside a name at its breaks
                assertEquals(given.replaceAll("\\s+", ""), shown.replaceAll("\\s+", ""), l.getId());
                Text probe = new Text();
                probe.setFont(l.getFont());
                for (String line : shown.split("\n")) {
                    for (String word : line.split(" ")) {
                        probe.setText(word);
                        if (probe.getLayoutBounds().getWidth() > width) {
                            problems.add(l.getId() + ": \"" + word + "\" is wider than the panel's " + width
                                    + " px and is cut where the line ends");
                        }
                    }
                }
                // a line break where the text had a space, or one added inside a name: at its breaks only
                int j = 0;
                for (int i = 0; i < shown.length(); i++) {
                    char c = shown.charAt(i);
                    if (j < given.length() && (c == given.charAt(j) || c == '\n' && given.charAt(j) == ' ')) {
                        j++;
                        continue;
                    }
                    assertEquals('\n', c, l.getId() + ": only line breaks are added");
                    char before = given.charAt(j - 1);
                    char after = given.charAt(j);
                    assertFalse(Character.isLowerCase(before) && Character.isLowerCase(after),
                            l.getId() + " broken inside a word: \"" + shown.substring(Math.max(0, i - 20),
                                    Math.min(shown.length(), i + 20)) + "\"");
                    if (before == '_') {
                        brokenNames[0]++;
                    }
                }
                assertEquals(given.length(), j, l.getId());
            }
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(brokenNames[0] > 0, "buffer_strategy_lock is wider than a 150 px panel and is broken at a '_'");
    }

    /**
     * A tour step's Show button goes under its text where beside it the text would have less than
     * {@link ExplainPanel#STEP_TEXT_PX}: in a 1024 px window's panel the steps were 89 px wide, two
     * words a line.
     */
    @Test
    void aLaptopsStepsKeepTheirWidthTheShowButtonUnderThem() throws Exception {
        openCaseA();
        FxWait.untilOnFx("the tour's first step", 30, () -> lookup("#explain-step-1-text").tryQuery().isPresent()
                && lookup("#explain-step-1-text").queryAs(Label.class).getWidth() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            Label text = lookup("#explain-step-1-text").queryAs(Label.class);
            Node show = lookup("#explain-step-1-show").query();
            // the row's width but its number's: 168 px at 1024 px, where beside the button it had 89
            javafx.scene.layout.HBox row = lookup("#explain-step-1").queryAs(javafx.scene.layout.HBox.class);
            double rowTextPx = row.getWidth() - row.snappedLeftInset() - row.snappedRightInset()
                    - row.getChildren().get(0).prefWidth(-1) - row.getSpacing();
            assertTrue(text.getWidth() >= rowTextPx - 1, "step 1's text is " + text.getWidth() + " px wide of "
                    + rowTextPx);
            javafx.geometry.Bounds t = text.localToScene(text.getLayoutBounds());
            javafx.geometry.Bounds b = show.localToScene(show.getLayoutBounds());
            assertTrue(b.getMinY() >= t.getMaxY(), "Show under the text: " + b + " against " + t);
        });
        // widened, the button goes back beside the text
        interact(() -> lookup("#explain-panel").queryAs(javafx.scene.control.ScrollPane.class).setMinWidth(480));
        FxWait.untilOnFx("Show beside step 1's text", 30, () -> {
            Node show = lookup("#explain-step-1-show").query();
            return show.getParent() == lookup("#explain-step-1").query();
        });
    }

    /** Case A on the Live tab, whose tour names buffer_strategy_lock. */
    private void openCaseA() {
        interact(() -> {
            try {
                window.lab.openLive(ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            window.ui.showLive();
        });
    }
}
