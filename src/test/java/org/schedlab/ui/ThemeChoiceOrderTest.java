package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quick switches of View > Dark theme are remembered in the order made: the next launch opens in
 * the theme the user left, not in one a late write put back.
 */
class ThemeChoiceOrderTest {
    @TempDir
    Path dir;

    @Test
    void theLastOfManyQuickSwitchesIsTheOneRemembered() throws Exception {
        Path file = dir.resolve("theme");
        ThemeChoice choice = ThemeChoice.storedIn(file);
        for (int i = 0; i < 200; i++) {
            choice.remember(i % 2 == 0); // dark, light, ..., the last (i = 199) light
        }
        // settled: the file says light and nothing overwrites it for a while after
        long deadline = System.nanoTime() + 30_000_000_000L;
        long lightSince = -1;
        while (System.nanoTime() < deadline) {
            boolean light = Files.isRegularFile(file)
                    && Files.readString(file, StandardCharsets.UTF_8).strip().equals("light");
            if (!light) {
                lightSince = -1;
            } else if (lightSince < 0) {
                lightSince = System.nanoTime();
            } else if (System.nanoTime() - lightSince > 1_000_000_000L) {
                break;
            }
            Thread.sleep(5);
        }
        assertEquals("light", Files.readString(file, StandardCharsets.UTF_8).strip());
        assertEquals(false, choice.dark(), "the next launch opens light, as the user left it");
    }
}
