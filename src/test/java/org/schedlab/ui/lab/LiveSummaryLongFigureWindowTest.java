package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javafx.scene.text.Font;
import javafx.scene.text.Text;
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
 * The Live tab's summary of s390-uperf in a projector's 1024 x 768 window: its
 * {@code tcp  bytesSent} figure, {@code 10,245,693,240}, was never broken, so it took ~135 px of
 * the ~224 px panel and the names beside it broke inside their words ("throughp" / "ut",
 * "involuntar" / "y"). The names keep their longest word; a figure wider than the room left breaks
 * after a thousands separator, never inside a group nor between the figure and its unit.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryLongFigureWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final OwnStage stage = new OwnStage();

    @Start
    void start(Stage primary) {
        stage.open(window::show, 1024, 768);
    }

    @Test
    void s390UperfNamesKeepTheirWordsAndTheLongFigureBreaksAfterASeparator() throws Exception {
        LiveSummaryCells.openAndWait(this, window, ScenarioCatalog.builtIn("s390-uperf"), Map.of());
        List<String> problems = new ArrayList<>();
        List<String> bytesSent = new ArrayList<>();
        LiveSummaryCells.eachDrawn(this, (column, item, shown) -> {
            if (column.equals("metric")) {
                // a line break inside a run of small letters or digits: "involuntar" / "y"
                // (between words, or a camel-case or underscored name's parts, is fine)
                if (LiveSummaryCells.breaksInsideAWord(item, shown)) {
                    problems.add("name '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
                }
                return;
            }
            if (item.equals("10,245,693,240")) {
                bytesSent.add(shown);
            }
            if (shown.contains("\u2026") || shown.contains("...")
                    || !item.replaceAll("\\s", "").equals(shown.replaceAll("\\s", ""))) {
                problems.add("value '" + item + "' drawn as '" + shown.replace("\n", "/") + "'");
            }
            // a figure breaks only after a thousands separator
            if (item.length() <= 16 && shown.contains("\n")
                    && !shown.matches("(?s)[^\n]*,(\n[^\n]*,)*\n[^\n]*")) {
                problems.add("figure '" + item + "' broken as '" + shown.replace("\n", "/") + "'");
            }
        });
        assertEquals(List.of(), problems.stream().distinct().collect(Collectors.toList()));
        assertTrue(!bytesSent.isEmpty(), "the tcp bytesSent row, the figure this is about, was drawn");
        assertEquals(Set.of("10,245,\n693,240"), Set.copyOf(bytesSent),
                "too wide for the room beside 'involuntary', it breaks evenly after a separator");
    }

    @Test
    void aFigureBreaksAfterAThousandsSeparatorOnlyWhereItDoesNotFit() throws Exception {
        interact(() -> {
            Font font = Font.font(Font.getDefault().getFamily(), 14);
            Text probe = new Text();
            probe.setFont(font);
            probe.setText("10,245,693,240");
            double whole = probe.getLayoutBounds().getWidth();
            probe.setText("10,245,");
            double half = Math.max(probe.getLayoutBounds().getWidth(), width(probe, "693,240"));
            assertEquals("10,245,693,240", SummaryTable.lines("10,245,693,240", font, whole + 1));
            assertEquals("10,245,\n693,240", SummaryTable.lines("10,245,693,240", font, whole - 1));
            assertEquals("10,245,\n693,240", SummaryTable.lines("10,245,693,240", font, half + 1));
            assertEquals("10,\n245,\n693,\n240", SummaryTable.lines("10,245,693,240", font, 20));
            // never between the figure and its unit, never inside a group
            assertEquals("176,\n542 tps", SummaryTable.lines("176,542 tps", font, width(probe, "176,542 tps") - 1));
            // a figure without a separator breaks only between its number and its unit, where it does not fit
            assertEquals("99.5 sections/s", SummaryTable.lines("99.5 sections/s", font, width(probe, "99.5 sections/s") + 1));
            assertEquals("99.5\nsections/s", SummaryTable.lines("99.5 sections/s", font, 20));
            // a figure with words before its number stays whole: not "mean 13.3" over "us"
            assertEquals("mean 13.3 us", SummaryTable.lines("mean 13.3 us", font, 20));
            assertEquals("4.5 in 12 phases", SummaryTable.lines("4.5 in 12 phases", font, 20));
        });
    }

    /**
     * teach-remote-wakeup's Live summary in a projector's 1024 x 768 window: its throughput,
     * "333.0 wake-ups/s", has no thousands separator to break after, so it was kept whole and took
     * the names' room - "run throughput" read "throug" / "hput" (and on a desktop's fonts the figure
     * ran under the scroll bar). The figure breaks between its number and its unit instead.
     */
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

    private static double width(Text probe, String s) {
        probe.setText(s);
        return probe.getLayoutBounds().getWidth();
    }
}
