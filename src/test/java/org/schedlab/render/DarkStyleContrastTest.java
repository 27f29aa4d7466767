package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The dark theme's timeline reads as well as the light one: text and muted text at least 4.5:1
 * against everything they are drawn on (WCAG AA for text), and the marks a user hunts for
 * (preemptions, lock-holder preemptions, handoff stalls, scheduler ticks) at least 3:1 against
 * the lanes they sit on (WCAG's ratio for graphics). Ink preemption marks on near-black lanes, or
 * the light theme's crimson there, would be lost.
 */
class DarkStyleContrastTest {
    private static final TimelineStyle S = TimelineStyle.DARK;

    @Test
    void textAndMutedTextReadOnEveryDarkBackground() {
        Map<String, Integer> backgrounds = Map.of("background", S.backgroundArgb(), "lane", S.laneArgb(),
                "alternate lane", S.laneAltArgb(), "label column", S.labelColumnArgb(),
                "group header", S.groupHeaderArgb());
        backgrounds.forEach((name, bg) -> {
            assertAtLeast(4.5, S.textArgb(), bg, "text on the " + name);
            assertAtLeast(4.5, S.mutedTextArgb(), bg, "muted text on the " + name);
        });
    }

    @Test
    void marksStandOutOfTheDarkLanes() {
        Map<String, Integer> marks = Map.of("preemption", S.preemptionArgb(),
                "lock-holder preemption", S.lockHolderPreemptionArgb(), "lock handoff stall", S.lockHandoffArgb(),
                "scheduler tick", S.schedulerTickArgb(), "operation median", S.inkArgb(),
                "counter line", S.counterLineArgb());
        marks.forEach((name, mark) -> {
            assertAtLeast(3, mark, S.laneArgb(), name + " on a lane");
            assertAtLeast(3, mark, S.laneAltArgb(), name + " on an alternate lane");
            assertAtLeast(3, mark, S.backgroundArgb(), name + " on the axis");
        });
    }

    @Test
    void theDarkStyleIsDarkAndKeepsTheScreensTextSizes() {
        assertTrue(relativeLuminance(S.backgroundArgb()) < 0.05 && relativeLuminance(S.laneArgb()) < 0.05,
                "dark lanes");
        assertTrue(S.labelFontPx() == TimelineStyle.LIGHT.labelFontPx()
                && S.axisFontPx() == TimelineStyle.LIGHT.axisFontPx()
                && S.smallFontPx() == TimelineStyle.LIGHT.smallFontPx(), "the lanes' labels fit as in light");
    }

    private static void assertAtLeast(double ratio, int fg, int bg, String what) {
        double c = contrast(fg, bg);
        assertTrue(c >= ratio, what + ": " + String.format("%.2f", c) + ":1, wanted " + ratio + ":1");
    }

    /** WCAG 2.x contrast ratio of two opaque colors (an alpha is composed over {@code bg} first). */
    static double contrast(int fg, int bg) {
        int over = StateColors.over(fg, bg);
        double a = relativeLuminance(over);
        double b = relativeLuminance(bg);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }

    static double relativeLuminance(int argb) {
        return 0.2126 * linear(Argb.red(argb)) + 0.7152 * linear(Argb.green(argb)) + 0.0722 * linear(Argb.blue(argb));
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
