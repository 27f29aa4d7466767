package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab's summary in a projector's 1024 x 768 window and a laptop's 1280 px one: the value
 * column took the ~118 px its runqlat lines ("p99 134 us (12,345)") need, and the metric's names,
 * left the rest, broke inside their words, "run  throug" over "hput", "preemp" over "tions", and
 * the runqlat lines were cut, "p99 569 us..." without its count. A name breaks only between its
 * words (a camel-case name's too), and every value is drawn whole, on more lines if it must.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryWholeWordsWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void namesBreakBetweenWordsAndValuesAreWholeAt1024And1280() throws Exception {
        LiveSummaryCells.openAndWait(this, window, ScenarioCatalog.builtIn("pgbench-graviton4"), Map.of("cpus", "8",
                "clients", "64", "pgbenchThreads", "8", "warmupMs", "20", "durationMs", "60"));
        List<String> problems = new ArrayList<>();
        boolean[] sawRunqlat = new boolean[1];
        for (double[] size : new double[][] {{1024, 768}, {1280, 720}}) {
            interact(() -> {
                stage.get().setWidth(size[0]);
                stage.get().setHeight(size[1]);
            });
            WaitForAsyncUtils.waitForFxEvents();
            String where = (int) size[0] + " px: ";
            LiveSummaryCells.eachDrawn(this, (column, item, shown) -> {
                if (column.equals("metric")) {
                    // its words, and the words of a camel-case one ("runnable" / "Wait" where
                    // the figures beside it leave less than "runnableWait")
                    Set<String> words = new java.util.HashSet<>(Arrays.asList(item.trim().split("\\s+")));
                    for (String w : List.copyOf(words)) {
                        words.addAll(Arrays.asList(w.split("(?<=[a-z])(?=[A-Z])")));
                    }
                    List<String> drawn = Arrays.asList(shown.trim().split("\\s+"));
                    if (!words.containsAll(drawn)) {
                        problems.add(where + "name '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
                    }
                    return;
                }
                sawRunqlat[0] |= item.startsWith("mean ") && item.contains("(");
                // whole: every character drawn, on as many lines as it takes
                if (shown.contains("\u2026") || shown.contains("...")
                        || !item.replaceAll("\\s", "").equals(shown.replaceAll("\\s", ""))) {
                    problems.add(where + "value '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
                }
            });
        }
        assertTrue(sawRunqlat[0], "runqlat rows with their counts: the case this is about");
        assertEquals(List.of(), problems.stream().distinct().collect(Collectors.toList()));
    }
}
