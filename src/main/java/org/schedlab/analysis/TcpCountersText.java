package org.schedlab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One dataset's TCP counters over a range ({@link TcpCounters}) as a plain-text table for a
 * mail: counter, value at the start and end of the range, and the change, at most
 * {@value PlainText#WIDTH} columns. Two runs side by side are {@link WiresharkTable}'s job.
 */
public final class TcpCountersText {
    private static final int NAME = 36; // tcp.analysis.spurious_retransmission whole
    private static final int NUM = 10;

    private TcpCountersText() {
    }

    public static String render(String title, List<TcpCounters.Row> rows) {
        return render(title, rows, false);
    }

    /**
     * As {@link #render(String, List)}; a {@code snapshot} (one nstat snapshot: a single instant)
     * has one column, its values: "at start 50, at end 50, change 0" read as nothing counted. So do
     * rows that are all values as read ({@link TcpCounters.Row#asRead}: a snapshot opened with a
     * recording).
     */
    public static String render(String title, List<TcpCounters.Row> rows, boolean snapshot) {
        StringBuilder b = new StringBuilder(PlainText.clip(title)).append("\n\n");
        if (snapshot || !rows.isEmpty() && rows.stream().allMatch(TcpCounters.Row::asRead)) {
            // the name padded by terminal columns (PlainText.padRight), not by %-Ns's UTF-16 units
            String fmt = "%s  %" + NUM + "s%n";
            b.append(String.format(Locale.ROOT, fmt, PlainText.padRight("counter", NAME), "value"));
            b.append(String.format(Locale.ROOT, fmt, "_".repeat(NAME), "_".repeat(NUM)));
            for (TcpCounters.Row r : rows) {
                b.append(String.format(Locale.ROOT, fmt, PlainText.padRight(r.counter(), NAME), count(r.atEnd())));
            }
            return b.toString();
        }
        String fmt = "%s  %" + NUM + "s  %" + NUM + "s  %" + NUM + "s%n";
        b.append(String.format(Locale.ROOT, fmt, PlainText.padRight("counter", NAME), "at start", "at end", "change"));
        b.append(String.format(Locale.ROOT, fmt, "_".repeat(NAME), "_".repeat(NUM), "_".repeat(NUM), "_".repeat(NUM)));
        if (rows.isEmpty()) {
            // true too where a snapshot's whole-run counts were left out (the title says so): "no TCP
            // counters in this dataset" under "left out: 145 counters" was not
            b.append("(no TCP counts of this stretch)\n");
        }
        for (TcpCounters.Row r : rows) {
            b.append(String.format(Locale.ROOT, fmt, PlainText.padRight(r.counter(), NAME), count(r.atStart()),
                    count(r.atEnd()), (r.change() > 0 ? "+" : "") + count(r.change())));
        }
        return b.toString();
    }

    /**
     * The counts {@link WiresharkTable} takes (its keys: dsack, fastRetrans, ...), from a dataset's
     * TCP counters over a range: Wireshark CSV counters ({@code tcp dupAcks}) and counters named by
     * their Wireshark field ({@code tcp.analysis.duplicate_ack}, a simulated run's tracks) by name,
     * nstat counters by the event they count ({@code TcpExtTCPDSACKRecv} is D-SACK, {@code TcpRetransSegs}
     * a retransmission: TcpCounters' same-event table); the change over
     * the range is the count. An nstat counter stands in only for an event nothing counted itself:
     * a simulated run's out-of-order segments are its {@code tcp.analysis.out_of_order} track, not
     * that plus TcpExtTCPOFOQueue, and an nstat capture opened with the run's Wireshark CSV does
     * not add to Wireshark's counts.
     */
    public static Map<String, Long> wiresharkCounts(List<TcpCounters.Row> rows) {
        return wiresharkCounts(rows, false);
    }

    /**
     * As {@link #wiresharkCounts(List)}; with {@code snapshot} (one nstat snapshot, a single
     * instant) each counter's value is the count - nstat printed what it counted - not the
     * change of 0 between two equal edges.
     */
    public static Map<String, Long> wiresharkCounts(List<TcpCounters.Row> rows, boolean snapshot) {
        Map<String, Long> out = new LinkedHashMap<>();
        Map<String, Long> byNstat = new LinkedHashMap<>();
        for (TcpCounters.Row r0 : rows) {
            TcpCounters.Row r = snapshot ? new TcpCounters.Row(r0.counter(), r0.unit(), r0.nstatName(),
                    r0.wiresharkName(), r0.atStart(), r0.atEnd(), r0.atEnd(), r0.max()) : r0;
            if (Double.isNaN(r.change())) {
                continue; // not known over the range (it starts or ends in a gap): n/a, not 0
            }
            String reader = r.counter().startsWith("tcp ") ? r.counter()
                    : TcpCounters.readerName(r.counter()).orElse(null);
            if (reader != null) {
                out.merge(key(reader), Math.round(r.change()), Long::sum);
            } else {
                TcpCounters.readerNameOfNstat(r.counter())
                        .ifPresent(n -> byNstat.merge(key(n), Math.round(r.change()), Long::sum));
            }
        }
        byNstat.forEach(out::putIfAbsent);
        return out;
    }

    /** A run summary's key for the reader's counter name: {@code tcp dsack} is {@code dsack}. */
    private static String key(String reader) {
        String key = reader.substring(4);
        // the reader's name for Wireshark's "previous segment not captured"
        return key.equals("lostSegment") ? "lostSegments" : key;
    }

    /**
     * {@code d}'s TCP counters over its whole span under a run summary's {@code tcp} keys, as
     * {@link #wiresharkCounts(List, boolean)} gives them: a dataset of one nstat snapshot (no
     * time span) counts its values; empty when it has no TCP counter that is one of those.
     */
    public static Map<String, Long> wiresharkCounts(org.schedlab.model.Dataset d) {
        boolean snapshot = d.spanNs() <= 0;
        return wiresharkCounts(TcpCounters.of(d, d.startNs(), snapshot ? d.startNs() : d.endNs()), snapshot);
    }

    /**
     * The line a table over {@code fromNs..toNs} of {@code d} says under its title where
     * {@link TcpCounters#of} left out one nstat snapshot's counters or a Wireshark capture's totals
     * ({@link TcpCounters#leftOut}): they count the whole run, and a range's table without them read
     * as though there were none. Empty where none were left out.
     */
    public static java.util.Optional<String> wholeRunNote(org.schedlab.model.Dataset d, long fromNs, long toNs) {
        TcpCounters.LeftOut out = TcpCounters.leftOut(d, fromNs, toNs);
        if (out.total() == 0) {
            return java.util.Optional.empty();
        }
        // at most 72 columns with the two spaces a title indents it by
        if (out.captureTotals() == 0) {
            return java.util.Optional.of("left out: " + out.what() + ", counts of the whole run");
        }
        if (out.snapshotCounters() == 0) {
            return java.util.Optional.of("left out: " + out.what() + ", counts of the whole capture");
        }
        int n = out.snapshotCounters();
        int t = out.captureTotals();
        return java.util.Optional.of("left out: " + n + " nstat snapshot " + (n == 1 ? "counter" : "counters") + ", "
                + t + " capture " + (t == 1 ? "total" : "totals") + " (whole run)");
    }

    /**
     * Counts print whole; rates and ratios keep two decimals; thousands grouped ({@code 2,568}) as
     * in every text table; huge values shrink to fit the column; none (a gap) is n/a.
     */
    private static String count(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        String s = v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.2f", v);
        return s.length() <= NUM - 1 ? s : String.format(Locale.ROOT, "%.3g", v);
    }
}
