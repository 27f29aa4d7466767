package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryFigures;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Figures tab of the built-in example (a 50 ms window of a recording) as wide as a 1280 px
 * window's side panel: its window, "330.000000 s .. 330.050000 s", read "330." over "000000 s .."
 * over "330." over "050000 s", each number split at its decimal point, the value column sized on
 * one-word values only and the line broken after the dot as a name's would be. Each time is whole
 * on a line, with its unit.
 */
@ExtendWith(ApplicationExtension.class)
class FiguresNumbersWholeTest extends FxRobot {
    /** A number, then its unit: on one line. */
    private static final Pattern TIME = Pattern.compile("\\d+\\.\\d+ s");

    /** Its own window: TestFX's shared one keeps the size an earlier class gave it. */
    @RegisterExtension
    final OwnStage own = new OwnStage();

    private final TimelineViewModel timeline = new TimelineViewModel();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        FiguresPanel panel = new FiguresPanel(new FiguresViewModel(timeline, () -> "f.json"));
        panel.viewModel().activeProperty().set(true);
        // the side panel's width at 1280 px
        own.open(stage -> {
            stage.setScene(new Scene(panel, 370, 600));
            stage.show();
        }, 370, 640);
    }

    @Test
    void theWindowsTimesAreEachWholeOnALineAtALaptopsPanelWidth() throws Exception {
        Dataset d = DatasetJson.read(Path.of("example-data/datasets/pgbench-2cpu-50ms.json"));
        interact(() -> timeline.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<SummaryFigures.Row> t = FxWait.onFx(() -> lookup("#figures-table").queryAs(TableView.class));
        FxWait.untilOnFx("the figures", 30, () -> t.getItems().stream().anyMatch(r -> r.name().equals("window")));
        List<String> windows = new ArrayList<>();
        List<String> split = new ArrayList<>();
        ShownText.eachRowsCells(t, (c, r) -> {
            SummaryFigures.Row item = t.getItems().get(r);
            if (c.getTableColumn() != t.getColumns().get(1)) {
                return;
            }
            String shown = ShownText.of(c);
            if (item.name().equals("window")) {
                windows.add(shown);
            }
            if (Pattern.compile("\\d[.,]\n\\d").matcher(shown).find()) {
                split.add(shown);
            }
        });
        assertTrue(!windows.isEmpty(), "the window's row shown");
        for (String w : windows) {
            long times = TIME.matcher(w).results().count();
            assertTrue(times == 2, "both times whole, each with its unit: '" + w + "'");
            // as README shows it: the range's ".." after its start, not alone on a line of its own
            assertEquals(List.of("330.000000 s ..", "330.050000 s"), w.lines().map(String::strip).toList(), w);
        }
        assertTrue(split.isEmpty(), "numbers split across lines: " + split);
    }
}
