package org.schedlab.io.read;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.StableOrder;

/**
 * The pgbench log files of one import ({@link PgbenchLogReader}): one run, whose threads each
 * wrote a file ({@code pgbench_log.PID}, {@code .PID.1}, ...). Transactions are kept as columns
 * (end time, latency, client, the optional fields), never as lines, so a long log costs a few
 * bytes per transaction; aggregated rows are merged per interval. When every file is read,
 * {@link #addTo} puts them on the dataset's clock: the log's times are Unix epoch time, which a
 * perf recording (seconds since boot) does not share.
 */
final class PgbenchLogRun {
    /** The latency of a transaction pgbench skipped ({@code --rate --latency-limit}). */
    static final long SKIPPED = -1;
    /** The latency of a transaction that failed (serialization or deadlock error, not retried further). */
    static final long FAILED = -2;
    /** Per-transaction logs are counted per interval of this many microseconds. */
    static final long INTERVAL_US = 1_000_000L;
    /** Epoch times in ns from this on (2001-09-09) are a wall clock, not time since boot. */
    private static final long WALL_CLOCK_NS = 1_000_000_000L * 1_000_000_000L;
    /** The operation's name, as the simulator's pgbench and the summary's latencyUs call a transaction. */
    static final String TRANSACTION = "transaction";
    private static final Pattern RUN_NAME = Pattern.compile("(.+?)\\.([0-9]+)(?:\\.([0-9]+))?");

    private final List<String> files = new ArrayList<>();
    private String firstFile = "";
    private Boolean aggregate;
    private int fields;
    private String runPrefix;
    private String runPid;

    // per-transaction columns
    private int size;
    private long[] endUs = new long[1024];
    private long[] latencyUs = new long[1024];
    private long[] extra7 = new long[0];
    private long[] extra8 = new long[0];
    private final IntIntMap clientFile = new IntIntMap(-1);
    /** Per client: the first and last transaction number and how many distinct numbers it logged. */
    private final Map<Integer, long[]> clientNumbers = new java.util.HashMap<>();
    private long skipped;
    private long failed;
    /** Lines of the run's files that were not understood: each may be a transaction whose number is missing. */
    private long notUnderstood;

    /** The file and line of the latest transaction end or interval start, named if the run passes the clock's end. */
    private String lastFile = "";
    private long lastLine;
    private long lastKey = Long.MIN_VALUE;

    // aggregated rows by interval_start (s), merged over the files of the run
    private final TreeMap<Long, double[]> intervals = new TreeMap<>();

    /** The layout of {@code file}'s lines: the files of one run have one layout. */
    void layout(String file, boolean aggregated, int fieldCount) throws ImportException {
        if (aggregate == null) {
            aggregate = aggregated;
            fields = fieldCount;
            firstFile = file;
            if (!aggregated && fieldCount >= 7) {
                extra7 = new long[endUs.length];
            }
            if (!aggregated && fieldCount == 8) {
                extra8 = new long[endUs.length];
            }
        } else if (aggregate != aggregated || fields != fieldCount) {
            throw new ImportException(file, 0, "is " + describe(aggregated, fieldCount) + ", but " + firstFile
                    + " is " + describe(aggregate, fields) + "; expected the log files of one pgbench run, which"
                    + " share one layout (open logs of other runs separately, or compare them as A and B)");
        }
        String name = Path.of(file).getFileName().toString();
        name = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        Matcher m = RUN_NAME.matcher(name);
        if (m.matches()) {
            if (runPid == null) {
                runPrefix = m.group(1);
                runPid = m.group(2);
            } else if (!runPid.equals(m.group(2)) || !runPrefix.equals(m.group(1))) {
                throw new ImportException(file, 0, "is the log of pgbench process " + m.group(2) + ", but "
                        + firstFile + " is of process " + runPid + "; expected the files of one run ("
                        + runPrefix + "." + runPid + ", " + runPrefix + "." + runPid + ".1, ...): open the logs of"
                        + " other runs separately, or compare them as A and B");
            }
        }
        files.add(file);
    }

    private static String describe(boolean aggregated, int fieldCount) {
        return (aggregated ? "an aggregated log" : "a per-transaction log") + " of " + fieldCount + " fields";
    }

    /** A line of one of the run's files was not understood (a damaged transaction or interval). */
    void lineNotUnderstood() {
        notUnderstood++;
    }

    /** One per-transaction line: {@code latency} in us, or {@link #SKIPPED} / {@link #FAILED}. */
    void transaction(String file, long line, int client, long number, long latency, int script, long endEpochUs,
                     long field7, long field8) throws ImportException {
        int fileIndex = files.size() - 1;
        int owner = clientFile.get(client);
        if (owner < 0) {
            clientFile.put(client, fileIndex);
        } else if (owner != fileIndex) {
            throw new ImportException(file, line, "client " + client + " also ran transactions in "
                    + files.get(owner) + "; expected the files of one run, one per pgbench thread, whose clients"
                    + " differ (open logs of other runs separately, or compare them as A and B)");
        }
        long[] nums = clientNumbers.computeIfAbsent(client, k -> new long[] {number, number - 1, 0});
        if (number != nums[1]) {
            nums[2]++; // skipped lines repeat the number of the transaction that was then scheduled
        }
        nums[0] = Math.min(nums[0], number);
        nums[1] = Math.max(nums[1], number);
        if (size == endUs.length) {
            // by half again, not double: the columns are most of a long log's memory
            int cap = size + Math.max(1024, size >> 1);
            if (cap < 0) {
                throw new ImportException(file, line, "more than " + size + " transactions in one run; expected"
                        + " fewer (open a shorter log, or its aggregated form)");
            }
            endUs = Arrays.copyOf(endUs, cap);
            latencyUs = Arrays.copyOf(latencyUs, cap);
            extra7 = extra7.length == 0 ? extra7 : Arrays.copyOf(extra7, cap);
            extra8 = extra8.length == 0 ? extra8 : Arrays.copyOf(extra8, cap);
        }
        latest(file, line, endEpochUs);
        endUs[size] = endEpochUs;
        latencyUs[size] = latency;
        if (extra7.length > 0) {
            extra7[size] = field7;
        }
        if (extra8.length > 0) {
            extra8[size] = field8;
        }
        size++;
        if (latency == SKIPPED) {
            skipped++;
        } else if (latency == FAILED) {
            failed++;
        }
    }

    private void latest(String file, long line, long key) {
        if (key > lastKey) {
            lastKey = key;
            lastFile = file;
            lastLine = line;
        }
    }

    /**
     * Where {@code endUs} (Unix time) falls on the dataset's clock, the log's {@code zeroUs} being
     * at {@code baseNs}; refuses, naming the line of the run's last transaction or interval, a run
     * that would go on past the clock's end in April 2262 (two lines centuries apart, or a log
     * placed late in a recording's clock), where the times would overflow.
     */
    private long onClock(long baseNs, long zeroUs, long endUs, String what) throws ImportException {
        try {
            return Math.addExact(baseNs, Math.multiplyExact(Math.subtractExact(endUs, zeroUs), 1000L));
        } catch (ArithmeticException e) {
            throw new ImportException(lastFile, lastLine, what + " ends after April 2262 (the end of SchedLab's"
                    + " 64-bit nanosecond clock), " + (endUs - zeroUs) / 1_000_000L + " s after the run's start"
                    + (baseNs == 0 ? "" : String.format(Locale.ROOT, ", which is placed at %.6f s on the clock of the"
                    + " files opened with it", baseNs / 1e9))
                    + "; expected the lines of one run, which fit on it (a damaged time?)");
        }
    }

    /** One aggregated line, its fields in the documented order. */
    void interval(String file, long line, double[] v) {
        long start = (long) v[0];
        latest(file, line, start);
        double[] row = intervals.get(start);
        if (row == null) {
            intervals.put(start, Arrays.copyOf(v, 15));
            return;
        }
        // another thread's row of the same interval: counts and sums add up, extremes combine
        boolean had = row[1] > 0;
        boolean has = v[1] > 0;
        for (int i = 1; i < v.length; i++) {
            switch (i) {
                case 4, 8 -> row[i] = !has ? row[i] : !had ? v[i] : Math.min(row[i], v[i]);
                case 5, 9 -> row[i] = Math.max(row[i], v[i]);
                default -> row[i] += v[i];
            }
        }
    }

    /**
     * Puts the run on the dataset's clock and into {@code data}; {@code clockStartNs} is where the
     * files with a clock of their own start ({@code Long.MAX_VALUE} if none), {@code clockFile} the
     * one that starts there. Returns the reports with what was assumed noted on the log files.
     */
    List<FileReport> addTo(DatasetBuilder data, Map<String, String> params, long clockStartNs, String clockFile,
                           List<FileReport> reports) throws ImportException {
        if (aggregate == null) {
            return reports;
        }
        List<String> notes = new ArrayList<>();
        long zeroUs = aggregate ? intervals.firstKey() * 1_000_000L : firstStartUs();
        long baseNs;
        if (clockStartNs == Long.MAX_VALUE) {
            baseNs = 0; // the log alone: its first transaction (or interval) starts the timeline
        } else if (clockStartNs >= WALL_CLOCK_NS) {
            baseNs = zeroUs * 1000L; // a recording on the wall clock too (perf record -k CLOCK_REALTIME)
            notes.add("lined up with " + Path.of(clockFile).getFileName() + " by their shared Unix-epoch clock");
        } else {
            baseNs = clockStartNs;
            notes.add(String.format(Locale.ROOT, "has Unix-epoch times, but %s counts from boot: the two clocks cannot"
                    + " be lined up, so the log is placed at the start of %s (%.6f s); its transactions are off by"
                    + " however far apart the two started", Path.of(clockFile).getFileName(),
                    Path.of(clockFile).getFileName(), clockStartNs / 1e9));
        }
        params.put("pgbench.log.files", Integer.toString(files.size()));
        long zeroS = Math.floorDiv(zeroUs, 1_000_000L);
        long zeroFractionUs = Math.floorMod(zeroUs, 1_000_000L);
        params.put("pgbench.log.start", Instant.ofEpochSecond(zeroS, zeroFractionUs * 1000L)
                + " (Unix time " + zeroS + "." + String.format(Locale.ROOT, "%06d", zeroFractionUs) + ")");
        if (aggregate) {
            aggregated(data, params, zeroUs, baseNs, notes);
        } else {
            perTransaction(data, params, zeroUs, baseNs, notes);
            // the dataset has the transactions now: the log's own columns go before it is built,
            // which copies them once more (a 10 M line log: 160 MB each)
            endUs = latencyUs = extra7 = extra8 = new long[0];
        }
        List<FileReport> out = new ArrayList<>(reports.size());
        for (FileReport r : reports) {
            if (files.contains(r.file())) {
                for (String n : notes) {
                    r = r.withNote(n);
                }
            }
            out.add(r);
        }
        return out;
    }

    private long firstStartUs() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, latencyUs[i] >= 0 ? endUs[i] - latencyUs[i] : endUs[i]);
        }
        return min;
    }

    /** Which optional field column 7 of a 7-field per-transaction log is: schedule_lag or retries. */
    private boolean seventhIsRetries(Map<String, String> params, List<String> notes) {
        if (fields != 7) {
            return false;
        }
        if (skipped > 0) {
            return false; // only --rate (with --latency-limit) skips, and --rate writes schedule_lag first
        }
        String tries = params.getOrDefault("pgbench.maximumNumberOfTries", "").strip();
        boolean lag = params.containsKey("pgbench.rateLimitScheduleLag");
        if (!tries.isEmpty() && !lag) {
            // the run's own output opened with the log: no rate limit, so the field is --max-tries' retries
            if (tries.equals("1")) {
                return false;
            }
            long over = 0;
            for (int i = 0; i < size; i++) {
                if (extra7[i] > PgbenchLogReader.MAX_RETRIES) {
                    extra7[i] = 0; // no try count pgbench can write: damaged, left out of the sums
                    over++;
                }
            }
            if (over > 0) {
                notes.add(over + " transaction(s) have a retries field (7) above " + PgbenchLogReader.MAX_RETRIES
                        + ", pgbench's --max-tries limit: damaged, counted as 0 retries");
            }
            return true;
        }
        if (!lag) {
            notes.add("field 7 is read as schedule_lag (--rate); pgbench 15+ writes retries there instead when"
                    + " run with --max-tries but without --rate: open the log with the run's pgbench output, whose"
                    + " \"maximum number of tries\" and \"rate limit schedule lag\" lines tell which");
        }
        return false;
    }

    private void perTransaction(DatasetBuilder data, Map<String, String> params, long zeroUs, long baseNs,
                                List<String> notes) throws ImportException {
        boolean retries7 = seventhIsRetries(params, notes);
        long[] lag = fields >= 7 && !retries7 ? extra7 : null;
        long[] retries = fields == 8 ? extra8 : retries7 ? extra7 : null;
        params.put("pgbench.log.layout", "per transaction, " + fields + " fields"
                + (lag != null ? ", schedule_lag" : "") + (retries != null ? ", retries" : ""));
        DatasetBuilder.OperationBuilder op = data.operation(TRANSACTION);
        DatasetBuilder.CounterBuilder tps = data.counter("pgbench log tps", "tps");
        DatasetBuilder.CounterBuilder latency = data.counter("pgbench log latency", "ms");
        DatasetBuilder.CounterBuilder failedC = failed > 0 ? data.counter("pgbench log failed", "transactions") : null;
        DatasetBuilder.CounterBuilder skippedC = skipped > 0 ? data.counter("pgbench log skipped", "transactions") : null;
        DatasetBuilder.CounterBuilder retriesC = retries != null ? data.counter("pgbench log retries", "retries") : null;
        DatasetBuilder.CounterBuilder lagC = lag != null ? data.counter("pgbench log schedule lag", "ms") : null;
        // Counted per second from the run's first transaction start: the seconds (k s, k+1 s] that
        // have a transaction end in them, walked in end order, so a run's span costs nothing and a
        // long run of empty seconds is one sample (0 tps, no latency) where it begins. The last
        // second, cut by the run's end, is a rate over its own length.
        // one thread's log is in end order already: no order column (4 bytes per transaction) then
        int[] byEnd = StableOrder.sorted(endUs, size) ? null : StableOrder.byKey(endUs, size);
        long lastEnd = size == 0 ? zeroUs : endUs[byEnd == null ? size - 1 : byEnd[size - 1]];
        onClock(baseNs, zeroUs, lastEnd, String.format(Locale.ROOT, "the transaction ending at Unix time %d.%06d",
                lastEnd / 1_000_000L, lastEnd % 1_000_000L));
        long lastBucket = Math.max(0, ceilDiv(lastEnd - zeroUs, INTERVAL_US) - 1);
        long lastLenUs = Math.max(1, lastEnd - zeroUs - lastBucket * INTERVAL_US);
        Second s = new Second();
        long previous = -1;
        int ops = 0;
        long totalRetries = 0;
        long retried = 0;
        double lagTotal = 0;
        long lagCount = 0;
        op.ensureCapacity((int) (size - skipped - failed));
        for (int k = 0; k < size; k++) {
            int i = byEnd == null ? k : byEnd[k];
            long b = Math.max(0, ceilDiv(endUs[i] - zeroUs, INTERVAL_US) - 1);
            if (b != s.bucket) {
                if (s.bucket >= 0) {
                    s.emit(baseNs, lastBucket, lastLenUs, tps, latency, failedC, skippedC, retriesC, lagC);
                    previous = s.bucket;
                }
                if (b > previous + 1) {
                    // seconds with no transaction end: one sample where they begin
                    s.bucket = previous + 1;
                    s.emit(baseNs, lastBucket, lastLenUs, tps, latency, failedC, skippedC, retriesC, lagC);
                }
                s.bucket = b;
            }
            long lat = latencyUs[i];
            if (lat == SKIPPED) {
                s.skipped++;
            } else if (lat == FAILED) {
                s.failed++;
            } else {
                s.done++;
                s.latSum += lat;
                op.add(baseNs + (endUs[i] - zeroUs) * 1000L, lat * 1000L);
                ops++;
            }
            if (lag != null && lat != SKIPPED) {
                s.lagSum += lag[i];
                s.lagN++;
                lagTotal += lag[i];
                lagCount++;
            }
            if (retries != null) {
                s.retries += retries[i];
                totalRetries += retries[i];
                retried += retries[i] > 0 ? 1 : 0;
            }
        }
        if (s.bucket >= 0) {
            s.emit(baseNs, lastBucket, lastLenUs, tps, latency, failedC, skippedC, retriesC, lagC);
        }
        long endNs = baseNs + (lastEnd - zeroUs) * 1000L;
        if (endNs > baseNs + lastBucket * INTERVAL_US * 1000L) {
            // the run ends with its last transaction: no figure from there on (a gap), not the last
            // second's held over the rest of a longer recording opened with it
            closeAt(endNs, tps, latency, failedC, skippedC, retriesC, lagC);
        }
        params.put("pgbench.log.clients", Integer.toString(clientNumbers.size()));
        params.put("pgbench.log.transactions", Integer.toString(ops));
        params.put("pgbench.log.failed", Long.toString(failed));
        if (lag != null) {
            params.put("pgbench.log.skipped", Long.toString(skipped));
            if (lagCount > 0) {
                params.put("pgbench.log.scheduleLagAverageMs", ms(lagTotal / lagCount));
            }
        }
        if (retries != null) {
            params.put("pgbench.log.retried", Long.toString(retried));
            params.put("pgbench.log.retries", Long.toString(totalRetries));
        }
        long ran = 0;
        long logged = 0;
        for (long[] n : clientNumbers.values()) {
            ran += n[1] - n[0] + 1;
            logged += n[2];
        }
        if (ran - logged > notUnderstood) {
            // --sampling-rate: the numbers each client ran are there, only some of them logged (more
            // missing than the lines not understood account for: those are damaged, not sampled out)
            String share = String.format(Locale.ROOT, "%d of the %d transactions its clients' numbers span (%.1f%%)", logged,
                    ran, 100.0 * logged / ran);
            params.put("pgbench.log.sampled", share);
            notes.add("transaction numbers skip: a --sampling-rate log of " + share + "; its counts and tps are of"
                    + " the sample");
        }
    }

    private void aggregated(DatasetBuilder data, Map<String, String> params, long zeroUs, long baseNs,
                            List<String> notes) throws ImportException {
        params.put("pgbench.log.layout", "aggregated, " + fields + " fields");
        long widthS = Long.MAX_VALUE;
        Long previous = null;
        for (Long start : intervals.keySet()) {
            if (previous != null) {
                widthS = Math.min(widthS, start - previous);
            }
            previous = start;
        }
        if (widthS == Long.MAX_VALUE) {
            widthS = 1;
            notes.add("one interval only: its length (--aggregate-interval) is unknown, taken as 1 s");
        }
        params.put("pgbench.log.intervalS", Long.toString(widthS));
        long lastS = intervals.lastKey();
        long closeNs;
        try {
            closeNs = onClock(baseNs, zeroUs, Math.multiplyExact(Math.addExact(lastS, widthS), 1_000_000L),
                    "the interval starting at Unix time " + lastS);
        } catch (ArithmeticException e) {
            closeNs = onClock(baseNs, zeroUs, Long.MAX_VALUE, "the interval starting at Unix time " + lastS);
        }
        double[] total = new double[15];
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double[] r : intervals.values()) {
            for (int i = 1; i < 15; i++) {
                total[i] += r[i];
            }
            if (r[1] > 0) {
                min = Math.min(min, r[4]);
                max = Math.max(max, r[5]);
            }
        }
        boolean lag = fields >= 10 && (fields < 15 || total[6] > 0 || total[9] > 0);
        boolean skippedSeries = fields == 11 || fields == 15 && total[10] > 0;
        boolean retry = fields == 15 && (total[11] > 0 || total[12] > 0);
        boolean failures = fields == 15 && (total[13] > 0 || total[14] > 0);
        DatasetBuilder.CounterBuilder tps = data.counter("pgbench log tps", "tps");
        DatasetBuilder.CounterBuilder mean = data.counter("pgbench log latency", "ms");
        DatasetBuilder.CounterBuilder lo = data.counter("pgbench log latency min", "ms");
        DatasetBuilder.CounterBuilder hi = data.counter("pgbench log latency max", "ms");
        DatasetBuilder.CounterBuilder lagC = lag ? data.counter("pgbench log schedule lag", "ms") : null;
        DatasetBuilder.CounterBuilder skippedC = skippedSeries ? data.counter("pgbench log skipped", "transactions") : null;
        DatasetBuilder.CounterBuilder retriedC = retry ? data.counter("pgbench log retried", "transactions") : null;
        DatasetBuilder.CounterBuilder retriesC = retry ? data.counter("pgbench log retries", "retries") : null;
        DatasetBuilder.CounterBuilder serC = failures ? data.counter("pgbench log serialization failures", "transactions") : null;
        DatasetBuilder.CounterBuilder deadC = failures ? data.counter("pgbench log deadlock failures", "transactions") : null;
        long lastStartS = 0;
        for (Map.Entry<Long, double[]> e : intervals.entrySet()) {
            double[] r = e.getValue();
            lastStartS = e.getKey();
            long t = baseNs + (lastStartS * 1_000_000L - zeroUs) * 1000L;
            double n = r[1];
            tps.add(t, n / widthS);
            mean.add(t, n == 0 ? Double.NaN : r[2] / n / 1000.0);
            lo.add(t, n == 0 ? Double.NaN : r[4] / 1000.0);
            hi.add(t, n == 0 ? Double.NaN : r[5] / 1000.0);
            if (lagC != null) {
                lagC.add(t, n == 0 ? Double.NaN : r[6] / n / 1000.0);
            }
            if (skippedC != null) {
                skippedC.add(t, r[10]);
            }
            if (retriedC != null) {
                retriedC.add(t, r[11]);
                retriesC.add(t, r[12]);
            }
            if (serC != null) {
                serC.add(t, r[13]);
                deadC.add(t, r[14]);
            }
        }
        // the last interval ends one length after its start; no figure from there on
        closeAt(closeNs, tps, mean, lo, hi, lagC, skippedC,
                retriedC, retriesC, serC, deadC);
        long count = Math.round(total[1]);
        params.put("pgbench.log.transactions", Long.toString(count));
        if (count > 0) {
            double meanUs = total[2] / count;
            params.put("pgbench.log.latencyAverageMs", ms(meanUs));
            params.put("pgbench.log.latencyStddevMs", ms(Math.sqrt(Math.max(0, total[3] / count - meanUs * meanUs))));
            params.put("pgbench.log.latencyMinMs", ms(min));
            params.put("pgbench.log.latencyMaxMs", ms(max));
        }
        if (lag) {
            if (count > 0) {
                params.put("pgbench.log.scheduleLagAverageMs", ms(total[6] / count));
            }
        }
        if (fields == 11 || fields == 15) {
            params.put("pgbench.log.skipped", Long.toString(Math.round(total[10])));
        }
        if (fields == 15) {
            params.put("pgbench.log.retried", Long.toString(Math.round(total[11])));
            params.put("pgbench.log.retries", Long.toString(Math.round(total[12])));
            params.put("pgbench.log.serializationFailures", Long.toString(Math.round(total[13])));
            params.put("pgbench.log.deadlockFailures", Long.toString(Math.round(total[14])));
        }
    }

    /** One second's figures of a per-transaction log, emitted as one sample per series and reset. */
    private static final class Second {
        long bucket = -1;
        long done;
        double latSum;
        long failed;
        long skipped;
        long retries;
        double lagSum;
        long lagN;

        void emit(long baseNs, long lastBucket, long lastLenUs, DatasetBuilder.CounterBuilder tps,
                  DatasetBuilder.CounterBuilder latency, DatasetBuilder.CounterBuilder failedC,
                  DatasetBuilder.CounterBuilder skippedC, DatasetBuilder.CounterBuilder retriesC,
                  DatasetBuilder.CounterBuilder lagC) {
            long t = baseNs + bucket * INTERVAL_US * 1000L;
            double seconds = (bucket == lastBucket ? lastLenUs : INTERVAL_US) / 1e6;
            tps.add(t, done / seconds);
            latency.add(t, done == 0 ? Double.NaN : latSum / done / 1000.0);
            if (failedC != null) {
                failedC.add(t, failed);
            }
            if (skippedC != null) {
                skippedC.add(t, skipped);
            }
            if (retriesC != null) {
                retriesC.add(t, retries);
            }
            if (lagC != null) {
                lagC.add(t, lagN == 0 ? Double.NaN : lagSum / lagN / 1000.0);
            }
            done = 0;
            latSum = 0;
            failed = 0;
            skipped = 0;
            retries = 0;
            lagSum = 0;
            lagN = 0;
        }
    }

    /** A gap sample at {@code tNs} in each series there is ({@code null}s skipped). */
    private static void closeAt(long tNs, DatasetBuilder.CounterBuilder... series) {
        for (DatasetBuilder.CounterBuilder c : series) {
            if (c != null) {
                c.add(tNs, Double.NaN);
            }
        }
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** Microseconds as milliseconds with pgbench's three decimals. */
    private static String ms(double us) {
        return String.format(Locale.ROOT, "%.3f", us / 1000.0);
    }
}
