package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A teacher making slides exports the Live run under none, then under lazy, then lazy with a FIFO
 * B: File > Export view offered "teach-kernel-section-live.png" each time, and taking it wrote each
 * picture over the one before. The name offered says what the caption says differs from the
 * scenario's defaults.
 */
@ExtendWith(ApplicationExtension.class)
class LiveExportNameWindowTest extends FxRobot {
    @TempDir
    Path dir;

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private AnsweringExportPicker picker;

    @Start
    void start(Stage stage) {
        picker = new AnsweringExportPicker(dir);
        window.beforeShow(wb -> wb.setExportPicker(picker)).show(stage);
    }

    @Test
    void theNameOfferedNamesTheValuesThatDifferFromTheDefaults() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        exportAfterRun(Map.of(), "teach-kernel-section-live.png");
        exportAfterRun(Map.of("preemption", "lazy"), "teach-kernel-section-preemption-lazy-live.png");
        exportAfterRun(Map.of("preemption", "lazy", "bClass", "fifo"),
                "teach-kernel-section-bClass-fifo-preemption-lazy-live.png");
        assertEquals(List.of("teach-kernel-section-live.png", "teach-kernel-section-preemption-lazy-live.png",
                "teach-kernel-section-bClass-fifo-preemption-lazy-live.png"), picker.asked);
        for (String name : picker.asked) {
            FxWait.until(name + " written", 30, () -> Files.exists(dir.resolve(name)));
        }
    }

    /** Sets {@code values} as a tour step's Show does (the rest at the scenario's), waits for the run, exports. */
    private void exportAfterRun(Map<String, String> values, String expected) throws Exception {
        if (!values.isEmpty()) {
            Object before = FxWait.onFx(() -> window.lab.live().timeline().dataset());
            interact(() -> window.lab.livePanelProperty().get().apply(values));
            FxWait.untilOnFx("the run with " + values, 60, () -> window.lab.live().timeline().dataset() != before
                    && !window.lab.live().busyProperty().get());
        }
        FxWait.untilOnFx("the run shown", 60, () -> window.lab.live().outcome().isPresent()
                && !window.lab.live().busyProperty().get()
                && org.schedlab.ui.export.TimelineSnapshot.available(window.lab.live().timeline()));
        WaitForAsyncUtils.waitForFxEvents();
        int asked = picker.asked.size();
        clickOn("File");
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("Export view as PNG\u2026");
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.until("the name asked for", 10, () -> picker.asked.size() > asked);
        assertEquals(expected, picker.asked.get(asked));
    }
}
