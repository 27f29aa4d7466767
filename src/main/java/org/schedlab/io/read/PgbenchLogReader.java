package org.schedlab.io.read;

/**
 * pgbench's own logs ({@code pgbench -l}, files {@code pgbench_log.PID} and, with {@code -j},
 * {@code pgbench_log.PID.1} ...), in both forms the PostgreSQL 13-17 documentation gives:
 * <ul>
 * <li>per transaction: {@code client_id transaction_no time script_no time_epoch time_us
 * [schedule_lag] [retries]}, where {@code time} (us) is {@code skipped} for a transaction that
 * {@code --rate --latency-limit} skipped and {@code failed} ({@code serialization} or
 * {@code deadlock} with {@code --failures-detailed}) for one that failed;</li>
 * <li>aggregated ({@code --aggregate-interval}): {@code interval_start num_transactions sum_latency
 * sum_latency_2 min_latency max_latency}, then with {@code --rate} {@code sum_lag sum_lag_2 min_lag
 * max_lag} and with {@code --latency-limit} as well {@code skipped} (PostgreSQL 13-14: 6, 10 or 11
 * fields), or from PostgreSQL 15 on always all of those and {@code retried retries
 * serialization_failures deadlock_failures} (15 fields, zeros where an option was not given).</li>
 * </ul>
 * A file is one layout throughout: its first line's field count says which, and a line with
 * another count is not understood. The lines go to the import's {@link PgbenchLogRun}, which
 * makes the files of one run (one per pgbench thread) one set of transactions on the clock the
 * log has: Unix epoch time.
 */
public final class PgbenchLogReader extends LineReader {
    static final String FORMAT = "pgbench-log";
    static final String AGGREGATED = "pgbench-aggregate-log";

    private static final String PER_TRANSACTION_FIELDS =
            "client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]";
    private static final String AGGREGATE_FIELDS = "interval_start num_transactions sum_latency sum_latency_2"
            + " min_latency max_latency [sum_lag sum_lag_2 min_lag max_lag [skipped]] [retried retries"
            + " serialization_failures deadlock_failures]";

    /**
     * The latest Unix time in seconds a log line may have: SchedLab's clock is nanoseconds in a
     * long, which ends in April 2262; a later time is a damaged field.
     */
    static final long MAX_EPOCH_S = Long.MAX_VALUE / 1_000_000_000L;

    /** The latest end of a transaction, in Unix microseconds, whose nanoseconds fit in a long. */
    static final long MAX_END_US = Long.MAX_VALUE / 1000L;

    /** The most retries of one transaction: pgbench's --max-tries is an unsigned 32-bit number. */
    static final long MAX_RETRIES = 0xffff_ffffL;

    /** The most fields a line of either form has; lines are split into at most one more to count them. */
    private static final int MAX_FIELDS = 15;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String kind() {
        return FORMAT + " or " + AGGREGATED;
    }

    @Override
    public int probe(Sniff sniff) {
        if (sniff.binary()) {
            return 0;
        }
        int lines = 0;
        int perTransaction = 0;
        int aggregated = 0;
        String[] f = new String[MAX_FIELDS + 1];
        for (String l : sniff.headLines()) {
            String t = l.strip();
            if (t.isEmpty()) {
                continue;
            }
            lines++;
            int n = split(t, f);
            if (isPerTransaction(f, n)) {
                perTransaction++;
            } else if (isAggregate(f, n)) {
                aggregated++;
            }
        }
        if (lines == 0) {
            return 0;
        }
        int best = Math.max(perTransaction, aggregated);
        // every line of the head in one of the two layouts; a cut last head line does not spoil it
        if (best >= lines - 1 && best >= 1) {
            return 85;
        }
        return best * 2 >= lines ? 45 : 0;
    }

    /** Splits {@code t} at runs of spaces or tabs into {@code out}; returns the field count (at most out.length). */
    static int split(String t, String[] out) {
        int n = 0;
        int i = 0;
        int len = t.length();
        while (i < len && n < out.length) {
            while (i < len && (t.charAt(i) == ' ' || t.charAt(i) == '\t')) {
                i++;
            }
            if (i == len) {
                break;
            }
            int e = tokenEnd(t, i);
            out[n++] = t.substring(i, e);
            i = e;
        }
        return n;
    }

    private static boolean digits(String s, int maxLen) {
        if (s.isEmpty() || s.length() > maxLen) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!TraceLine.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean isTimeToken(String s) {
        return digits(s, 18) || isNoLatency(s);
    }

    /** The {@code time} of a transaction that has none: skipped, or failed (by kind with --failures-detailed). */
    static boolean isNoLatency(String s) {
        return s.equals("skipped") || s.equals("failed") || s.equals("serialization") || s.equals("deadlock");
    }

    private static boolean isPerTransaction(String[] f, int n) {
        return n >= 6 && n <= 8 && digits(f[0], 9) && digits(f[1], 18) && isTimeToken(f[2]) && digits(f[3], 9)
                && digits(f[4], 12) && digits(f[5], 6) && (n < 7 || digits(f[6], 18)) && (n < 8 || digits(f[7], 18));
    }

    private static boolean isAggregate(String[] f, int n) {
        if (n != 6 && n != 10 && n != 11 && n != 15) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!digits(f[i], i == 0 ? 12 : 30)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        // six all-digit fields fit both layouts: the head's lines decide, as in probe, not one
        // damaged first line (a per-transaction file whose first line has time_us 1000000)
        String[] f = new String[MAX_FIELDS + 1];
        int perTransaction = 0;
        int aggregated = 0;
        for (String l : sniff.headLines()) {
            int n = split(l.strip(), f);
            if (isPerTransaction(f, n)) {
                perTransaction++;
            } else if (isAggregate(f, n)) {
                aggregated++;
            }
        }
        return new Parser(ctx, aggregated > perTransaction);
    }

    private static final class Parser extends LineParser {
        private final ReadContext ctx;
        private final boolean aggregate;
        private final String[] f = new String[MAX_FIELDS + 1];
        /** The file's field count, from its first line. */
        private int fields = -1;
        private final PgbenchLogRun run;

        Parser(ReadContext ctx, boolean aggregate) {
            this.ctx = ctx;
            this.aggregate = aggregate;
            this.run = ctx.sink().pgbenchLog();
            ctx.report().format(aggregate ? AGGREGATED : FORMAT);
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            boolean read = read(s, n);
            if (!read) {
                run.lineNotUnderstood(); // its transaction's number is not a sampled-out one
            }
            return read;
        }

        private boolean read(String s, long n) throws ImportException {
            String t = s.strip();
            if (t.isEmpty()) {
                return true;
            }
            int count = split(t, f);
            if (fields < 0) {
                boolean known = aggregate ? count == 6 || count == 10 || count == 11 || count == 15
                        : count >= 6 && count <= 8;
                if (!known) {
                    return rejectFields(n, count, aggregate ? "expected 6, 10, 11 or 15 fields (" + AGGREGATE_FIELDS + ")"
                            : "expected 6 to 8 fields (" + PER_TRANSACTION_FIELDS + ")");
                }
                fields = count;
                run.layout(ctx.report().file(), aggregate, fields);
            } else if (count != fields) {
                return rejectFields(n, count, "expected " + fields + " fields as the file's first line has ("
                        + (aggregate ? AGGREGATE_FIELDS : PER_TRANSACTION_FIELDS) + ")");
            }
            return aggregate ? aggregateLine(n) : transactionLine(n);
        }

        private boolean rejectFields(long n, int count, String expected) {
            return reject(expected + ", got " + (count > MAX_FIELDS ? "more than " + MAX_FIELDS : count));
        }

        private boolean transactionLine(long n) throws ImportException {
            long client = number(0, 9);
            if (client < 0) {
                return bad(1, "client_id", "a client number");
            }
            long no = number(1, 18);
            if (no < 0) {
                return bad(2, "transaction_no", "a transaction number");
            }
            long latencyUs;
            if (f[2].equals("skipped")) {
                latencyUs = PgbenchLogRun.SKIPPED;
            } else if (isNoLatency(f[2])) {
                latencyUs = PgbenchLogRun.FAILED;
            } else {
                latencyUs = number(2, 18);
                if (latencyUs < 0) {
                    return bad(3, "time", "latency in us, `skipped` or `failed`");
                }
            }
            if (number(3, 9) < 0) {
                return bad(4, "script_no", "a script number");
            }
            long epoch = number(4, 12);
            if (epoch < 0 || epoch > MAX_EPOCH_S) {
                return bad(5, "time_epoch", "Unix time in seconds, before the year 2262");
            }
            long us = number(5, 6);
            if (us < 0) {
                return bad(6, "time_us", "microseconds 0 to 999999");
            }
            if (epoch * 1_000_000L + us > MAX_END_US) {
                // time_epoch is in range, but its microseconds pass the clock's end
                return reject(String.format(java.util.Locale.ROOT, "field 6 (time_us): Unix time %d.%06d is after"
                        + " April 2262 (%d.%06d, the end of SchedLab's 64-bit nanosecond clock); expected a time before it",
                        epoch, us, MAX_END_US / 1_000_000L, MAX_END_US % 1_000_000L));
            }
            if (latencyUs > epoch * 1_000_000L + us) {
                // the transaction would have started before 1970: a damaged field, not a latency
                return reject("field 3 (time): " + latencyUs + " us is longer than the time since 1970 at the"
                        + " transaction's end (time_epoch " + epoch + "); expected the transaction's latency in us");
            }
            long extra7 = -1;
            long extra8 = -1;
            if (fields >= 7) {
                extra7 = number(6, 18);
                if (extra7 < 0) {
                    return bad(7, fields == 8 ? "schedule_lag" : "schedule_lag or retries", "a whole number");
                }
            }
            if (fields == 8) {
                extra8 = number(7, 18);
                if (extra8 < 0 || extra8 > MAX_RETRIES) {
                    // fewer than --max-tries, which pgbench keeps in 32 bits: a longer number is damaged
                    return bad(8, "retries", "a number of retries 0 to " + MAX_RETRIES + " (pgbench's --max-tries limit)");
                }
            }
            run.transaction(ctx.report().file(), n, (int) client, no, latencyUs, (int) number(3, 9),
                    epoch * 1_000_000L + us, extra7, extra8);
            ctx.report().event();
            return true;
        }

        private static final String[] AGGREGATE_NAMES = {"interval_start", "num_transactions", "sum_latency",
            "sum_latency_2", "min_latency", "max_latency", "sum_lag", "sum_lag_2", "min_lag", "max_lag", "skipped",
            "retried", "retries", "serialization_failures", "deadlock_failures"};

        private boolean aggregateLine(long n) throws ImportException {
            double[] v = new double[fields];
            for (int i = 0; i < fields; i++) {
                // sums of squares of microseconds outgrow a long over a long interval: every figure as a double
                if (!digits(f[i], i == 0 ? 12 : 30)) {
                    return bad(i + 1, AGGREGATE_NAMES[i], i == 0 ? "Unix time in seconds" : "a whole number");
                }
                if (isCount(i) && f[i].length() > 18) {
                    // pgbench counts in 64 bits; a longer count is damaged, and added up it came
                    // out as 9223372036854775807 transactions
                    return bad(i + 1, AGGREGATE_NAMES[i], "a count of at most 18 digits");
                }
                v[i] = Double.parseDouble(f[i]);
            }
            if (v[0] > MAX_EPOCH_S) {
                return bad(1, AGGREGATE_NAMES[0], "Unix time in seconds, before the year 2262");
            }
            if (v[1] > 0 && v[4] > v[5]) {
                return reject("field 5 (min_latency) " + f[4] + " is above field 6 (max_latency) " + f[5]);
            }
            run.interval(ctx.report().file(), n, v);
            ctx.report().event();
            return true;
        }

        /** num_transactions, skipped, retried, retries and the failure counts: whole counts, not sums of times. */
        private static boolean isCount(int field) {
            return field == 1 || field >= 10;
        }

        private long number(int i, int maxDigits) {
            String s = f[i];
            return s.length() > maxDigits ? -1 : parseUlong(s, 0, s.length());
        }

        private boolean bad(int field, String name, String expected) {
            return reject("field " + field + " (" + name + "): expected " + expected + ", got '"
                    + Printable.clip(f[field - 1], 30) + "'");
        }

        /**
         * The last line, without its line break, with fewer fields than every other: the file was cut
         * while pgbench wrote it. Left out with one note saying so; read as any line it was reported
         * three times (not understood, without a line break, truncated).
         */
        @Override
        protected boolean cutLastLine(String text, long n) {
            String t = text.strip();
            if (fields <= 0 || t.isEmpty()) {
                return false;
            }
            int count = split(t, f);
            if (count >= fields) {
                return false;
            }
            run.lineNotUnderstood(); // a transaction or interval of the run, lost with the line's end
            ctx.report().note("line " + n + ", the last, is truncated (" + count + " of " + fields + " fields): the"
                    + " file ends in the middle of a line, which is left out");
            return true;
        }

        @Override
        protected void end(long lines) throws ImportException {
            if (ctx.report().eventCount() == 0) {
                throw new ImportException(ctx.report().file(), 0, "no pgbench log lines found; expected "
                        + (aggregate ? AGGREGATE_FIELDS : PER_TRANSACTION_FIELDS));
            }
        }
    }
}
