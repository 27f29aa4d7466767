package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.io.ImportWarningsJsonTest;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;
import org.schedlab.ui.export.DatasetTabSource;
import org.schedlab.ui.export.ExportViewModel;
import org.schedlab.ui.export.TextKind;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit > Copy summary of a recording whose import warned ends naming the warnings the status bar
 * counts, as `schedlab table` prints them: the summary pasted into a mail says the recording is
 * not whole.
 */
@ExtendWith(ApplicationExtension.class)
class ExportCopyWarningsTest extends FxRobot {
    @Test
    void theDatasetTabsSummaryEndsWithTheImportWarnings() throws Exception {
        Dataset warned = Importer.standard().importFile(RecordingSource.ofBytes("sched.txt",
                ImportWarningsJsonTest.WARNED.getBytes(StandardCharsets.UTF_8))).dataset();
        List<String> warnings = warned.metadata().importWarnings();
        List<String> copied = new ArrayList<>();
        WorkbenchViewModel wb = new WorkbenchViewModel(Task::run,
                (sources, progress) -> new DatasetOpener.Opened(warned, warnings));
        ExportViewModel vm = new ExportViewModel(Task::run, copied::add, () -> new DatasetTabSource(wb, null));
        interact(() -> wb.openFiles(List.of(Path.of("sched.txt"))));
        FxWait.untilOnFx("the recording is open", 60, () -> wb.warningsProperty().size() == 1);
        interact(() -> vm.copy(TextKind.SUMMARY));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, copied.size());
        assertTrue(copied.get(0).contains("\n\n1 import warning: " + warnings.get(0).substring(0, 30)), copied.get(0));
    }
}
