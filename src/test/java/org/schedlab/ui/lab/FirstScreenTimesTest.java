package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The launch measurement's lines ({@code -Dschedlab.firstScreenTimes=true}): each side's steps, its
 * timeline painted and its summary in, and the table, each stamped with the time since the JVM
 * started. Same-thread executor, manual clock.
 */
@ExtendWith(ApplicationExtension.class)
class FirstScreenTimesTest extends FxRobot {
    @Test
    void eachStepOfBothSidesAndTheTableGetsALine() {
        LabViewModel lab = new LabViewModel(Task::run, new ManualScheduler(), new LabFixtures.CountingRunner(),
                Runnable::run);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        interact(() -> {
            FirstScreenTimes.follow(lab, out).line("start");
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none"), Map.of("preemption", "full"));
            for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                RunViewModel run = lab.compare().side(s);
                run.painted(run.timeline().dataset()); // as the card does at the first frame
            }
        });
        String text = bytes.toString(StandardCharsets.UTF_8);
        for (String step : new String[] {": start", ": A simulating", ": A timeline_ready", ": A timeline painted: timeline in ",
                ": A summary in: change to picture ", ": A idle", ": B timeline painted: ", ": B summary in: ",
                ": table shown ("}) {
            assertTrue(text.contains(step), step + " in:\n" + text);
        }
        assertTrue(text.lines().allMatch(l -> l.matches("first screen +\\d+ ms: .+")), text);
    }
}
