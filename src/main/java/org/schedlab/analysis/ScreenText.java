package org.schedlab.analysis;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * How the workbench's tables write a figure on screen, one rule per kind so that a screenshot
 * or a pasted row reads the same in every tab: counts in grouped digits without decimals
 * ({@code 6,896}), shares of a whole as a percentage with one decimal and a space before the
 * sign ({@code 35.9 %}, as the docs write them), measurements from 1000 up in grouped digits
 * without a tenth ({@code 176,542}). Ratios are {@link PlainText#ratio}'s. The plain text for
 * mails ({@link PlainText}) keeps its own conventions (its 72 columns, {@code 35.9%} without the
 * space), though it groups thousands as these do. The A/B tab's delta table is the exception: it
 * writes its cells as its copied text does ({@code ComparisonTable#side}), since a screenshot of
 * it is read beside the pasted table ({@code 2,599.6} there read {@code 2,600} here).
 */
public final class ScreenText {
    private ScreenText() {
    }

    /**
     * {@code unit} as it follows the value {@code v} on screen, with its space: a count in the
     * singular for one ("always 1 task", not "1 tasks"), and the recorder's "cpus" written as the
     * track's name writes it ("8 CPUs" under "spinning CPUs"). Other units as they are ("1/s", "ms").
     */
    public static String unitAfter(double v, String unit) {
        if (unit.isEmpty()) {
            return "";
        }
        String u = unit.equals("cpus") ? "CPUs" : unit;
        if (v == 1 && COUNT_NOUN.matcher(u).matches()) {
            u = u.endsWith("ies") ? u.substring(0, u.length() - 3) + "y" : u.substring(0, u.length() - 1);
        }
        return " " + u;
    }

    /** A plural count noun ("tasks", "retries", "CPUs"), not a time unit ("ms", "us") or a rate ("1/s"). */
    private static final java.util.regex.Pattern COUNT_NOUN = java.util.regex.Pattern.compile("[A-Za-z]{3,}s");

    /** A count: {@code 6,896}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A count held in a double (a mean over seeds that came out whole): {@code 15,714,506,880}. */
    public static String count(double n) {
        return String.format(Locale.ROOT, "%,.0f", n);
    }

    /**
     * A share of 1 as a percentage: one decimal and a space before the sign ({@code 35.9 %}); a
     * share too small for the decimal keeps two significant digits ({@code 0.0033 %}: an rwsem's
     * spinners' share of the CPU is not "0.0 %", which reads as none), so {@code 0.0 %} is exactly
     * none. NaN (nothing to divide by) is for the caller to say.
     */
    public static String share(double share) {
        return percentDigits(share * 100, 1) + " %";
    }

    /**
     * A measurement (a throughput, a latency in us): from 1000 up in grouped digits without a
     * tenth ({@code 176,542}, as the Live summary writes a throughput), else with
     * {@code decimals} decimals. The form follows the rounded figure: 999.96 is {@code 1,000}.
     */
    public static String measure(double v, int decimals) {
        String below = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (Math.abs(Double.parseDouble(below)) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return below;
    }

    /**
     * A number as a file gave it (a lock contention table's cell, kept as text): a whole one as a
     * {@link #count}, one with decimals as a {@link #measure} with as many; anything else (a lock
     * type, a number too long for a long) as it is. The Locks tab showed perf lock contention's
     * {@code 8580.00} us beside grouped counts.
     */
    public static String printed(String v) {
        if (WHOLE.matcher(v).matches()) {
            return count(Long.parseLong(v));
        }
        java.util.regex.Matcher m = DECIMAL.matcher(v);
        if (m.matches()) {
            return measure(Double.parseDouble(v), m.group(1).length());
        }
        return v;
    }

    private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[0-9]{1,18}");
    private static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile("[0-9]{1,18}\\.([0-9]{1,9})");

    /** {@code p} (a percentage) with {@code decimals}, or two significant digits if it would read 0. */
    private static String percentDigits(double p, int decimals) {
        double half = 0.5 * Math.pow(10, -decimals);
        if (p != 0 && Math.abs(p) < half) {
            return new BigDecimal(p).round(new MathContext(2)).toPlainString();
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", p);
    }
}
