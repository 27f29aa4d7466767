package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Selection tab's "Selected item" box, given whatever height the panel leaves it: at 1280 px it
 * showed two and a half lines, the third cut through its middle. Given room for two lines or more,
 * it shows a whole number of lines and scrolls the rest.
 */
@ExtendWith(ApplicationExtension.class)
class WholeLinesWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    private TextArea area;
    private SelectionPanel.WholeLines box;

    @Start
    void start(Stage primary) {
        area = new TextArea();
        area.setWrapText(true);
        area.setStyle("-fx-font-family: monospace; -fx-font-size: 12px;");
        area.setText("pgbench[4002]  (pid 4000)\nstate     user\nCPU       1\nfrom      +8.149 ms\nto        +8.157 ms\n"
                + "ended     preempted by postgres[5026]");
        box = new SelectionPanel.WholeLines(area);
        stage.open(st -> {
            Workbench.applyTheme();
            st.setScene(new Scene(new Pane(box), 400, 300));
            st.show();
        }, 400, 300);
    }

    /**
     * The box laid out at each height from 30 to 110 px, and what {@code cutAt} finds cut there
     * (on the FX thread, given the height; null where nothing is).
     */
    private List<String> atEveryHeight(java.util.function.IntFunction<String> cutAt) {
        List<String> cut = new ArrayList<>();
        for (int px = 30; px <= 110; px++) {
            final int h = px;
            interact(() -> {
                box.resize(360, Math.max(h, box.minHeight(360)));
                box.layout();
                String c = cutAt.apply(h);
                if (c != null) {
                    cut.add(c);
                }
            });
        }
        return cut;
    }

    @Test
    void theBoxShowsWholeLinesWhateverItsHeight() {
        List<String> cut = atEveryHeight(h -> {
            double lines = SelectionPanel.shownTextPx(area) / SelectionPanel.linePitch(area);
            // below two lines (the area's own least height) there is nothing to snap to
            return lines > 2.01 && Math.abs(lines - Math.round(lines)) > 0.15
                    ? String.format("%.2f lines in %d px", lines, h) : null;
        });
        assertTrue(cut.isEmpty(), "lines cut: " + cut);
    }

    /**
     * Measured against the lines the area draws, not a plain text's: the area lays its lines out
     * centred in their boxes, 15 px apart in its 12 px monospace where a plain text of that font
     * measured 14 px, so at 1280 x 720 the box made room for four lines at 14 px and cut the
     * fourth's descenders ("(1.000052 s)") by 2 px at the bottom.
     */
    @Test
    void theLinesItCountsAreTheLinesTheAreaDraws() {
        List<String> cut = atEveryHeight(h -> {
            // six short lines, none wrapped at this width: the area's own text is six pitches high
            javafx.scene.text.Text drawn = (javafx.scene.text.Text) area.lookupAll(".text").stream()
                    .filter(n -> n instanceof javafx.scene.text.Text).findFirst().orElseThrow();
            double pitch = drawn.getLayoutBounds().getHeight() / 6;
            double lines = SelectionPanel.shownTextPx(area) / pitch;
            return lines > 2.01 && lines - Math.floor(lines + 0.05) > 0.05
                    ? String.format("%.2f lines of %.2f px in %d px", lines, pitch, h) : null;
        });
        assertTrue(cut.isEmpty(), "a line cut: " + cut);
    }
}
