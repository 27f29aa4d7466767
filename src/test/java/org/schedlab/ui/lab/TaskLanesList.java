package org.schedlab.ui.lab;

import java.util.Optional;

import org.controlsfx.control.CheckComboBox;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;

/** The toolbar's "Task lanes" list as the window tests of the Live run and A/B tabs use it. */
final class TaskLanesList {
    private TaskLanesList() {
    }

    @SuppressWarnings("unchecked")
    static CheckComboBox<Integer> of(FxRobot robot) {
        return robot.lookup("#task-lanes").queryAs(CheckComboBox.class);
    }

    /** The list's item whose text is {@code text}, if it lists one. */
    static Optional<Integer> item(FxRobot robot, String text) {
        CheckComboBox<Integer> list = of(robot);
        return FxWait.onFx(() -> list.getItems().stream()
                .filter(i -> text.equals(list.getConverter().toString(i))).findFirst());
    }
}
