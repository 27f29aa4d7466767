package org.schedlab.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.schedlab.model.CommGroups;
import org.schedlab.model.Dataset;
import org.schedlab.model.Metadata;

/**
 * Run-queue latency as runqlat prints it: a power-of-two histogram (slot 0 holds 0-1, slot k
 * holds 2^k .. 2^(k+1)-1 units), one per comm group and one over all tasks. Built from the
 * dataset's task lanes with {@link RunQueueLatency}'s rule for a sample, counting the waits that
 * ended inside a range; or read back from the histograms a runqlat import left in the metadata
 * (those cover the whole recording and have no range).
 */
public final class RunqlatHistogram {
    private static final int SLOTS = 64;
    /** The bar's least width, should the numbers ever need all the rest (waits of hours in nsecs). */
    private static final int MIN_BAR_WIDTH = 10;

    /** One histogram: counts per slot in {@code unit} ("usecs", "msecs"), and how many samples. */
    public record Histogram(String group, String unit, long[] counts, long samples) {
        public Histogram {
            counts = counts.clone();
        }

        /** Highest slot with a count, or -1 when empty. */
        public int lastSlot() {
            for (int k = counts.length - 1; k >= 0; k--) {
                if (counts[k] > 0) {
                    return k;
                }
            }
            return -1;
        }

        public long count(int slot) {
            return slot < counts.length ? counts[slot] : 0;
        }
    }

    private RunqlatHistogram() {
    }

    /** The slot a latency of {@code units} falls into. */
    public static int slot(long units) {
        return units <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(units);
    }

    public static long slotLow(int slot) {
        return slot == 0 ? 0 : 1L << slot;
    }

    public static long slotHigh(int slot) {
        return (1L << (slot + 1)) - 1;
    }

    /**
     * Histograms in microseconds of the run-queue waits that ended in {@code [fromNs, toNs)}:
     * {@link RunQueueLatency#ALL} first, then comm groups by name; groups without samples are left out.
     */
    public static Map<String, Histogram> fromTaskLanes(Dataset d, long fromNs, long toNs) {
        Map<String, long[]> groups = new TreeMap<>();
        long[] all = new long[SLOTS];
        RunQueueLatency.forEachSample(d, (task, runnable, running) -> {
            if (running >= fromNs && running < toNs) {
                int s = slot((running - runnable) / 1000);
                all[s]++;
                groups.computeIfAbsent(CommGroups.of(d.task(task).comm()), k -> new long[SLOTS])[s]++;
            }
        });
        Map<String, Histogram> out = new LinkedHashMap<>();
        out.put(RunQueueLatency.ALL, new Histogram(RunQueueLatency.ALL, "usecs", all, Arrays.stream(all).sum()));
        for (Map.Entry<String, long[]> e : groups.entrySet()) {
            out.put(e.getKey(), new Histogram(e.getKey(), "usecs", e.getValue(), Arrays.stream(e.getValue()).sum()));
        }
        return out;
    }

    /**
     * The histograms a runqlat import recorded ({@code runqlat.<section>.buckets = "lo-hi:count,..."}
     * with {@code .unit}), keyed by section; empty when the dataset has none.
     */
    public static Map<String, Histogram> fromMetadata(Metadata m) {
        Map<String, Histogram> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : m.parameters().entrySet()) {
            String key = e.getKey();
            if (!key.startsWith("runqlat.") || !key.endsWith(".buckets")) {
                continue;
            }
            String section = key.substring("runqlat.".length(), key.length() - ".buckets".length());
            String unit = m.parameters().getOrDefault("runqlat." + section + ".unit", "us");
            long[] counts = new long[SLOTS];
            long n = 0;
            for (String bucket : e.getValue().split(",")) {
                int dash = bucket.indexOf('-');
                int colon = bucket.indexOf(':');
                if (dash <= 0 || colon <= dash) {
                    continue; // an empty histogram is written as ""
                }
                try {
                    long lo = Long.parseLong(bucket.substring(0, dash).trim());
                    long c = Long.parseLong(bucket.substring(colon + 1).trim());
                    counts[slot(lo)] += c;
                    n += c;
                } catch (NumberFormatException ex) {
                    // metadata written by hand may hold anything; a bucket we cannot read is left out
                }
            }
            out.put(section, new Histogram(section, unitWord(unit), counts, n));
        }
        return out;
    }

    private static String unitWord(String unit) {
        switch (unit) {
            case "ms":
                return "msecs";
            case "ns":
                return "nsecs";
            default:
                return "usecs";
        }
    }

    /**
     * The histogram in runqlat's layout (a header, then "lo -> hi : count |****|" from slot 0 up
     * to the last non-empty slot), ready to paste into a mail: bcc's columns (10 wide either side
     * of the arrow, 8 for the count), widened where a number needs more, and a bar that takes
     * what is left of {@value PlainText#WIDTH} columns - bcc's 40 stars made every row 78
     * columns, which a mail client wraps.
     */
    public static String text(Histogram h) {
        return text(h, PlainText.WIDTH);
    }

    /**
     * The same in {@code columns} columns, for a panel: from a mail's {@value PlainText#WIDTH} up
     * bcc's number columns, in fewer each as wide as its numbers (and the unit) need, so that the
     * bars keep what room there is; a bar takes what is left, at least {@value #MIN_BAR_WIDTH} stars.
     */
    public static String text(Histogram h, int columns) {
        int last = h.lastSlot();
        long max = 0;
        for (int k = 0; k <= last; k++) {
            max = Math.max(max, h.count(k));
        }
        int lowDigits = digits(slotLow(Math.max(last, 0)));
        int highDigits = digits(slotHigh(Math.max(last, 0)));
        int low = Math.max(10, lowDigits);
        int high = Math.max(10, highDigits);
        int count = Math.max(8, digits(max));
        if (columns < PlainText.WIDTH || columns - fixed(low, high, count) < MIN_BAR_WIDTH) {
            // the header's unit ends 4 columns into the low column's room: "usecs" over "0 -> 1"
            low = Math.max(lowDigits, h.unit().length() - 4);
            high = highDigits;
            count = Math.max("count".length(), digits(max));
        }
        int bar = Math.max(MIN_BAR_WIDTH, columns - fixed(low, high, count));
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%" + (low + 4) + "s%-" + (high + 1) + "s: %-" + (count + 1)
                + "sdistribution%n", h.unit(), "", "count"));
        for (int k = 0; k <= last; k++) {
            long c = h.count(k);
            int stars = max == 0 ? 0 : (int) (c * bar / max);
            b.append(String.format(Locale.ROOT, "%" + low + "d -> %-" + high + "d : %-" + count + "d |%-" + bar + "s|%n",
                    slotLow(k), slotHigh(k), c, "*".repeat(stars)));
        }
        return b.toString();
    }

    /** The columns a row has besides its bar. */
    private static int fixed(int low, int high, int count) {
        return low + " -> ".length() + high + " : ".length() + count + " ||".length();
    }

    private static int digits(long v) {
        return Long.toString(v).length();
    }
}
