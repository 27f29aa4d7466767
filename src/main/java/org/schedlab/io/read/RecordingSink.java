package org.schedlab.io.read;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.Metadata;
import org.schedlab.model.SchedEvents;
import org.schedlab.model.Version;

/**
 * Where every reader of one import puts what it read, so several files (a perf recording and
 * the pgbench log of the same run) become one Dataset with one task table. Tasks are keyed by
 * tid across files; a task keeps the last real comm seen (as perf reports it), placeholders
 * such as {@code <...>} only until a real one turns up. Files without a clock of their own
 * (pgbench progress, nstat snapshots) give times relative to their start; they are placed at
 * the start of the timed data, which the metadata says.
 */
public final class RecordingSink {
    /** pid of a task whose thread group the recording does not say. */
    public static final int UNKNOWN_PID = -1;

    private final DatasetBuilder data = Dataset.builder(Metadata.of("", ""));
    private final SchedEvents.Builder sched = SchedEvents.builder();
    private final IntIntMap idByTid = new IntIntMap(-1);
    /** Each CPU's idle task, by CPU number (see {@link #idleTask}). */
    private final IntIntMap idleIdByCpu = new IntIntMap(-1);
    /** The comm lines printed for a tid not yet a task, as an index into {@link #seenCommBytes}. */
    private final IntIntMap seenCommOf = new IntIntMap(-1);
    private final List<byte[]> seenCommBytes = new ArrayList<>();
    private int taskCount;
    private int[] tids = new int[64];
    private int[] pids = new int[64];
    private String[] comms = new String[64];
    /** Each comm as UTF-8, for comparing with a line's bytes without decoding them. */
    private byte[][] commBytes = new byte[64][];
    private boolean[] weakComm = new boolean[64];
    private final Map<String, String> parameters = new LinkedHashMap<>();
    /** Counters on their own file's clock, in the order their first sample came (one per file, name and unit). */
    private final List<RelativeSeries> relative = new ArrayList<>();
    /** The current file's series by name (a name given in two units: by name and unit). */
    private final Map<String, RelativeSeries> currentSeries = new HashMap<>();
    private long minAbsNs = Long.MAX_VALUE;
    /** Parameters and relative samples given so far, to tell whether a file gave any (see {@link #valuesGiven}). */
    private long valuesGiven;
    /** The file being read, set by the importer: relative counters remember which file gave them. */
    private String currentFile = "";
    /** The file whose clock starts first: files without a clock of their own are placed at its start. */
    private String minAbsFile = "";

    /**
     * One counter of one file on that file's clock, as columns in blocks of {@value #BLOCK}
     * samples: a million-line mpstat file gives twelve million samples, which as one object each
     * (about 50 bytes) did not fit a 512 MB heap, and as arrays grown by half did not either (the
     * heap filled with the big arrays' free gaps). {@link #columns} makes the exact arrays once.
     */
    private static final class RelativeSeries {
        /** 32 K samples: 256 KB a block, small enough for the collector to place anywhere. */
        static final int BLOCK = 1 << 15;
        final String file;
        final String name;
        final String unit;
        private long[][] tBlocks = new long[4][];
        private double[][] vBlocks = new double[4][];
        int size;

        RelativeSeries(String file, String name, String unit) {
            this.file = file;
            this.name = name;
            this.unit = unit;
        }

        void add(long tNs, double value) {
            int block = size >>> 15;
            int at = size & (BLOCK - 1);
            if (at == 0) {
                if (block == tBlocks.length) {
                    tBlocks = Arrays.copyOf(tBlocks, block * 2);
                    vBlocks = Arrays.copyOf(vBlocks, block * 2);
                }
                // the first block as small as a short file needs, the others whole
                int cap = block == 0 ? 64 : BLOCK;
                tBlocks[block] = new long[cap];
                vBlocks[block] = new double[cap];
            } else if (block == 0 && at == tBlocks[0].length) {
                tBlocks[0] = Arrays.copyOf(tBlocks[0], Math.min(BLOCK, at * 4));
                vBlocks[0] = Arrays.copyOf(vBlocks[0], Math.min(BLOCK, at * 4));
            }
            tBlocks[block][at] = tNs;
            vBlocks[block][at] = value;
            size++;
        }

        /** The samples as two arrays of exactly {@link #size}; the blocks are let go as they are copied. */
        Object[] columns() {
            long[] t = new long[size];
            double[] v = new double[size];
            for (int b = 0, from = 0; from < size; b++, from += BLOCK) {
                int n = Math.min(BLOCK, size - from);
                System.arraycopy(tBlocks[b], 0, t, from, n);
                System.arraycopy(vBlocks[b], 0, v, from, n);
                tBlocks[b] = null;
                vBlocks[b] = null;
            }
            return new Object[] {t, v};
        }
    }

    /** Which file first put slices on each CPU, and how many lanes held after each file. */
    private final List<String> cpuOwner = new ArrayList<>();
    private final List<Integer> cpuSizes = new ArrayList<>();
    /** The first file that added slices to a CPU another file had recorded, said for the user. */
    private String cpuTwice = "";
    private String cpuTwiceFile = "";

    /** The first file of each kind a dataset holds one of (see {@link #oneOfAKind}). */
    private final Map<String, String> kindFile = new LinkedHashMap<>();
    /** The first file of such a kind that another file had already given, and which kind. */
    private String secondOfKindFile = "";
    private String secondOfKind = "";

    /**
     * Says the current file is a {@code kind} a dataset holds one of ("a lock contention table",
     * "a YCSB status log"): its rows go into the metadata by key, so a second file of the kind
     * would silently replace the first's. {@link #finish} refuses it as it refuses a second
     * pgbench log.
     */
    public void oneOfAKind(String kind) {
        String first = kindFile.putIfAbsent(kind, currentFile);
        if (first != null && !first.equals(currentFile) && secondOfKindFile.isEmpty()) {
            secondOfKindFile = currentFile;
            secondOfKind = kind;
        }
    }

    /** The first file that gave each network counter of a snapshot file (see {@link #counterSnapshot}). */
    private final Map<String, String> snapshotCounterFile = new LinkedHashMap<>();
    /** The first counter a second snapshot file gave again: that file, the counter and the file that gave it first. */
    private String[] snapshotTwice;

    /**
     * Says the current file is a snapshot of the kernel's network counters {@code names} (nstat,
     * netstat -s, /proc/net/snmp), which carries no clock: two such files that give one counter are
     * the before and after of a change ({@code nstat -az > before.txt; ...; nstat -az > after.txt}),
     * which on one timeline would put both values at its start, the second hiding the first. {@link
     * #finish} refuses them and says to compare them as A and B. Files of different counters (a
     * /proc/net/snmp and a /proc/net/netstat taken together) still open together.
     */
    public void counterSnapshot(Collection<String> names) {
        for (String name : names) {
            String first = snapshotCounterFile.putIfAbsent(name, currentFile);
            if (first != null && !first.equals(currentFile) && snapshotTwice == null) {
                snapshotTwice = new String[] {currentFile, name, first};
            }
        }
    }

    /** The pgbench log files (pgbench -l) of this import, created when the first is read. */
    private PgbenchLogRun pgbenchLog;

    /** Where pgbench's own log files (one run, one file per pgbench thread) collect their transactions. */
    PgbenchLogRun pgbenchLog() {
        if (pgbenchLog == null) {
            pgbenchLog = new PgbenchLogRun();
        }
        return pgbenchLog;
    }

    /** Tells the sink which file the next samples come from. */
    void currentFile(String file) {
        this.currentFile = file;
        currentSeries.clear();
    }

    /**
     * Called after each file: notes a file that recorded a CPU an earlier file had recorded.
     * That is fine for the parts of a recording split in time, but two recordings of the same
     * run (its perf sched script and its timehist) interleave into lanes the model refuses; then
     * {@link #finish} says which files, instead of a slice number out of order.
     */
    void fileRead(String file) {
        for (int c = 0; c < data.cpuCount(); c++) {
            int size = data.cpu(c).size();
            if (c == cpuSizes.size()) {
                cpuSizes.add(0);
                cpuOwner.add("");
            }
            int before = cpuSizes.get(c);
            if (size > before && before > 0 && cpuTwice.isEmpty()) {
                cpuTwiceFile = file;
                cpuTwice = "records cpu " + c + " again, which " + cpuOwner.get(c) + " already recorded";
            }
            if (size > before) {
                cpuSizes.set(c, size);
                if (before == 0) {
                    cpuOwner.set(c, file);
                }
            }
        }
    }

    /**
     * The id of task {@code tid}, registering it on first sight. {@code comm} may be a
     * placeholder ({@code <...>}, {@code <1234>}) or empty; {@code pid} may be
     * {@link #UNKNOWN_PID}. Later calls fill in what earlier ones did not know.
     */
    public int task(int tid, int pid, String comm) {
        int id = idByTid.get(tid);
        boolean weak = isPlaceholder(comm);
        if (id < 0) {
            id = newTask(tid, pid, comm, weak);
            idByTid.put(tid, id);
            return id;
        }
        if (!weak && (weakComm[id] || !comms[id].equals(comm))) {
            comms[id] = comm;
            commBytes[id] = comm.getBytes(StandardCharsets.UTF_8);
            weakComm[id] = false;
        }
        if (pid != UNKNOWN_PID) {
            pids[id] = pid;
        }
        return id;
    }

    /**
     * A line printed {@code b[from, to)} as the comm of thread {@code tid} (perf script's sample lines
     * print the sampled thread's comm) without making it a task: a task of the tid known only by a
     * placeholder ({@code <5001>}, from a switch record's next pid/tid) takes that comm, as perf's
     * own tools name it; for a tid not yet a task it is kept for when one is made.
     */
    public void lineComm(int tid, byte[] b, int from, int to) {
        if (tid <= 0 || to <= from || b[from] == '<' && b[to - 1] == '>') {
            return;
        }
        int id = idByTid.get(tid);
        if (id >= 0) {
            if (weakComm[id]) {
                task(tid, UNKNOWN_PID, Bytes.text(b, from, to));
            }
            return;
        }
        int seen = seenCommOf.get(tid);
        if (seen >= 0) {
            byte[] known = seenCommBytes.get(seen);
            if (!Arrays.equals(known, 0, known.length, b, from, to)) {
                seenCommBytes.set(seen, Arrays.copyOfRange(b, from, to));
            }
        } else {
            seenCommOf.put(tid, seenCommBytes.size());
            seenCommBytes.add(Arrays.copyOfRange(b, from, to));
        }
    }

    private int newTask(int tid, int pid, String comm, boolean weak) {
        if (weak) {
            int seen = seenCommOf.get(tid);
            if (seen >= 0) {
                // a line named the thread before anything made it a task
                comm = new String(seenCommBytes.get(seen), StandardCharsets.UTF_8);
                weak = false;
            }
        }
        int id = taskCount++;
        if (id == tids.length) {
            int cap = id * 2;
            tids = Arrays.copyOf(tids, cap);
            pids = Arrays.copyOf(pids, cap);
            comms = Arrays.copyOf(comms, cap);
            commBytes = Arrays.copyOf(commBytes, cap);
            weakComm = Arrays.copyOf(weakComm, cap);
        }
        tids[id] = tid;
        pids[id] = pid;
        comms[id] = comm.isEmpty() ? "<" + tid + ">" : comm;
        commBytes[id] = comms[id].getBytes(StandardCharsets.UTF_8);
        weakComm[id] = weak;
        return id;
    }

    /**
     * As {@link #task(int, int, String)} with the comm given as {@code text[from, to)}: on the
     * hot path the comm is almost always the one already known, and then no String is made.
     */
    public int task(int tid, int pid, String text, int from, int to) {
        int id = idByTid.get(tid);
        if (id >= 0 && !weakComm[id]) {
            String known = comms[id];
            if (known.length() == to - from && text.regionMatches(from, known, 0, known.length())) {
                if (pid != UNKNOWN_PID) {
                    pids[id] = pid;
                }
                return id;
            }
        }
        return task(tid, pid, text.substring(from, to));
    }

    /**
     * As {@link #task(int, int, String)} with the comm given as UTF-8 bytes {@code b[from, to)}:
     * compared with the known comm's bytes, so the usual case decodes nothing.
     */
    public int task(int tid, int pid, byte[] b, int from, int to) {
        int id = idByTid.get(tid);
        if (id >= 0 && !weakComm[id]) {
            byte[] known = commBytes[id];
            if (Arrays.equals(known, 0, known.length, b, from, to)) {
                if (pid != UNKNOWN_PID) {
                    pids[id] = pid;
                }
                return id;
            }
        }
        return task(tid, pid, Bytes.text(b, from, to));
    }

    /**
     * The id of CPU {@code cpu}'s idle task ("swapper/N", tid and pid 0): every CPU has one of its
     * own, so two CPUs idling at once are two tasks, as the kernel has them, though a trace shows
     * each as tid 0. Registered on first need and never found by {@link #taskIdOf}, which keeps
     * tid 0 meaning "idle" to the scheduler lanes. Used where a recording charges something to the
     * idle task that the model keeps per task: perf lock's waits of a CPU's idle loop, which perf
     * lock contention counts.
     */
    public int idleTask(int cpu) {
        int id = idleIdByCpu.get(cpu);
        if (id < 0) {
            id = newTask(0, 0, "swapper/" + cpu, false);
            idleIdByCpu.put(cpu, id);
        }
        return id;
    }

    /**
     * Says task {@code id}'s thread has ended (it exited, or was switched out dead): the kernel
     * may give its tid to a new thread, and the next sight of {@code tid} is then a task of its
     * own, with its own lane and row, rather than the old task's lane going on under a new comm.
     * Nothing is done if {@code tid} already names another task.
     */
    public void retire(int tid, int id) {
        if (tid > 0 && idByTid.get(tid) == id) {
            idByTid.put(tid, -1);
        }
    }

    /**
     * As {@link #retire}, tid 0 included: a SchedLab export lists each task of a shared tid, the idle
     * tasks of several CPUs (swapper/0, swapper/1, all tid 0) among them, and each is a task of its own.
     */
    void retireListed(int tid, int id) {
        if (tid >= 0 && idByTid.get(tid) == id) {
            idByTid.put(tid, -1);
        }
    }

    /** The id of a known tid, or -1. */
    public int taskIdOf(int tid) {
        return idByTid.get(tid);
    }

    /** The pid of task {@code taskId} as known so far ({@link #UNKNOWN_PID} if none was given). */
    public int pidOf(int taskId) {
        return pids[taskId];
    }

    public String commOf(int taskId) {
        return comms[taskId];
    }

    static boolean isPlaceholder(String comm) {
        return comm.isEmpty() || comm.startsWith("<") && comm.endsWith(">");
    }

    /** Slices, task lanes, locks, marks and absolute-time counters go straight to the builder. */
    public DatasetBuilder data() {
        return data;
    }

    public SchedEvents.Builder schedEvents() {
        return sched;
    }

    /** Readers with an absolute clock tell the sink the times they saw. */
    public void sawAbsoluteTime(long tNs) {
        if (tNs < minAbsNs) {
            minAbsNs = tNs;
            minAbsFile = currentFile;
        }
    }

    /** Epoch times in ns from this on (2001-09-09) are a wall clock, not time since boot. */
    private static final long WALL_CLOCK_NS = 1_000_000_000L * 1_000_000_000L;
    /** Files whose relative times start at a known Unix-epoch time (ns), by file: see {@link #wallClockZero}. */
    private final Map<String, Long> wallClockZero = new LinkedHashMap<>();

    /**
     * Says the current file's relative times start at Unix-epoch time {@code epochNs} (vmstat -t
     * in UTC): beside a recording on the wall clock (perf record -k CLOCK_REALTIME) it lines up
     * by time instead of being placed at that recording's start.
     */
    public void wallClockZero(long epochNs) {
        wallClockZero.put(currentFile, epochNs);
    }

    /** A counter sample on a clock relative to its own file's start. */
    public void relativeSample(String name, String unit, long tRelNs, double value) {
        RelativeSeries series = currentSeries.get(name);
        if (series == null || !series.unit.equals(unit)) {
            String key = series == null ? name : name + '\0' + unit;
            series = currentSeries.get(key);
            if (series == null) {
                series = new RelativeSeries(currentFile, name, unit);
                relative.add(series);
                currentSeries.put(key, series);
            }
        }
        series.add(tRelNs, value);
        valuesGiven++;
    }

    /** A value for the metadata (a benchmark's headline numbers, recording facts). */
    public void parameter(String key, String value) {
        parameters.put(key, value);
        valuesGiven++;
    }

    /**
     * Where the data of a file SchedLab exported came from, as the file says it (a Chrome trace's
     * {@code otherData.schedlab}): the source, format, seed and version of the dataset exported. An
     * import of that file alone is that dataset again, so its metadata says them, as the dataset's
     * JSON export read back does; imported with other files, they stay parameters
     * ({@code schedlab.source}, {@code schedlab.format}, {@code schedlab.seed}, {@code schedlab.version}).
     */
    public void carriedOrigin(String source, String format, OptionalLong seed, String version) {
        carriedOrigin = new Metadata(source, format, Map.of(), seed, version);
    }

    /** The origin a file carried ({@link #carriedOrigin}), or null. */
    private Metadata carriedOrigin;

    /**
     * How many parameters and relative samples readers have given so far: a reader whose lines
     * gave neither, nor any event, read nothing from them.
     */
    long valuesGiven() {
        return valuesGiven;
    }

    public Map<String, String> parameters() {
        return parameters;
    }

    ImportResult finish(List<FileReport> reports) throws ImportException {
        if (!secondOfKindFile.isEmpty()) {
            throw secondLog(secondOfKindFile, "gives " + secondOfKind, kindFile.get(secondOfKind), null);
        }
        if (snapshotTwice != null) {
            throw new ImportException(snapshotTwice[0], 0, "gives counter \"" + snapshotTwice[1] + "\" again, which "
                    + snapshotTwice[2] + " already gave; expected one snapshot of each counter (two snapshots, such"
                    + " as before and after a change, compare as A and B: schedlab table " + snapshotTwice[2] + " "
                    + snapshotTwice[0] + ")");
        }
        long offset = minAbsNs == Long.MAX_VALUE ? 0 : minAbsNs;
        if (!relative.isEmpty() && offset != 0) {
            parameters.put(Metadata.CLOCK_ALIGNED_AT_NS, Long.toString(offset));
            reports = alignedNotes(reports, offset);
        }
        if (pgbenchLog != null) {
            // on the epoch clock of its own, placed by what the other files' clock is
            reports = pgbenchLog.addTo(data, parameters, minAbsNs, minAbsFile, reports);
        }
        ImportReport report = new ImportReport(reports);
        Map<String, String> counterFile = new LinkedHashMap<>();
        RelativeSeries twice = null;
        String twiceFirst = "";
        for (int i = 0; i < relative.size(); i++) {
            RelativeSeries s = relative.get(i);
            String first = counterFile.putIfAbsent(s.name, s.file);
            if (first != null && !first.equals(s.file) && twice == null) {
                twice = s;
                twiceFirst = first;
            }
            // handed over one series at a time: the builder keeps these columns, so no second
            // copy of every sample is made on the way to the dataset
            relative.set(i, new RelativeSeries(s.file, s.name, s.unit));
            Object[] columns = s.columns();
            data.counter(s.name, s.unit).addAll((long[]) columns[0], (double[]) columns[1], s.size,
                    baseOf(s.file, offset));
        }
        for (int i = 0; i < taskCount; i++) {
            data.addTask(tids[i], pids[i], comms[i]);
        }
        List<String> names = new ArrayList<>();
        for (FileReport f : reports) {
            names.add(f.file());
        }
        // the warnings go with the data: a dataset saved from this import still says it is not whole
        boolean restored = carriedOrigin != null && names.size() == 1;
        if (restored) {
            // a SchedLab export read back alone: the dataset it was exported from, as that says it
            data.metadata(new Metadata(carriedOrigin.source(), carriedOrigin.format(), parameters, carriedOrigin.seed(),
                    carriedOrigin.schedlabVersion(), report.warnings()));
        } else {
            if (carriedOrigin != null) {
                parameters.putIfAbsent("schedlab.source", carriedOrigin.source());
                parameters.putIfAbsent("schedlab.format", carriedOrigin.format());
                carriedOrigin.seed().ifPresent(seed -> parameters.putIfAbsent("schedlab.seed", Long.toString(seed)));
                parameters.putIfAbsent("schedlab.version", carriedOrigin.schedlabVersion());
            }
            data.metadata(new Metadata(String.join(", ", names), report.format(), parameters, OptionalLong.empty(),
                    Version.current(), report.warnings()));
        }
        try {
            return new ImportResult(data.build(), sched.build(), report, restored);
        } catch (InvalidDatasetException e) {
            if (!cpuTwice.isEmpty()) {
                throw new ImportException(cpuTwiceFile, 0, cpuTwice + "; expected one recording of each CPU (two"
                        + " recordings of the same run, such as its perf sched script and its timehist, cannot be"
                        + " merged: open them separately)", e);
            }
            if (twice != null) {
                // two benchmark logs on one relative clock interleave into one series the model refuses
                // (two snapshots of the same network counters never get here: see counterSnapshot)
                throw secondLog(twice.file, "gives counter \"" + twice.name + "\"", twiceFirst, e);
            }
            // readers build valid lanes by construction; reaching this is a reader bug, said plainly
            throw new ImportException(String.join(", ", names), 0,
                    "could not assemble a consistent dataset: " + e.getMessage()
                            + (names.size() > 1 ? " (files opened together must record different things of one run;"
                            + " try opening them one by one)" : ""), e);
        }
    }

    /** Where a relative file's 0 goes: its wall-clock start when both it and the recording have one, else {@code offset}. */
    private long baseOf(String file, long offset) {
        Long zero = wallClockZero.get(file);
        return zero != null && offset >= WALL_CLOCK_NS ? zero : offset;
    }

    /**
     * Says, on each file without a clock of its own (a pgbench or YCSB log counts from its start),
     * where it was placed: at the start of the recording with a clock. Nothing in the files says
     * when each began, so a log started before or after that recording is shifted by the
     * difference, and the timeline cannot show it.
     */
    private List<FileReport> alignedNotes(List<FileReport> reports, long offsetNs) {
        Set<String> relativeFiles = new HashSet<>();
        for (RelativeSeries r : relative) {
            relativeFiles.add(r.file);
        }
        String note = String.format(Locale.ROOT, "has no clock of its own (its times count from 0):"
                + " placed at the start of %s (%.6f s); if the two did not start together, its samples are off by"
                + " the difference", Metadata.fileNames(minAbsFile).get(0), offsetNs / 1e9);
        List<FileReport> out = new ArrayList<>(reports.size());
        for (FileReport f : reports) {
            if (relativeFiles.contains(f.file())) {
                f = f.withNote(baseOf(f.file(), offsetNs) != offsetNs ? "lined up with "
                        + Metadata.fileNames(minAbsFile).get(0) + " by their shared Unix-epoch clock" : note);
            }
            out.add(f);
        }
        return out;
    }

    /** {@code file} gives again what {@code first} gave: a second log of one kind, which one dataset cannot hold. */
    private static ImportException secondLog(String file, String what, String first, Throwable cause) {
        return new ImportException(file, 0, what + " again, which " + first + " already gave; expected one log of"
                + " each kind (logs of different runs go in different datasets: open them separately, or compare"
                + " them as A and B)", cause);
    }
}
