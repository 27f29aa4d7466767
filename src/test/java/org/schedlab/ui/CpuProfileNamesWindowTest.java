package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The CPU tab's profile in a laptop's side panel (1280 px wide: the panel about 370 px): the
 * table's last column took the spare room, and "C2 CompilerThre (running)" read
 * "C2 Compile...(running)" beside a CPU time column far wider than "266 ms". The comm column takes
 * what the figures do not need.
 */
@ExtendWith(ApplicationExtension.class)
class CpuProfileNamesWindowTest extends FxRobot {
    @RegisterExtension
    final OwnStage own = new OwnStage();
    private final TimelineViewModel vm = new TimelineViewModel();

    @Start
    void start(Stage primary) {
        Workbench.applyTheme();
        own.open(s -> {
            s.setScene(new Scene(new CpuTimePanel(vm.summary())));
            s.show();
        }, 370, 600);
    }

    @Test
    void aLongCommIsWholeWhereTheFiguresLeaveRoom() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("perf.txt", "perf-sched-script"));
        int c2 = b.addTask(7348, 7329, "C2 CompilerThre");
        int pg = b.addTask(7380, 7380, "postgres");
        b.slice(0, 0, 266_000_000L, c2, SliceState.USER)
                .slice(0, 266_000_000L, 1_550_000_000L, pg, SliceState.USER)
                .slice(1, 0, 1_000_000_000L, Intervals.NO_TASK, SliceState.IDLE);
        Dataset d = b.build();
        interact(() -> vm.setDataset(d));
        TableView<?> profile = FxWait.onFx(() -> lookup("#cpu-profile").queryAs(TableView.class));
        FxWait.untilOnFx("the profile", 20, () -> profile.getItems().size() >= 2);
        String whole = FxWait.onFx(() -> profile.getItems().stream().map(r -> String.valueOf(profile.getColumns().get(0)
                .getCellData(profile.getItems().indexOf(r)))).filter(l -> l.startsWith("C2 CompilerThre ("))
                .findFirst().orElseThrow());
        FxWait.untilOnFx("the comm's cell", 20, () -> profile.lookupAll(".table-cell").stream()
                .anyMatch(n -> n instanceof TableCell<?, ?> c && whole.equals(c.getText())));
        List<String> shown = FxWait.onFx(() -> {
            profile.layout();
            return profile.lookupAll(".table-cell").stream()
                    .filter(n -> n instanceof TableCell<?, ?> c && whole.equals(c.getText()))
                    .map(n -> ((Text) n.lookup(".text")).getText()).toList();
        });
        assertEquals(List.of(whole), shown, "the comm whole, not cut in the middle");
    }
}
