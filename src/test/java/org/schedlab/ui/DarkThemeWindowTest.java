package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import javax.imageio.ImageIO;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;
import org.schedlab.render.TimelineLayout;
import org.schedlab.ui.export.ExportPicker;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * View > Dark theme (Ctrl+Shift+D) turns the whole window dark at once - the controls' theme,
 * our stylesheet's root class and the timeline's canvas - and back; it repaints and nothing else
 * (the dataset is the one open before); it is remembered; and a picture exported meanwhile is
 * light, as a review thread's pictures are read on white mail clients and printed.
 */
@ExtendWith(ApplicationExtension.class)
class DarkThemeWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @AfterEach
    void lightAgain() throws Exception {
        FxWait.onFx(() -> {
            Theme.apply(window.workbench.timelineView().getScene().getRoot(), false); // the JVM's next tests
            return null;
        });
    }

    @Test
    void switchesTheWindowAndItsTimelineToDarkAndBackRepaintingOnlyAndExportsStayLight() throws Exception {
        Path remembered = dir.resolve("config").resolve("theme");
        interact(() -> window.workbench.setThemeChoice(ThemeChoice.storedIn(remembered)));
        interact(() -> window.vm.openExample());
        TimelineView view = window.workbench.timelineView();
        FxWait.untilOnFx("the example is shown and painted", 60, () -> window.vm.timeline().dataset().cpuCount() == 2
                && window.vm.timeline().data().isPrepared() && view.lastPaintedViewport().isPresent());
        Dataset opened = FxWait.onFx(() -> window.vm.timeline().dataset());
        assertTrue(luminance(FxWait.onFx(() -> emptyLanePixel(view))) > 0.8, "light to begin with");

        interact(view::requestFocus);
        press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.D).release(KeyCode.SHIFT, KeyCode.CONTROL);
        FxWait.untilOnFx("the root is dark", 60, () -> Theme.isDark(view));
        assertTrue(FxWait.onFx(() -> view.getScene().getRoot().getStyleClass().contains("dark")), "the dark class");
        assertEquals(new PrimerDark().getUserAgentStylesheet(), FxWait.onFx(Application::getUserAgentStylesheet),
                "the controls' theme is Primer Dark");
        assertTrue(FxWait.onFx(darkItem()::isSelected), "View > Dark theme is checked");
        FxWait.untilOnFx("the status line says pictures stay light", 60, () -> lookup("#status-theme")
                .queryLabeled().getText().contains("exported pictures stay light"));
        FxWait.untilOnFx("an empty lane area repainted dark", 60, () -> luminance(emptyLanePixel(view)) < 0.15);
        assertSame(opened, FxWait.onFx(() -> window.vm.timeline().dataset()), "nothing opened again");
        FxWait.until("the choice is remembered", 30, () -> Files.exists(remembered)
                && Files.readString(remembered, StandardCharsets.UTF_8).strip().equals("dark"));
        assertTrue(ThemeChoice.storedIn(remembered).dark(), "the next launch opens dark");

        // a picture taken in the dark is light
        Path png = dir.resolve("dark-screen.png");
        interact(() -> window.workbench.setExportPicker(answering(png)));
        interact(view::requestFocus);
        press(KeyCode.CONTROL).type(KeyCode.E).release(KeyCode.CONTROL);
        FxWait.until("the PNG is written", 30, () -> Files.exists(png) && Files.size(png) > 0);
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(luminance(img.getRGB(2, 2)) > 0.9, "the picture's background is white");
        assertTrue(darkShare(img) < 0.05, "no dark lanes in the picture: " + darkShare(img));

        interact(view::requestFocus);
        press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.D).release(KeyCode.SHIFT, KeyCode.CONTROL);
        FxWait.untilOnFx("the root is light again", 60, () -> !Theme.isDark(view));
        assertFalse(FxWait.onFx(darkItem()::isSelected), "View > Dark theme is unchecked");
        assertFalse(FxWait.onFx(() -> view.getScene().getRoot().getStyleClass().contains("dark")));
        assertEquals(new PrimerLight().getUserAgentStylesheet(), FxWait.onFx(Application::getUserAgentStylesheet),
                "the controls' theme is Primer Light again");
        FxWait.untilOnFx("an empty lane area repainted light", 60, () -> luminance(emptyLanePixel(view)) > 0.8);
        assertSame(opened, FxWait.onFx(() -> window.vm.timeline().dataset()), "nothing opened again");
        FxWait.until("light is remembered", 30,
                () -> Files.readString(remembered, StandardCharsets.UTF_8).strip().equals("light"));
    }

    @Test
    void aMissingOrDamagedChoiceIsLight() throws Exception {
        assertFalse(ThemeChoice.storedIn(dir.resolve("none")).dark(), "never chosen");
        Files.writeString(dir.resolve("odd"), "\u0000garbage", StandardCharsets.UTF_8);
        assertFalse(ThemeChoice.storedIn(dir.resolve("odd")).dark(), "damaged");
        Files.createDirectories(dir.resolve("a-directory"));
        assertFalse(ThemeChoice.storedIn(dir.resolve("a-directory")).dark(), "not a file");
        assertFalse(ThemeChoice.inMemory().dark(), "tests never read the user's");
    }

    private CheckMenuItem darkItem() throws Exception {
        return FxWait.onFx(() -> window.workbench.menus().getMenus().stream().flatMap(m -> m.getItems().stream())
                .filter(i -> "menu-dark-theme".equals(i.getId())).map(CheckMenuItem.class::cast).findFirst()
                .orElseThrow());
    }

    /** A pixel of the timeline's canvas below the two CPU lanes, where no lane is: the lanes' background. */
    private static int emptyLanePixel(TimelineView view) {
        Canvas canvas = (Canvas) view.getChildrenUnmodifiable().stream().filter(n -> n instanceof Canvas)
                .findFirst().orElseThrow();
        TimelineLayout l = view.currentLayout();
        WritableImage shot = canvas.snapshot(null, null);
        int x = (int) (l.plotLeftPx() + l.plotWidthPx() * 0.43);
        int y = (int) (l.lanesBottomPx() - 12);
        return shot.getPixelReader().getArgb(x, y);
    }

    private static double luminance(int argb) {
        return (0.2126 * ((argb >> 16) & 0xFF) + 0.7152 * ((argb >> 8) & 0xFF) + 0.0722 * (argb & 0xFF)) / 255.0;
    }

    private static double darkShare(BufferedImage img) {
        long dark = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (luminance(img.getRGB(x, y)) < 0.12) {
                    dark++;
                }
            }
        }
        return dark / (double) ((long) img.getWidth() * img.getHeight());
    }

    private static ExportPicker answering(Path file) {
        return new ExportPicker() {
            @Override
            public Optional<Path> saveFile(Window owner, String title, String suggestedName, String description,
                                           String extension) {
                return Optional.of(file);
            }

            @Override
            public Optional<Path> directory(Window owner, String title, String suggestedName) {
                return Optional.of(file.resolveSibling("csv"));
            }
        };
    }
}
