package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * {@code L} over a perf sched recording, which holds no lock events: the step bar said "no
 * lock-holder preemption or handoff stall in this run", a finding the recording cannot support -
 * a kernel engineer read it as "the locks were fine" where no lock was recorded at all. The step
 * bar's own lock button said "none after this point" alike.
 */
@ExtendWith(ApplicationExtension.class)
class LockKeyWithoutLockEventsWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    @Test
    void lOverARecordingWithoutLockEventsSaysNoLockWasRecorded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("perf_sched_script.txt");
        Files.writeString(file, String.join("\n",
                "perf  7396 [000]   329.519891: sched:sched_switch: prev_comm=perf prev_pid=7396 prev_prio=120"
                        + " prev_state=D ==> next_comm=migration/0 next_pid=18 next_prio=0",
                "migration/0    18 [000]   329.519926: sched:sched_switch: prev_comm=migration/0 prev_pid=18"
                        + " prev_prio=0 prev_state=S ==> next_comm=postgres next_pid=7386 next_prio=120",
                "postgres  7386 [000]   329.519997: sched:sched_switch: prev_comm=postgres prev_pid=7386"
                        + " prev_prio=120 prev_state=R ==> next_comm=postgres next_pid=7383 next_prio=120",
                "postgres  7383 [000]   329.520046: sched:sched_switch: prev_comm=postgres prev_pid=7383"
                        + " prev_prio=120 prev_state=S ==> next_comm=pgbench next_pid=7377 next_prio=120", ""));
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the recording is shown and prepared", 30,
                () -> window.vm.timeline().dataset().cpuCount() == 1 && window.vm.timeline().data().isPrepared());
        assertTrue(FxWait.onFx(() -> window.vm.timeline().dataset().locks().isEmpty()), "a recording without locks");
        interact(() -> window.workbench.timelineView().requestFocus());
        type(KeyCode.L);
        Label position = lookup("#step-position").queryAs(Label.class);
        String text = FxWait.onFx(position::getText);
        assertTrue(text.contains("no lock events in this recording"), text);
        assertTrue(!text.contains("no lock-holder preemption or handoff stall in this run"), text);
        clickOn("#step-next-lhp"); // the step bar's own lock button
        String fromButton = FxWait.onFx(position::getText);
        assertTrue(fromButton.contains("no lock events in this recording"), fromButton);
    }
}
