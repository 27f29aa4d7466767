package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.model.TaskInfo;

class PaletteTest {

    @Test
    void sameTaskGetsTheSameColorInEveryDataset() {
        int a = Palette.taskColor(new TaskInfo(0, 7386, 7386, "postgres"));
        int b = Palette.taskColor(new TaskInfo(41, 7386, 1, "postgres"));
        assertEquals(a, b, "depends on comm and tid only, not on task id or pid");
        // pinned: a color that changed between versions would break every saved screenshot's legend
        assertEquals(Palette.colorFor("postgres", 7386), a);
        assertEquals(0xFF, Argb.alpha(a));
    }

    @Test
    void neighbouringTidsGetClearlyDifferentColors() {
        int similar = 0;
        for (int tid = 7376; tid < 7396; tid++) {
            int c1 = Palette.colorFor("postgres", tid);
            int c2 = Palette.colorFor("postgres", tid + 1);
            assertNotEquals(c1, c2);
            if (distance(c1, c2) < 60) {
                similar++;
            }
        }
        assertTrue(similar <= 3, similar + " of 20 neighbouring pairs look alike");
    }

    @Test
    void colorsStayReadableUnderTheirLabels() {
        Set<Integer> seen = new HashSet<>();
        for (int tid = 1; tid < 2000; tid++) {
            int c = Palette.colorFor("task", tid);
            seen.add(c);
            double l = Argb.luminance(c);
            assertTrue(l > 0.2 && l < 0.85, "neither near-black nor near-white: " + Integer.toHexString(c));
            int text = Palette.textOn(c);
            assertTrue(Math.abs(Argb.luminance(text) - l) > 0.3, "text contrast on " + Integer.toHexString(c));
        }
        assertTrue(seen.size() > 1900, "2000 tids, " + seen.size() + " colors");
    }

    private static double distance(int a, int b) {
        int dr = Argb.red(a) - Argb.red(b);
        int dg = Argb.green(a) - Argb.green(b);
        int db = Argb.blue(a) - Argb.blue(b);
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }
}
