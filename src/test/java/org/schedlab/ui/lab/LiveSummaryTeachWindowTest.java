package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * teach-remote-wakeup's Live summary in a projector's 1024 x 768 window: its throughput,
 * "333.0 wake-ups/s", has no thousands separator to break after, so it was kept whole and took
 * the names' room - "run throughput" read "throug" / "hput" (and on a desktop's fonts the figure
 * ran under the scroll bar). The figure breaks between its number and its unit instead.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryTeachWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void theThroughputsNameKeepsItsWordAndItsFigureIsWhole() throws Exception {
        LiveSummaryCells.openAndWait(this, window, ScenarioCatalog.builtIn("teach-remote-wakeup"), Map.of());
        List<String> problems = new ArrayList<>();
        List<String> names = new ArrayList<>();
        LiveSummaryCells.eachDrawn(this, (column, item, shown) -> {
            if (column.equals("metric")) {
                names.add(item);
                // no line ends inside a run of small letters or digits ("throug" / "hput"); between
                // words or a camel-case name's parts ("runnable" / "Wait") is fine
                if (LiveSummaryCells.breaksInsideAWord(item, shown)) {
                    problems.add("name '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
                }
            } else if (shown.contains("\u2026") || !item.replaceAll("\\s", "").equals(shown.replaceAll("\\s", ""))) {
                problems.add("value '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
            }
        });
        assertTrue(names.contains("run  throughput"), names.toString());
        assertEquals(List.of(), problems.stream().distinct().toList());
    }
}
