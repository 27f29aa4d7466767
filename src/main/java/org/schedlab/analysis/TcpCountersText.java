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
    /** A figure's column: as wide as its widest figure, at least this. */
    private static final int NUM = 10;
    /**
     * A figure's column at most: three of them and the name's 18 columns fill the width; a count
     * to 12 digits fits it grouped with its sign ({@code +999,999,999,999}).
     */
    private static final int MAX_NUM = 16;

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
        boolean values = snapshot || !rows.isEmpty() && rows.stream().allMatch(TcpCounters.Row::asRead);
        List<String> heads = values ? List.of("value") : List.of("at start", "at end", "change");
        List<List<String>> cells = new java.util.ArrayList<>();
        for (TcpCounters.Row r : rows) {
            String change = count(r.change());
            // no "+" on a change that reads 0.00 (a hair above zero), as none on one a hair below
            cells.add(values ? List.of(count(r.atEnd())) : List.of(count(r.atStart()), count(r.atEnd()),
                    (r.change() > 0 && !PlainText.showsZero(change) ? "+" : "") + change));
        }
        // the figures' columns as wide as their widest (a byte count of 12,345,678,901 whole), the
        // name's what is left of the width, at most NAME
        int num = NUM;
        for (List<String> row : cells) {
            for (String c : row) {
                num = Math.max(num, c.length());
            }
        }
        int name = Math.min(NAME, PlainText.WIDTH - heads.size() * (2 + num));
        b.append(line(PlainText.padRight("counter", name), heads, num));
        b.append(line("_".repeat(name), java.util.Collections.nCopies(heads.size(), "_".repeat(num)), num));
        if (rows.isEmpty()) {
            // true too where a snapshot's whole-run counts were left out (the title says so): "no TCP
            // counters in this dataset" under "left out: 145 counters" was not
            b.append("(no TCP counts of this stretch)\n");
        }
        for (int i = 0; i < rows.size(); i++) {
            String counter = PlainText.printable(rows.get(i).counter());
            if (PlainText.columns(counter) > name) {
                // the whole name on a line of its own, its figures under it, as in compare's table:
                // tcp.analysis.spurious_retransmission cut to the column lost what it counts
                b.append(PlainText.cut(counter, PlainText.WIDTH)).append('\n');
                counter = "";
            }
            b.append(line(PlainText.padRight(counter, name), cells.get(i), num));
        }
        return b.toString();
    }

    /** A row: the name's cell, then each figure right-aligned in {@code num} columns, two spaces apart. */
    private static String line(String nameCell, List<String> figures, int num) {
        StringBuilder l = new StringBuilder(nameCell);
        for (String f : figures) {
            l.append("  ").append(PlainText.padLeft(f, num));
        }
        return l.append('\n').toString();
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
     * in every text table, also from 8 digits on, where the column widens for them ({@code
     * 12,345,678}, not {@code 1.23e+07}); only one too wide for {@value #MAX_NUM} columns with its
     * sign shrinks to three digits; none (a gap) is n/a; one that reads as zero has no sign
     * ({@code 0.00} for -0.001).
     */
    private static String count(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        // a tiny negative mean (-0.001) or a negative zero reads 0.00 or 0, not -0.00 or -0
        String s = PlainText.unsignedZero(v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%,.2f", v));
        return s.length() <= MAX_NUM - 1 ? s : String.format(Locale.ROOT, "%.3g", v);
    }
}
