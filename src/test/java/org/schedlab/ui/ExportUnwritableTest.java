package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.concurrent.Task;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.model.Dataset;
import org.schedlab.render.Caption;
import org.schedlab.render.Figure;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.Viewport;
import org.schedlab.ui.export.ExportViewModel;
import org.schedlab.ui.export.TextKind;
import org.schedlab.ui.export.ViewSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Export view as PNG/SVG to a place it cannot be written: one message naming the file and why,
 * shown to the user; nothing thrown, nothing half-written.
 */
@ExtendWith(ApplicationExtension.class)
class ExportUnwritableTest extends FxRobot {
    @TempDir
    Path dir;

    private final List<String> failures = new ArrayList<>();

    private ExportViewModel exporter() {
        Dataset d = UiFixtures.busy("fixture", 2, 0, 1_000_000);
        Figure f = Figure.single(new Caption("fixture.json", List.of(), 0, 1_000_000, "test"),
                TimelinePanel.of("", TimelineData.of(d), new Viewport(0, 1_000_000, 400, 200)));
        ViewSource source = new ViewSource() {
            @Override
            public Optional<Figure> figure() {
                return Optional.of(f);
            }

            @Override
            public boolean hasFigure() {
                return true;
            }

            @Override
            public Optional<Dataset> dataset() {
                return Optional.of(d);
            }

            @Override
            public String fileStem() {
                return "fixture";
            }

            @Override
            public Optional<TextJob> text(TextKind kind) {
                return Optional.empty();
            }
        };
        ExportViewModel vm = new ExportViewModel(Task::run, text -> { }, () -> source);
        vm.addFailureListener(failures::add);
        return vm;
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "svg"})
    void aTargetThatIsADirectoryWithFilesInItSaysSo(String ext) throws Exception {
        Path target = Files.createDirectory(dir.resolve("view." + ext));
        Files.writeString(target.resolve("keep.txt"), "mine");
        interact(() -> exporter().exportView(target, 1));
        assertEquals(1, failures.size(), failures.toString());
        String msg = failures.get(0);
        assertTrue(msg.contains(target.toString()) && msg.contains("directory"), msg);
        assertEquals("mine", Files.readString(target.resolve("keep.txt")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "svg"})
    void anEmptyDirectoryIsNotReplacedByThePicture(String ext) throws Exception {
        Path target = Files.createDirectory(dir.resolve("view." + ext));
        interact(() -> exporter().exportView(target, 1));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(Files.isDirectory(target));
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "svg"})
    void aTargetUnderAFileSaysSo(String ext) throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");
        Path target = file.resolve("view." + ext);
        interact(() -> exporter().exportView(target, 2));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("notes.txt") && failures.get(0).contains("directory"), failures.get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "svg"})
    void aReadOnlyPlaceSaysSo(String ext) {
        Path target = Path.of("/proc/view." + ext);
        interact(() -> exporter().exportView(target, 1));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("/proc") && !failures.get(0).contains("Exception"), failures.get(0));
    }
}
