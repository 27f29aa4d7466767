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

    @Test
    void theBoxShowsWholeLinesWhateverItsHeight() {
        List<String> cut = new ArrayList<>();
        for (int px = 30; px <= 110; px++) {
            final int h = px;
            interact(() -> {
                box.resize(360, Math.max(h, box.minHeight(360)));
                box.layout();
                double lines = SelectionPanel.shownTextPx(area) / SelectionPanel.linePitch(area.getFont());
                // below two lines (the area's own least height) there is nothing to snap to
                if (lines > 2.01 && Math.abs(lines - Math.round(lines)) > 0.15) {
                    cut.add(String.format("%.2f lines in %d px", lines, h));
                }
            });
        }
        assertTrue(cut.isEmpty(), "lines cut: " + cut);
    }
}
