package org.schedlab.render;

/** ARGB color ints: how every renderer names a color without a toolkit's color class. */
public final class Argb {
    private Argb() {
    }

    public static int rgb(int r, int g, int b) {
        return argb(255, r, g, b);
    }

    public static int argb(int a, int r, int g, int b) {
        return (clamp(a) << 24) | (clamp(r) << 16) | (clamp(g) << 8) | clamp(b);
    }

    /** Parses {@code #RRGGBB} (opaque). */
    public static int hex(String rrggbb) {
        if (rrggbb.length() != 7 || rrggbb.charAt(0) != '#') {
            throw new IllegalArgumentException("expected #RRGGBB, got " + rrggbb);
        }
        return 0xFF000000 | Integer.parseInt(rrggbb.substring(1), 16);
    }

    public static int alpha(int argb) {
        return argb >>> 24;
    }

    public static int red(int argb) {
        return (argb >> 16) & 0xFF;
    }

    public static int green(int argb) {
        return (argb >> 8) & 0xFF;
    }

    public static int blue(int argb) {
        return argb & 0xFF;
    }

    /** The same color with alpha {@code a} (0..255). */
    public static int withAlpha(int argb, int a) {
        return (clamp(a) << 24) | (argb & 0x00FFFFFF);
    }

    /** The opaque color part, dropping alpha: what "the same color" means in tests and legends. */
    public static int rgbOf(int argb) {
        return argb & 0x00FFFFFF;
    }

    /**
     * A color from hue (degrees), saturation and lightness (0..1). HSL because it lets the palette
     * spread hues while keeping every color equally light and readable.
     */
    public static int hsl(double hueDeg, double saturation, double lightness) {
        double h = ((hueDeg % 360) + 360) % 360 / 60.0;
        double c = (1 - Math.abs(2 * lightness - 1)) * saturation;
        double x = c * (1 - Math.abs(h % 2 - 1));
        double m = lightness - c / 2;
        double r;
        double g;
        double b;
        if (h < 1) {
            r = c; g = x; b = 0;
        } else if (h < 2) {
            r = x; g = c; b = 0;
        } else if (h < 3) {
            r = 0; g = c; b = x;
        } else if (h < 4) {
            r = 0; g = x; b = c;
        } else if (h < 5) {
            r = x; g = 0; b = c;
        } else {
            r = c; g = 0; b = x;
        }
        return rgb((int) Math.round((r + m) * 255), (int) Math.round((g + m) * 255), (int) Math.round((b + m) * 255));
    }

    /** Relative luminance (0 dark .. 1 light), to pick black or white text on a fill. */
    public static double luminance(int argb) {
        return (0.2126 * red(argb) + 0.7152 * green(argb) + 0.0722 * blue(argb)) / 255.0;
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
