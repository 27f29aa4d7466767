package org.schedlab.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetCrop;

/**
 * The TCP counters of a dataset (nstat / netstat names, Wireshark's TCP analysis flags, a
 * simulated run's TCP counters) with their values at the edges of a range, and for each the
 * name the other tool gives the same event, so an nstat capture and a packet capture of one run
 * can be read side by side.
 */
public final class TcpCounters {
    /** nstat name, Wireshark field, and the counter name SchedLab's Wireshark reader uses. */
    private static final String[][] SAME_EVENT = {
        {"TcpRetransSegs", "tcp.analysis.retransmission", "tcp retransSegs"},
        {"TcpExtTCPFastRetrans", "tcp.analysis.fast_retransmission", "tcp fastRetrans"},
        {"TcpExtTCPDSACKRecv", "tcp.options.sack.dsack", "tcp dsack"},
        // nstat has no counter of these two: TcpExtTCPSpuriousRTOs counts timeouts F-RTO found
        // spurious (a simulated run: 0 of 2134 spurious retransmissions), TcpExtTCPOFOQueue every
        // segment queued behind a hole (5409 where Wireshark flags 1113 out of order)
        {"", "tcp.analysis.spurious_retransmission", "tcp spuriousRetrans"},
        {"", "tcp.analysis.out_of_order", "tcp outOfOrder"},
        {"", "tcp.analysis.duplicate_ack", "tcp dupAcks"},
        {"", "tcp.analysis.lost_segment", "tcp lostSegment"},
        {"", "tcp.analysis.ack_lost_segment", "tcp ackLostSegment"},
        {"", "", "tcp partialAcks"},
        {"", "", "tcp karnAcks"},
    };

    /**
     * The parameter the nstat / netstat reader sets to the number of snapshots its file held: "1"
     * for {@code nstat -az} run once, whose counters each have a single sample.
     */
    public static final String SNAPSHOTS_KEY = "netCounters.snapshots";

    /** One counter over a range; the names are empty where the other tool has no such counter. */
    public record Row(String counter, String unit, String nstatName, String wiresharkName,
                      double atStart, double atEnd, double change, double max) {
        /**
         * Whether the row is a value as a tool printed it, with no start to take a change from: a
         * Wireshark Expert Info total or one nstat snapshot's counter. Its change is that value.
         */
        public boolean asRead() {
            return Double.isNaN(atStart) && !Double.isNaN(change);
        }
    }

    private TcpCounters() {
    }

    /** Whether a counter's name says it counts TCP events. */
    public static boolean isTcp(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.startsWith("tcp") || n.contains("retrans") || n.contains("dsack") || n.contains("dup ack")
                || n.contains("dupack");
    }

    /**
     * Whether {@link #of} has rows for {@code d} (over any range: a row per TCP counter, and the
     * capture's totals), found from the counters' names and the metadata without reading a
     * sample: Edit > Copy TCP counters asks it on the FX thread each time the menu opens.
     */
    public static boolean any(Dataset d) {
        for (CounterSeries c : d.counters()) {
            if (isTcp(c.name())) {
                return true;
            }
        }
        List<Row> totals = new ArrayList<>();
        addCaptureTotals(d, totals);
        return !totals.isEmpty();
    }

    /**
     * Every TCP counter with its value at {@code fromNs} and at {@code toNs} (the last sample at
     * or before each; 0 before the first; NaN in a gap, where the counter has no value), the
     * change between them (NaN if either is) and the highest value inside (NaN if the range
     * holds only gaps). A counter kept as a rate (a unit per second: a simulated run's TCP tracks,
     * events per 10 ms bucket) is read as the count it stands for, from the start of the data: its
     * change is the events inside the range, never the difference of two buckets' rates.
     * <p>
     * The counters of one nstat snapshot ({@link #SNAPSHOTS_KEY} 1, one sample each) are what nstat
     * counted: each is a row as read ({@link Row#asRead}), its change its value, whatever the
     * range - opened with a perf recording the snapshot sits at the recording's start, and its
     * TcpRetransSegs of 1 read as a change of 0 between two equal edges. Those counts are of the
     * whole run, so a range narrower than the data, and a window cut from a recording
     * ({@link DatasetCrop#WINDOW_KEY}), leaves them out, as a window's summary leaves out the other
     * figures a file printed about its whole run: nothing says how many of them fell inside, and a
     * whole run's count beside a range's figures read as the range's. A Wireshark Expert Info
     * export's capture totals (the {@code tcp.*} metadata, no times) are whole-capture counts too and
     * are left out by the same rule. {@link #leftOut} says what was left out, for the views to say so.
     */
    public static List<Row> of(Dataset d, long fromNs, long toNs) {
        List<Row> rows = new ArrayList<>();
        boolean snapshotOut = wholeRunOut(d, fromNs, toNs);
        for (CounterSeries c : d.counters()) {
            if (!isTcp(c.name())) {
                continue;
            }
            if (isSnapshotCounter(d, c)) {
                if (!snapshotOut) {
                    double v = c.value(0);
                    String[] names = names(c.name());
                    rows.add(new Row(c.name(), c.unit(), names[0], names[1], Double.NaN, v, v, v));
                }
                continue;
            }
            if (isRate(c)) {
                double start = countUpTo(c, fromNs, d.endNs());
                double end = countUpTo(c, toNs, d.endNs());
                String[] names = names(c.name());
                // a running count only grows: its highest value in the range is the one at its end
                rows.add(new Row(c.name(), "count", names[0], names[1], start, end, end - start, end));
                continue;
            }
            double start = valueAt(c, fromNs);
            double end = valueAt(c, toNs);
            double max = start;
            for (int i = Math.max(0, c.indexAt(fromNs)); i < c.size() && c.tNs(i) <= toNs; i++) {
                if (c.hasValue(i)) {
                    max = Double.isNaN(max) ? c.value(i) : Math.max(max, c.value(i));
                }
            }
            String[] names = names(c.name());
            rows.add(new Row(c.name(), c.unit(), names[0], names[1], start, end, end - start, max));
        }
        if (!snapshotOut) {
            addCaptureTotals(d, rows);
        }
        return rows;
    }

    /**
     * What {@link #of} left out over a range: {@code snapshotCounters} of one nstat snapshot and
     * {@code captureTotals} of a Wireshark Expert Info export, each a count of the whole run.
     */
    public record LeftOut(int snapshotCounters, int captureTotals) {
        public int total() {
            return snapshotCounters + captureTotals;
        }

        /**
         * What was left out, for a note: "2 counters of an nstat snapshot", "3 totals of a
         * Wireshark capture", or both joined by "and"; "" where nothing was.
         */
        public String what() {
            String snapshot = snapshotCounters == 0 ? ""
                    : snapshotCounters + (snapshotCounters == 1 ? " counter" : " counters") + " of an nstat snapshot";
            String capture = captureTotals == 0 ? ""
                    : captureTotals + (captureTotals == 1 ? " total" : " totals") + " of a Wireshark capture";
            return snapshot.isEmpty() ? capture : capture.isEmpty() ? snapshot : snapshot + " and " + capture;
        }
    }

    /**
     * What {@link #of} leaves out over {@code fromNs..toNs}: the TCP counters of one nstat snapshot
     * and a Wireshark Expert Info export's capture totals, counted over the whole run, are not of a
     * range narrower than the data nor of a window cut from a recording. Both 0 where it leaves
     * none out (neither of them, or a range over the whole data).
     */
    public static LeftOut leftOut(Dataset d, long fromNs, long toNs) {
        if (!wholeRunOut(d, fromNs, toNs)) {
            return new LeftOut(0, 0);
        }
        int n = 0;
        List<Row> named = new ArrayList<>();
        for (CounterSeries c : d.counters()) {
            if (isTcp(c.name())) {
                if (isSnapshotCounter(d, c)) {
                    n++;
                }
                // a kind a counter track counts has no capture total row (addCaptureTotals)
                named.add(new Row(c.name(), c.unit(), "", "", Double.NaN, Double.NaN, Double.NaN, Double.NaN));
            }
        }
        int before = named.size();
        addCaptureTotals(d, named);
        return new LeftOut(n, named.size() - before);
    }

    /** How many rows {@link #of} leaves out over {@code fromNs..toNs}: {@link #leftOut}'s total. */
    public static int wholeRunLeftOut(Dataset d, long fromNs, long toNs) {
        return leftOut(d, fromNs, toNs).total();
    }

    /** Whether {@code d} is a window cut from a recording (not from a simulated run, whose counters are its own). */
    public static boolean recordingWindow(Dataset d) {
        return d.metadata().parameters().containsKey(DatasetCrop.WINDOW_KEY) && !d.metadata().simulated();
    }

    /** Whether a snapshot's or a capture's whole-run counts are not of {@code fromNs..toNs}. */
    private static boolean wholeRunOut(Dataset d, long fromNs, long toNs) {
        return recordingWindow(d) || fromNs > d.startNs() || toNs < d.endNs();
    }

    /** A counter of one nstat snapshot: its single sample is what nstat counted over the whole run. */
    private static boolean isSnapshotCounter(Dataset d, CounterSeries c) {
        return "1".equals(d.metadata().parameters().get(SNAPSHOTS_KEY)) && !isRate(c) && c.size() == 1;
    }

    /**
     * A Wireshark CSV's totals ({@code tcp.dsack} = 309 in the metadata) for the kinds no counter
     * track counts: an Expert Information export has no times, only the capture's totals, so
     * each is a row whose change is that total (its value at the start is unknown: NaN), over
     * the whole data only ({@link #of}). Without them a dataset of the very table the s390 mail pasted had "no TCP
     * counters".
     */
    private static void addCaptureTotals(Dataset d, List<Row> rows) {
        for (Map.Entry<String, String> p : d.metadata().parameters().entrySet()) {
            String key = p.getKey();
            if (!key.startsWith("tcp.") || key.startsWith("tcp.analysis.") || key.startsWith("tcp.options.")) {
                continue;
            }
            String counter = "tcp " + key.substring(4);
            if (readerKind(counter) && rows.stream().noneMatch(r -> r.counter().equals(counter))) {
                double total;
                try {
                    total = Double.parseDouble(p.getValue());
                } catch (NumberFormatException e) {
                    continue;
                }
                String[] names = names(counter);
                rows.add(new Row(counter, "count", names[0], names[1], Double.NaN, total, total, total));
            }
        }
    }

    private static boolean readerKind(String counter) {
        for (String[] e : SAME_EVENT) {
            if (e[2].equals(counter)) {
                return true;
            }
        }
        return false;
    }

    private static double valueAt(CounterSeries c, long t) {
        int i = c.indexAt(t);
        return i < 0 ? 0 : c.value(i);
    }

    private static boolean isRate(CounterSeries c) {
        return c.unit().endsWith("/s");
    }

    /**
     * The events a rate series counted before {@code t}: each sample's rate over the time it holds
     * (to the next sample, the last one to the end of the data), a bucket that {@code t} cuts in
     * proportion; rounded to whole events. A sample without a value (NaN) counted none.
     */
    private static double countUpTo(CounterSeries c, long t, long dataEndNs) {
        double n = 0;
        for (int i = 0; i < c.size() && c.tNs(i) < t; i++) {
            long holdsUntil = Math.min(t, c.holdsUntil(i, dataEndNs));
            double v = c.value(i);
            if (!Double.isNaN(v)) {
                n += v * ((holdsUntil - c.tNs(i)) / 1e9);
            }
        }
        return Math.rint(n);
    }

    /**
     * The name SchedLab's Wireshark reader gives ({@code tcp dsack}) the event a counter named by
     * its Wireshark field ({@code tcp.options.sack.dsack}, as a simulated run names its tracks)
     * counts, or empty for any other name.
     */
    static Optional<String> readerName(String counter) {
        for (String[] e : SAME_EVENT) {
            if (!e[1].isEmpty() && counter.equals(e[1])) {
                return Optional.of(e[2]);
            }
        }
        return Optional.empty();
    }

    /**
     * The name SchedLab's Wireshark reader gives ({@code tcp retransSegs}) the event an nstat
     * counter ({@code TcpRetransSegs}) counts, or empty where nstat's counter counts another event:
     * from the same table the TCP tab pairs them by, so a summary's counts cannot leave out a pair.
     */
    static Optional<String> readerNameOfNstat(String counter) {
        for (String[] e : SAME_EVENT) {
            if (!e[0].isEmpty() && counter.equals(e[0])) {
                return Optional.of(e[2]);
            }
        }
        return Optional.empty();
    }

    /** {nstat name, Wireshark name} for a counter, by its own name. */
    static String[] names(String counter) {
        for (String[] e : SAME_EVENT) {
            if (!counter.isEmpty() && (counter.equals(e[0]) || counter.equals(e[2]) || counter.equals(e[1]))) {
                return new String[] {e[0], e[1]};
            }
        }
        boolean nstatStyle = counter.startsWith("Tcp") && !counter.contains(" ");
        return new String[] {nstatStyle ? counter : "", ""};
    }
}
