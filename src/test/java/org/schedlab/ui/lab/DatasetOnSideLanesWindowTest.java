package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import javafx.scene.control.TabPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.ui.DatasetOpener;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineViewModel;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "A ← dataset" puts the Dataset tab's recording on side A with the task lanes the Dataset tab
 * shows it with - the ones the user picked there - rather than a default set the FX thread would
 * choose by walking every slice.
 */
@ExtendWith(ApplicationExtension.class)
class DatasetOnSideLanesWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    @Test
    void sideAOpensWithTheLanesPickedOnTheDatasetTab() throws Exception {
        interact(() -> window.vm.openFiles(List.of(LabFixtures.RECORDING)));
        FxWait.untilOnFx("the recording", 30, () -> window.vm.timeline().dataset() != TimelineViewModel.NO_DATASET);
        Dataset d = window.vm.timeline().dataset();
        List<Integer> picked = List.of(d.tasks().size() - 1, 0);
        assertNotEquals(TimelineViewModel.defaultTaskLanes(d), picked);
        interact(() -> window.vm.timeline().setTaskLanes(picked));

        interact(() -> lookup("#workspaces").queryAs(TabPane.class).getSelectionModel().select(1));
        clickOn("#ab-dataset-a");
        TimelineViewModel a = window.lab.compare().side(CompareViewModel.Side.A).timeline();
        FxWait.untilOnFx("A shows the recording", 30, () -> a.dataset() == d);
        assertEquals(picked, a.trackSpecProperty().get().taskLanes());
        FxWait.untilOnFx("A's summary", 60, () -> window.lab.compare().side(CompareViewModel.Side.A).outcome()
                .map(o -> o.dataset().orElse(null) == d).orElse(false));
        assertSame(d, a.dataset());
        assertEquals(picked, a.trackSpecProperty().get().taskLanes(), "kept once the summary is in");
    }
}
