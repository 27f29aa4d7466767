package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab's own counts (A/B seeds per side, a sweep's seeds per point and threads) refuse a
 * typed value they cannot take as the parameters do: a message naming the range, the value kept,
 * nothing run - rather than 500 seeds silently becoming 100, or "abc" silently ignored.
 */
@ExtendWith(ApplicationExtension.class)
class CountSpinnerBadInputTest extends FxRobot {
    private final IntegerProperty target = new SimpleIntegerProperty(3);
    private final List<Integer> set = new ArrayList<>();
    private ParamControl.Count count;

    @Start
    void start(Stage s) {
        target.addListener((obs, o, n) -> set.add(n.intValue()));
        count = ParamControl.count("test-seeds", "seeds per side", 1, 20, target, "Seeds per side");
        s.setScene(new Scene(new VBox(8, count.spinner(), count.error(), new Button("elsewhere")), 420, 160));
        s.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        s.show();
    }

    private void typeInto(TextField field, String text) {
        interact(() -> {
            field.requestFocus();
            field.setText(text);
        });
        clickOn(field).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @ParameterizedTest
    @ValueSource(strings = {"500", "21", "0", "-1", "abc", "", "2.5", "5x", "99999999999999999999"})
    void aTypedValueOutsideTheRangeIsRefusedWithTheRangeAndTheValueKept(String typed) {
        typeInto(count.spinner().getEditor(), typed);
        assertEquals(3, count.spinner().getValue(), "typed '" + typed + "'");
        assertEquals(3, target.get());
        assertTrue(set.isEmpty(), "nothing was set (nothing reruns) for '" + typed + "'");
        assertTrue(count.refused());
        assertTrue(count.error().isVisible());
        assertTrue(count.error().getText().startsWith("seeds per side=" + typed), count.error().getText());
        assertTrue(count.error().getText().contains("1..20"), count.error().getText());
    }

    @Test
    void aValueInRangeIsTakenAndClearsTheMessage() {
        typeInto(count.spinner().getEditor(), "500");
        typeInto(count.spinner().getEditor(), "12");
        assertEquals(12, target.get());
        assertEquals(List.of(12), set);
        assertFalse(count.error().isVisible());
        assertFalse(count.refused());
    }

    @Test
    void leavingTheFieldRefusesTooAndTheSpinnerFollowsItsTarget() {
        interact(() -> {
            count.spinner().getEditor().requestFocus();
            count.spinner().getEditor().setText("77");
        });
        clickOn("elsewhere");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, target.get());
        assertTrue(count.refused(), "leaving the field is a commit as Enter is");
        interact(() -> target.set(7)); // a restored workspace, a clamp in the view model
        assertEquals(7, count.spinner().getValue());
    }
}
