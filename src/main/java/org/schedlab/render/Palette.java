package org.schedlab.render;

import org.schedlab.model.TaskInfo;

/**
 * Stable task colors: the same comm and tid get the same color in every run, every dataset and
 * every export, so "the blue postgres backend" means the same thing on screen, in a PNG and in a
 * mail. The color comes from a hash (no state, no assignment order); hue spreads over the whole
 * circle while saturation and lightness stay in a band that reads well under dark or light text.
 */
public final class Palette {
    /** Stolen time (a vCPU the hypervisor took away): neutral grey, drawn hatched. */
    public static final int STOLEN = Argb.hex("#9AA1A9");
    /** The hatching drawn over stolen time. */
    public static final int STOLEN_HATCH = Argb.hex("#6E7781");

    private Palette() {
    }

    public static int taskColor(TaskInfo task) {
        return colorFor(task.comm(), task.tid());
    }

    /** The color of a task known by its kernel name and thread id. */
    public static int colorFor(String comm, int tid) {
        long h = mix(((long) comm.hashCode() << 32) ^ (tid & 0xFFFFFFFFL));
        double hue = (h & 0xFFFF) / 65536.0 * 360.0;
        double saturation = 0.52 + ((h >>> 16) & 0xFF) / 255.0 * 0.20;
        double lightness = 0.50 + ((h >>> 24) & 0xFF) / 255.0 * 0.16;
        int color = Argb.hsl(hue, saturation, lightness);
        // yellows and greens look far lighter than blues at the same HSL lightness: darken them
        // until every color carries white or dark text and stands out from the lane background
        while (Argb.luminance(color) > 0.72) {
            lightness -= 0.04;
            color = Argb.hsl(hue, saturation, lightness);
        }
        return color;
    }

    /** Text color that stays readable on {@code fillArgb}. */
    public static int textOn(int fillArgb) {
        return Argb.luminance(fillArgb) > 0.55 ? Argb.hex("#1F2328") : Argb.hex("#FFFFFF");
    }

    /** SplitMix64's finalizer: neighbouring tids land far apart on the hue circle. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
