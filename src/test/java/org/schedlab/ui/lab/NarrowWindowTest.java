package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableCell;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab in a 1024 x 700 window (a laptop, a projector): the A/B bar's buttons kept their
 * labels only as "Swap A...", "Cop...", and the seeds field was squeezed until its number did not
 * show; the Live tab's summary cut its values ("160,28..."). What matters is shown whole (or, for
 * the bar's icon buttons, named by its tooltip).
 */
@ExtendWith(ApplicationExtension.class)
class NarrowWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private LabViewModel lab;
    private Lab labUi;
    private Stage stage;

    @Start
    void start(Stage primary) {
        // a window of its own: sizing the shared primary stage would leave every later test class
        // in a 1024x700 window (setScene does not undo an explicit size)
        stage = new Stage();
        window.show(stage);
        lab = window.lab;
        labUi = window.ui;
        stage.setWidth(1024);
        stage.setHeight(700);
    }

    @AfterEach
    void stop() {
        interact(stage::close);
    }

    /** A labeled control's shown text, which the skin cuts with an ellipsis when it does not fit. */
    private static String shownText(Labeled l) {
        return org.schedlab.ui.ShownText.of(l);
    }

    private static void labeledIn(Parent p, List<Labeled> out) {
        for (Node n : p.getChildrenUnmodifiable()) {
            if (n instanceof Labeled l && n.isVisible() && l.getText() != null && !l.getText().isEmpty()) {
                out.add(l);
            } else if (n instanceof Parent child && !(n instanceof Spinner<?>)
                    && !(n instanceof javafx.scene.control.ComboBoxBase<?>)) {
                labeledIn(child, out);
            }
        }
    }

    @Test
    void theAbBarShowsEveryLabelAndTheSeedCountWhole() {
        interact(labUi::showCompare);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1024, stage.getWidth(), 1);
        List<Labeled> labels = new ArrayList<>();
        labeledIn(FxWait.onFx(() -> lookup("#ab-bar").queryAs(Parent.class)), labels);
        assertTrue(labels.size() >= 6, labels.toString());
        for (Labeled l : labels) {
            if (l.getContentDisplay() == javafx.scene.control.ContentDisplay.GRAPHIC_ONLY) {
                // an icon button of a bar too narrow for its label: its tooltip names it
                assertTrue(l.getAccessibleHelp() != null && l.getAccessibleHelp().startsWith(org.schedlab.ui.MenuText.of(l)), "unnamed: " + l);
            } else {
                assertEquals(org.schedlab.ui.MenuText.of(l), shownText(l), "cut: " + l);
            }
        }
        Spinner<?> seeds = FxWait.onFx(() -> lookup("#ab-seeds").queryAs(Spinner.class));
        assertTrue(seeds.getEditor().getWidth() >= 30, "the seeds field shows its number: " + seeds.getEditor().getWidth());
    }

    @Test
    void theLiveSummaryShowsItsValuesWhole() throws Exception {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showLive();
        });
        FxWait.untilOnFx("the live summary", 30, () -> lookup("#live-summary .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        // each value's text and its text as drawn, read on the FX thread, which lays the rows out
        List<String[]> values = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#live-summary .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() != null && c.getTableColumn().getText().equals("value") && !c.isEmpty()
                        && c.getText() != null && c.getText().length() <= 16 && c.isVisible()) {
                    values.add(new String[] {c.getText(), shownText(c)});
                }
            }
        });
        assertFalse(values.isEmpty());
        for (String[] v : values) {
            assertEquals(v[0], v[1], "a value cut in a 1024 px window");
        }
    }
}
