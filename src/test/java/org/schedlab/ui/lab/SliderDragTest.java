package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;


/**
 * A slider is live: while the thumb is dragged, the value follows it (so the run's debounce can
 * start simulating where the thumb rests, before the button is released), and releasing it
 * where it rests changes nothing more.
 */
@ExtendWith(ApplicationExtension.class)
class SliderDragTest extends FxRobot {
    private final ParameterPanelViewModel panel = new ParameterPanelViewModel(LabFixtures.teach());
    private final List<Map<String, String>> changes = new ArrayList<>();
    private final List<Integer> settledAfterChanges = new ArrayList<>();
    private HBox control;

    @Start
    void start(Stage stage) {
        panel.addChangeListener(changes::add);
        panel.addSettleListener(() -> settledAfterChanges.add(changes.size()));
        control = (HBox) ParamControl.of(panel.param("sectionUs").orElseThrow(), ParameterPanel.styled("sectionUs"));
        control.setPrefWidth(400);
        stage.setScene(new Scene(new StackPane(control), 460, 80));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private Slider slider() {
        return (Slider) control.getChildren().stream().filter(Slider.class::isInstance).findFirst().orElseThrow();
    }

    @Test
    void theValueFollowsTheThumbDuringTheDragAndTheReleaseAddsNothing() {
        ParamViewModel p = panel.param("sectionUs").orElseThrow();
        String before = p.value();
        Node thumb = slider().lookup(".thumb");
        Bounds track = slider().localToScreen(slider().getBoundsInLocal());

        moveTo(thumb).press(MouseButton.PRIMARY).moveTo(track.getMinX() + track.getWidth() * 0.2, track.getCenterY());

        assertTrue(slider().isValueChanging(), "still dragging");
        assertNotEquals(before, p.value(), "committed while the button is down");
        assertEquals(p.value(), changes.get(changes.size() - 1).getOrDefault("sectionUs", p.defaultValue()));
        String rested = p.value();
        assertEquals(rested, lookupText(), "the field shows the committed value");
        int changesBeforeRelease = changes.size();

        release(MouseButton.PRIMARY);

        assertEquals(rested, p.value());
        assertEquals(changesBeforeRelease, changes.size(), "releasing where the thumb rests runs nothing new");
        assertEquals(List.of(changesBeforeRelease), settledAfterChanges,
                "the release settles once, after the last position was committed: its run need not wait");
    }

    @Test
    void aClickOnTheTrackChangesTheValueAndSettlesOnRelease() {
        ParamViewModel p = panel.param("sectionUs").orElseThrow();
        String before = p.value();
        Bounds track = slider().localToScreen(slider().getBoundsInLocal());

        moveTo(track.getMinX() + track.getWidth() * 0.9, track.getCenterY()).press(MouseButton.PRIMARY);
        assertNotEquals(before, p.value(), "the press moves the value");
        assertTrue(settledAfterChanges.isEmpty(), "not settled while the button is down");
        release(MouseButton.PRIMARY);

        assertEquals(List.of(changes.size()), settledAfterChanges);
    }

    @Test
    void aTypedValueSettlesOnEnter() {
        TextField field = (TextField) control.getChildren().stream().filter(TextField.class::isInstance).findFirst()
                .orElseThrow();
        clickOn(field);
        interact(() -> field.setText("2500"));
        type(javafx.scene.input.KeyCode.ENTER);

        assertEquals("2500", panel.param("sectionUs").orElseThrow().value());
        assertEquals(List.of(changes.size()), settledAfterChanges, "Enter settles right after its change");
    }

    private String lookupText() {
        return ((TextField) control.getChildren().stream().filter(TextField.class::isInstance).findFirst().orElseThrow())
                .getText();
    }
}
