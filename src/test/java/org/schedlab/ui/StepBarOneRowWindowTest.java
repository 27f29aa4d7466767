package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A step bar on one row (a stacked A/B side's header) says "keys . , P" before a step only where
 * the whole sentence has no room: a row wide enough reads the sentence, and a window made narrow
 * and then wide again comes back to it.
 */
@ExtendWith(ApplicationExtension.class)
class StepBarOneRowWindowTest extends FxRobot {
    private static final long MS = 1_000_000;
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        // this test's own stage only: the shared primary stage is left as it is
    }

    private static Dataset run() throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata("teach", "simulation", Map.of("preemption", "none"),
                java.util.OptionalLong.of(1), "t"));
        int a = b.addTask(1, 1, "A");
        b.slice(0, 0, 7 * MS, a, SliceState.USER);
        b.mark(MarkKind.WAKEUP, 3 * MS, 0, a, "");
        return b.build();
    }

    @Test
    void theIdleSentenceShowsWholeWhereTheRowHasRoomAndTheKeysOnlyWhereItHasNot() throws Exception {
        TimelineViewModel vm = new TimelineViewModel();
        vm.setDataset(run());
        interact(() -> stage.open(s -> {
            s.setScene(new Scene(new BorderPane(null, new StepBar("t-", vm.steps(), () -> { }).oneRow(), null, null, null)));
            s.show();
        }, 1400, 200));
        assertExplanation(StepViewModel.IDLE_EXPLANATION, "in a row 1400 px wide");

        interact(() -> stage.get().setWidth(420));
        assertExplanation(StepBar.ONE_ROW_IDLE, "in a row 420 px wide");

        interact(() -> stage.get().setWidth(1400));
        assertExplanation(StepViewModel.IDLE_EXPLANATION, "wide again");
    }

    private void assertExplanation(String expected, String where) {
        WaitForAsyncUtils.waitForFxEvents();
        interact(() -> {
            Labeled l = lookup("#t-step-explanation").queryLabeled();
            assertEquals(expected, l.getText(), where);
            assertEquals(expected, ShownText.of(l), where + ", as drawn");
        });
    }
}
