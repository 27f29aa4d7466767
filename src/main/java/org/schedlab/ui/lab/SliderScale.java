package org.schedlab.ui.lab;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Maps a slider's position (0..1) to a parameter value and back. Ranges spanning several
 * orders of magnitude (0..1,000,000 us, 100..100,000 us) are laid out logarithmically - with an
 * offset so 0 stays reachable - because the interesting values sit at the low end; short ranges
 * are linear. Values from a position are rounded to two significant digits (whole numbers for
 * integer parameters), so dragging yields 150 or 2800, not 2817.3.
 */
public record SliderScale(double min, double max, boolean integer, boolean logarithmic, double offset) {

    public static SliderScale of(double min, double max, boolean integer) {
        if (!(max > min)) {
            return new SliderScale(min, Math.max(min, max), integer, false, 0);
        }
        double span = max - min;
        boolean wide = span > 1000 && (min <= 0 || max / min >= 100);
        return new SliderScale(min, max, integer, wide, wide ? span / 10_000.0 : 0);
    }

    public double positionOf(double value) {
        if (max <= min) {
            return 0;
        }
        double v = Math.max(min, Math.min(max, value));
        if (!logarithmic) {
            return (v - min) / (max - min);
        }
        return t(v) / t(max);
    }

    /** The rounded value at {@code position}, inside [min, max]. */
    public double valueAt(double position) {
        double p = Math.max(0, Math.min(1, position));
        double raw = logarithmic ? min + offset * Math.expm1(p * t(max)) : min + p * (max - min);
        return clamp(round(raw));
    }

    /**
     * The position of the nearest value past {@code value} towards {@code way} (+1 up, -1 down) that
     * a position gives: a keyboard's step. At an end it stays there.
     */
    public double nextPosition(double value, int way) {
        double from = positionOf(value);
        double now = valueAt(from);
        for (int i = 1; i <= STEPS; i++) {
            double at = Math.max(0, Math.min(1, from + way * (double) i / STEPS));
            if (way > 0 ? valueAt(at) > now : valueAt(at) < now) {
                return at;
            }
            if (at == 0 || at == 1) {
                break;
            }
        }
        return from;
    }

    /** The positions {@link #nextPosition} tries: finer than any value's share of the track. */
    private static final int STEPS = 20_000;

    private double t(double v) {
        return Math.log1p((v - min) / offset);
    }

    private double round(double v) {
        if (v == 0) {
            return 0;
        }
        double r = new BigDecimal(v).round(new MathContext(2, RoundingMode.HALF_EVEN)).doubleValue();
        return integer ? Math.rint(r) : r;
    }

    private double clamp(double v) {
        return Math.max(min, Math.min(max, v));
    }
}
