package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.model.Dataset;
import org.schedlab.render.Figure;
import org.schedlab.ui.export.ExportViewModel;
import org.schedlab.ui.export.TextKind;
import org.schedlab.ui.export.ViewSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit > Copy summary gives the text `schedlab table` prints: a task name with a byte the file
 * could not decode (U+FFFD) or a control character is copied as the command prints it, '?'.
 */
@ExtendWith(ApplicationExtension.class)
class ExportCopyPrintableTest extends FxRobot {
    @Test
    void copiedTextIsMadePrintableAsTheCommandPrintsIt() {
        List<String> copied = new ArrayList<>();
        ViewSource none = ViewSource.none();
        ViewSource source = new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                return none.figure();
            }

            @Override
            public boolean hasFigure() {
                return none.hasFigure();
            }

            @Override
            public Optional<Dataset> dataset() {
                return none.dataset();
            }

            @Override
            public String fileStem() {
                return none.fileStem();
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                return Optional.of(() -> "profile\n  post\uFFFDgres (running)  12.0%\n  kworker\u001b[2J  1.0%\n");
            }
        };
        ExportViewModel vm = new ExportViewModel(Task::run, copied::add, () -> source);
        interact(() -> vm.copy(TextKind.SUMMARY));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("profile\n  post?gres (running)  12.0%\n  kworker?[2J  1.0%\n"), copied);
    }
}
