package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryFigures;
import org.schedlab.io.read.Fixtures;
import org.schedlab.model.Dataset;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Figures tab as wide as a 1280 px window's side panel, with a YCSB output: every figure's name
 * and value reads whole. Cut in the middle, CLEANUP's average, 95th and 99th percentile latency all
 * read "ycsb.CLEANUP....eLatency(us)", the young and old GC counts "ycsb.TOTAL_GC...ration.Count",
 * and the throughput "1481.481481...".
 */
@ExtendWith(ApplicationExtension.class)
class FiguresNamesWholeTest extends FxRobot {
    /** Its own window: TestFX's shared one keeps the size an earlier class gave it. */
    @RegisterExtension
    final OwnStage own = new OwnStage();

    private final TimelineViewModel timeline = new TimelineViewModel();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        FiguresPanel panel = new FiguresPanel(new FiguresViewModel(timeline, () -> "f.txt"));
        panel.viewModel().activeProperty().set(true);
        // the side panel's width at 1280 px
        own.open(stage -> {
            stage.setScene(new Scene(panel, 370, 600));
            stage.show();
        }, 370, 640);
    }

    @Test
    void everyNameAndValueReadsWholeAtALaptopsPanelWidth() throws Exception {
        Dataset d = Fixtures.importAll("public/ycsb/depdx_LOG8430_outputRun_workloada.txt").dataset();
        interact(() -> timeline.setDataset(d));
        @SuppressWarnings("unchecked")
        TableView<SummaryFigures.Row> t = FxWait.onFx(() -> lookup("#figures-table").queryAs(TableView.class));
        FxWait.untilOnFx("the figures", 30, () -> t.getItems().stream()
                .anyMatch(r -> r.name().equals("ycsb.CLEANUP.99thPercentileLatency(us)")));
        List<String> notWhole = new ArrayList<>();
        List<String> names = new ArrayList<>();
        ShownText.eachRowsCells(t, (c, r) -> {
            String shown = ShownText.of(c);
            SummaryFigures.Row item = t.getItems().get(r);
            boolean nameColumn = c.getTableColumn() == t.getColumns().get(0);
            String whole = nameColumn ? item.name() : item.value();
            if (!shown.replace("\n", "").equals(whole)) {
                notWhole.add(shown);
            }
            if (nameColumn && !names.contains(item.name())) {
                names.add(item.name());
            }
            if (item.name().equals("ycsb.OVERALL.Throughput(ops/sec)") && !nameColumn) {
                assertEquals("1481.4814814814815", shown, "the value on one line, as table prints it");
            }
        });
        assertEquals(t.getItems().size(), names.size(), "every row's name looked at");
        assertTrue(notWhole.isEmpty(), "not read whole: " + notWhole);
    }
}
