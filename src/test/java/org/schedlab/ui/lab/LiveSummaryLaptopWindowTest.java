package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.OwnStage;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Live tab's summary in a 1280 x 720 window (a laptop): one long value (a runqlat row, "mean
 * 1,234 us, p99 12.3 ms (5678)") made the value column as wide as itself, and every metric's name
 * was cut to "ru...", "cp...", "lat...". The names stay readable; the figures stay whole.
 */
@ExtendWith(ApplicationExtension.class)
class LiveSummaryLaptopWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    @Test
    void theMetricNamesAndTheFiguresAreReadableOnALaptopScreen() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live summary", 30, () -> lookup("#live-summary .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        // each cell's text and its text as drawn, and the rows, read on the FX thread, which lays them out
        List<String[]> names = new ArrayList<>();
        List<String[]> figures = new ArrayList<>();
        List<SummaryRows.Row> rows = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#live-summary .table-cell").queryAll()) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() == null || c.isEmpty() || c.getText() == null || !c.isVisible()) {
                    continue;
                }
                if (c.getTableColumn().getText().equals("metric")) {
                    names.add(new String[] {c.getText(), org.schedlab.ui.ShownText.of(c)});
                } else if (c.getText().length() <= 16) {
                    figures.add(new String[] {c.getText(), org.schedlab.ui.ShownText.of(c)});
                }
            }
            rows.addAll(lookup("#live-summary").queryAs(SummaryTable.class).getItems());
        });
        assertFalse(names.isEmpty());
        assertTrue(rows.stream().anyMatch(r -> r.section().equals("runqlat") && r.value().length() > 24),
                "the run has a long runqlat row, the value that took the width: " + rows);
        for (String[] name : names) {
            // a long name ("profile  kernel section (A)") may end in "...", after its first 14 characters
            String shown = name[1];
            assertTrue(shown.equals(name[0]) || shown.length() >= Math.min(name[0].length(), 15),
                    "a metric's name cut to '" + shown + "' (" + name[0] + ")");
        }
        for (String[] figure : figures) {
            assertEquals(figure[0], figure[1], "a figure cut in a 1280 px window");
        }
    }
    /**
     * Case B's latency rows are long values ("mean 6,250 us, p99 29.0 ms"): cut at a laptop's
     * width they read "mean 6,250 us, p99 29...", a figure shown in part, and cut between words
     * still "mean 5,567 us, p99...", the p99 lost. The figures are whole: a long value takes a
     * second line, broken after a comma, whatever the window's width.
     */
    @Test
    void aLongValueIsWholeOnLinesBrokenAfterItsCommas() throws Exception {
        showCaseBLiveSummary();
        // the window a few pixels wider or narrower than a laptop's: each long value at many widths
        List<String[]> longValues = new ArrayList<>();
        for (double w = OwnStage.LAPTOP_WIDTH - 40; w <= OwnStage.LAPTOP_WIDTH + 120; w += 8) {
            double width = w;
            interact(() -> stage.get().setWidth(width));
            WaitForAsyncUtils.waitForFxEvents();
            interact(() -> {
                for (Node n : lookup("#live-summary .table-cell").queryAll()) {
                    TableCell<?, ?> c = (TableCell<?, ?>) n;
                    if (c.getTableColumn() != null && c.getTableColumn().getText().equals("value") && !c.isEmpty()
                            && c.getItem() instanceof String item && c.isVisible() && item.length() > 16) {
                        longValues.add(new String[] {item, org.schedlab.ui.ShownText.of(c)});
                    }
                }
            });
        }
        assertTrue(longValues.stream().anyMatch(v -> v[1].contains("\n")),
                "a long value on two lines: the case this is about " + longValues.stream().map(v -> v[1]).toList());
        for (String[] v : longValues) {
            assertEquals(v[0], v[1].replace(",\n", ", "), "as drawn");
        }
    }

    /**
     * Case B's rows that say where the spinners' CPU went, "rwsem  spin while handoff" and its three
     * siblings, were cut at a laptop's width to "rwsem  spin while ..." and "spin while r...", and
     * its two spin sites both read "profile  rwsem spin...": the figure the user came for under a
     * name nobody could read. Every name is drawn whole, on more lines where it must be.
     */
    @Test
    void everyMetricNameIsWholeOnALaptopScreen() throws Exception {
        showCaseBLiveSummary();
        SummaryTable table = FxWait.onFx(() -> lookup("#live-summary").queryAs(SummaryTable.class));
        List<String[]> names = new ArrayList<>();
        org.schedlab.ui.ShownText.eachRowsCells(table, (c, row) -> {
            if (c.getTableColumn() != null && c.getTableColumn().getText().equals("metric")
                    && c.getItem() instanceof String item) {
                names.add(new String[] {item, org.schedlab.ui.ShownText.of(c)});
            }
        });
        assertTrue(names.stream().anyMatch(n -> n[0].equals("rwsem  spin while handoff")),
                "case B's summary has the rows this is about: " + names.stream().map(n -> n[0]).toList());
        assertTrue(names.stream().anyMatch(n -> n[1].contains("\n")),
                "a name too long for a laptop's column, on two lines: "
                        + names.stream().map(n -> n[1]).toList());
        for (String[] n : names) {
            assertEquals(n[0], n[1].replace("\n", ""), "a metric's name as drawn");
        }
    }

    /** Case B's short live run on the Live run tab, waiting for its summary's rows. */
    private void showCaseBLiveSummary() throws Exception {
        org.schedlab.sim.scenario.Scenario caseB = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("mongodb-ycsb-a");
        interact(() -> {
            window.lab.openLive(caseB, Map.of("durationMs", "200"));
            window.ui.showLive();
        });
        FxWait.untilOnFx("the live summary", 60, () -> lookup("#live-summary .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()));
    }
}
