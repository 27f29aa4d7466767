package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Two runs' TCP counters side by side as Wireshark's expert-info warnings and notes, in the layout of
 * the s390 seed mail's FULL vs LAZY table: plain text, at most {@value #WIDTH} columns. Input
 * is a summary's {@code tcp} object (keys such as {@code dsack}, {@code fastRetrans}); rows
 * whose key neither run has are left out, and a run without a row's key reads {@code n/a} there
 * (not counted, as a dataset without TCP counters, or nstat, which has no Karn or partial-ACK
 * counter): a 0 would claim it was measured. The change column reads like the mail's: a factor
 * ({@code x8.4}) from a doubling on, a signed percentage below ({@code -27%}). Counts may be
 * means over seeds: they show whole, the change is taken from the means as given.
 */
public final class WiresharkTable {
    static final int WIDTH = PlainText.WIDTH;
    private static final int LABEL = 36;
    private static final int NUM = 7;
    private static final int CHANGE = 8;

    /** A table row: the summary key and Wireshark's label for it. */
    public record Row(String key, String label) {
    }

    /** The seed table's rows that the simulator or a Wireshark CSV counts, in the seed's order. */
    public static final List<Row> ROWS = List.of(
            new Row("dsack", "D-SACK Sequence"),
            new Row("partialAcks", "Partial Acknowledgement of a segment"),
            new Row("karnAcks", "Ambiguous ACK (Karn)"),
            new Row("spuriousRetrans", "(Suspected) spurious retransmission"),
            new Row("fastRetrans", "(Suspected) fast retransmission"),
            new Row("dupAcks", "Duplicate ACK"),
            new Row("lostSegments", "Previous segment(s) not captured"),
            new Row("ackLostSegment", "ACKed segment that wasn't captured"),
            new Row("outOfOrder", "(Suspected) out-of-order segment"));

    private WiresharkTable() {
    }

    /**
     * The table for {@code base} and {@code test} counters (values are counts), headed by the
     * two runs' labels (cut to {@value #NUM} characters).
     */
    public static String render(String baseLabel, Map<String, ? extends Number> base, String testLabel,
                                Map<String, ? extends Number> test) {
        String fmt = "| %-" + LABEL + "s | %" + NUM + "s | %" + NUM + "s | %" + CHANGE + "s |%n";
        String rule = "|" + "-".repeat(LABEL + 2) + "+" + "-".repeat(NUM + 2) + "+" + "-".repeat(NUM + 2) + "+"
                + "-".repeat(CHANGE + 2) + "|\n";
        List<String> head = header(baseLabel, testLabel);
        StringBuilder b = new StringBuilder();
        b.append(rule);
        // the runs' labels (file names, any script) right-aligned by terminal columns, not by %Ns's UTF-16 units
        b.append(String.format(Locale.ROOT, "| %-" + LABEL + "s | %s | %s | %" + CHANGE + "s |%n",
                head.get(0), PlainText.padLeft(head.get(1), NUM), PlainText.padLeft(head.get(2), NUM), head.get(3)));
        b.append(rule);
        for (List<String> r : cells(base, test)) {
            b.append(String.format(Locale.ROOT, fmt, r.toArray()));
        }
        b.append(rule);
        return b.toString();
    }

    /**
     * The table's column heads as {@link #render} writes them: the runs' labels cut to
     * {@value #NUM} columns, so that a picture of the table names its columns as the text does.
     */
    public static List<String> header(String baseLabel, String testLabel) {
        return List.of("Wireshark warning / note", cutPlain(baseLabel, NUM), cutPlain(testLabel, NUM), "change");
    }

    /**
     * The table's rows as {@link #render} writes them, each as its four cells (label, the two
     * counts, the change): the rows whose key either run has, in the seed mail's order.
     */
    public static List<List<String>> cells(Map<String, ? extends Number> base, Map<String, ? extends Number> test) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : ROWS) {
            if (!base.containsKey(r.key()) && !test.containsKey(r.key())) {
                continue;
            }
            Number x = base.get(r.key());
            Number y = test.get(r.key());
            // the change from the figures as given (a mean over seeds: 7.33 and 355.33), not from the
            // whole counts shown: 'compare --seeds' printed x48.45 in its tcp.dsack row and x50.7
            // (355 over 7) here, two figures for one comparison in one paste
            out.add(List.of(cutPlain(r.label(), LABEL), count(x), count(y),
                    x == null || y == null ? NOT_COUNTED : change(x.doubleValue(), y.doubleValue())));
        }
        return out;
    }

    /**
     * The s390 mail's row that no input counts: the simulator has no TSO or GRO, and a Wireshark
     * export's reader does not take it (see README, "TCP as Wireshark shows it").
     */
    static final String NEVER_COUNTED = "Packet length exceeds MSS (TSO/GRO)";

    /**
     * The line under the table naming the s390 mail's rows it leaves out as neither side counts
     * them ("ACKed segment that wasn't captured", a capture's artefact the simulator has not, and
     * {@value #NEVER_COUNTED}), wrapped to {@value #WIDTH} columns. Pasted beside the mail's ten
     * rows, the table's eight said nothing of the two missing: a reader could take them for
     * rows that did not change, or that the paste had lost.
     */
    public static String leftOut(Map<String, ? extends Number> base, Map<String, ? extends Number> test) {
        return PlainText.wrapWhole(leftOutItems(base, test), 0);
    }

    /**
     * {@link #leftOut}'s line as the items it is wrapped from: its opening words one by one, then
     * each row's name whole with the ";" or "." after it, for a picture to wrap to its width.
     */
    public static List<String> leftOutItems(Map<String, ? extends Number> base, Map<String, ? extends Number> test) {
        List<String> out = new ArrayList<>();
        for (Row r : ROWS) {
            if (!base.containsKey(r.key()) && !test.containsKey(r.key())) {
                out.add(r.label());
            }
        }
        out.add(NEVER_COUNTED);
        List<String> words = new ArrayList<>(List.of("Not counted by either side, so not rows here:".split(" ")));
        for (int i = 0; i < out.size(); i++) {
            words.add(out.get(i) + (i == out.size() - 1 ? "." : ";")); // a row's name on one line
        }
        return words;
    }

    /**
     * Each TCP counter's mean over a side's run summaries (their {@code tcp} objects), over the
     * summaries that have one; empty when none has. Exact, not rounded: the table shows whole
     * counts but takes its change from these, as the A/B delta rows take their ratio from the
     * same means ({@link SummaryComparison}).
     */
    public static Map<String, Double> meanCounts(List<JsonNode> summaries) {
        Map<String, Long> sum = new LinkedHashMap<>();
        int with = 0;
        for (JsonNode s : summaries) {
            if (s.path("tcp").size() > 0) {
                with++;
                s.path("tcp").fields().forEachRemaining(e -> sum.merge(e.getKey(), e.getValue().asLong(), Long::sum));
            }
        }
        Map<String, Double> mean = new LinkedHashMap<>();
        int n = with;
        sum.forEach((k, v) -> mean.put(k, (double) v / n));
        return mean;
    }

    /** A cell of a run that did not count the row's event. */
    static final String NOT_COUNTED = "n/a";

    /**
     * test relative to base (counts, or means of counts over seeds): {@code x8.4} (at least
     * doubled), {@code +18%}, {@code -27%}, under half a percent {@code -0.1%} or {@code +0.05%},
     * {@code 0%} under 0.005 % (never {@code -0%}), new, =.
     */
    static String change(double base, double test) {
        if (test == base) {
            return "="; // equal counts: 'compare''s own rows print x1.00 for equal non-zero figures, = for two zeros
        }
        if (base == 0) {
            return "new";
        }
        double r = test / base;
        if (r >= 2) {
            return PlainText.ratio(r, r >= 100 ? 0 : 1);
        }
        double pct = (r - 1) * 100;
        // a change under half a percent (means over seeds: 1,000 to 999) read "-0%", a negative
        // zero: one or two decimals where they show it, else 0% (less than 0.005 %, either way)
        for (int d = 0; d <= 2; d++) {
            String s = String.format(Locale.ROOT, "%+." + d + "f%%", pct);
            if (Double.parseDouble(s.substring(0, s.length() - 1)) != 0) {
                return s;
            }
        }
        return "0%";
    }

    /**
     * A count, or a mean of counts over seeds, whole: {@code 2,548} for 2,548.3. A mean that is
     * not 0 but rounds to it keeps a digit ({@code 0.3}, {@code 0.001}): a "0" beside a change of {@code x41.0}
     * read as nothing counted.
     */
    private static String count(Number n) {
        if (n == null) {
            return NOT_COUNTED;
        }
        double mean = n.doubleValue();
        long v = Math.round(mean);
        if (v == 0 && mean != 0) {
            return new java.math.BigDecimal(mean).round(new java.math.MathContext(1)).toPlainString(); // 0.3, 0.001
        }
        String s = PlainText.count(v); // grouped, 13,172, as every text table writes a count
        for (int d = 2; d >= 0 && s.length() > NUM; d--) {
            s = String.format(Locale.ROOT, "%." + d + "fM", v / 1e6); // 1,234,567 is 1.23M, not 1M
        }
        return s;
    }

    /** {@code s} {@link PlainText#printable} and cut, unmarked, to {@code n} terminal columns. */
    private static String cutPlain(String s, int n) {
        return PlainText.head(PlainText.printable(s), n);
    }
}
