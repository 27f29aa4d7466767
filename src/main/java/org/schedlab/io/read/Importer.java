package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Opens recordings: detects each file's format by content, streams it through its reader and
 * assembles all files of one call into one Dataset. Files are read one after the other on the
 * caller's thread (the workbench calls this from a background task); cancellation and
 * progress go through the {@link ImportMonitor}.
 */
public final class Importer {
    private final List<RecordingReader> readers;

    public Importer(List<RecordingReader> readers) {
        this.readers = List.copyOf(readers);
    }

    /** Every reader SchedLab ships, most specific first (ties go to the earlier reader). */
    public static Importer standard() {
        return new Importer(Readers.all());
    }

    public List<RecordingReader> readers() {
        return readers;
    }

    public ImportResult importFiles(List<RecordingSource> sources, ImportMonitor monitor) throws ImportException {
        Objects.requireNonNull(monitor, "monitor");
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no files to import");
        }
        List<String> names = new ArrayList<>();
        try {
            return importAll(sources, monitor, names);
        } catch (ImportOutOfMemoryError e) {
            throw e;
        } catch (OutOfMemoryError e) {
            // importAll's partial data is garbage once its frame is gone: there is room again to say
            // which file did not fit; if even this cannot be made, the plain error goes on
            String reading = names.isEmpty() ? sources.get(0).name() : String.join(" + ", names);
            ImportOutOfMemoryError said = new ImportOutOfMemoryError(reading, Runtime.getRuntime().maxMemory());
            said.initCause(e);
            throw said;
        }
    }

    private ImportResult importAll(List<RecordingSource> sources, ImportMonitor monitor, List<String> names)
            throws ImportException {
        RecordingSink sink = new RecordingSink();
        List<FileReport> reports = new ArrayList<>();
        for (RecordingSource source : sources) {
            if (names.contains(source.name())) {
                throw new ImportException(source.name(), 0, "is given twice; expected each recording once");
            }
            names.add(source.name());
            Sniff sniff = ContentSniffer.sniff(source);
            FileReport.Builder report;
            try {
                RecordingReader reader = detect(sniff);
                report = new FileReport.Builder(source.name(), reader.format());
                sink.currentFile(source.name());
                reader.read(source, sniff, new RecordingReader.ReadContext(sink, report, monitor));
            } catch (ImportCancelledException e) {
                throw e;
            } catch (ImportException e) {
                throw cutFirst(sniff, e);
            }
            sink.fileRead(source.name());
            reports.add(report.build());
        }
        return sink.finish(reports);
    }


    /**
     * {@code e} led by the cut of a gzip file cut short in its first lines: what the reader or
     * detection made of the lines before the cut ("not a recording format", "no sar figures after
     * the column header") follows the cut, which is why, rather than the cut following it.
     */
    public static ImportException cutFirst(Sniff sniff, ImportException e) {
        String damage = sniff.gzipDamage();
        String problem = e.problem();
        if (damage.isEmpty() || problem.startsWith(damage) || problem.contains(": " + damage)) {
            return e; // already says it first ("no recording could be read: the gzip data ...")
        }
        problem = problem.replace(" (and " + damage + ")", "");
        int lines = sniff.headLines().size();
        String read = "; of the " + lines + (lines == 1 ? " line" : " lines") + " before it"
                + (e.line() > 0 ? ", line " + e.line() + ": " : ": ");
        ImportException led = new ImportException(e.file(), 0, damage + read + problem, e);
        led.setStackTrace(e.getStackTrace());
        return led;
    }

    public ImportResult importFile(RecordingSource source) throws ImportException {
        return importFiles(List.of(source), ImportMonitor.NONE);
    }

    /** Why a file with no content line has nothing to import: damaged, comments only, blank or empty. */
    private static String nothingToRead(Sniff sniff) {
        if (!sniff.gzipDamage().isEmpty()) {
            return "no recording could be read: " + sniff.gzipDamage() + " before its first line";
        }
        if (sniff.commentLineCount() > 0) {
            return "only '#' comment lines and no recording lines; expected the events or rows that follow"
                    + " such a header (was the recording cut short?)";
        }
        if (sniff.headLines().isEmpty() && sniff.nulBytesBefore() > 0) {
            return "only NUL bytes (" + sniff.nulBytesBefore() + " of them: a hole, as a crash or a preallocated"
                    + " log leaves where the data never came), no recording in it";
        }
        if (!sniff.headLines().isEmpty()) {
            return "only blank lines, no recording in it";
        }
        return "the file is empty (no recording in it)";
    }

    /**
     * What to say about a tool's summary output that a user may well have kept instead of the
     * recording: the table {@code perf sched latency} prints (a header with Task, Runtime ms,
     * Switches and the delays), which SchedLab computes itself from the events. Empty for
     * anything else.
     */
    public static Optional<String> summaryOutput(Sniff sniff) {
        for (String line : sniff.headLines()) {
            if (line.contains("Task") && line.contains("Runtime ms") && line.contains("Switches")
                    && line.contains("delay ms")) {
                return Optional.of("this is `perf sched latency` output: a per-task summary without the events"
                        + " behind it, so there is no timeline in it; open the `perf sched script` text of the same"
                        + " perf.data instead (`schedlab import` prints this table for it)");
            }
        }
        return Optional.empty();
    }

    /** The reader for a sniffed file, or a one-line reason naming what the file looked like. */
    public RecordingReader detect(Sniff sniff) throws ImportException {
        if (!sniff.binary()) {
            Optional<String> table = ExportTables.tableOf(sniff.firstContentLine());
            if (table.isPresent()) {
                throw new ImportException(sniff.name(), 0, "this is " + table.get() + " of a SchedLab CSV export, not a"
                        + " recording: open it in the workbench (its directory's other tables are read with it), or"
                        + " give its directory to `schedlab info`, `export`, `render` or `table`");
            }
        }
        if (!sniff.binary()) {
            Optional<ImportException> ftrace = SchedTraceReader.unreadableFtrace(sniff);
            if (ftrace.isPresent()) {
                throw ftrace.get();
            }
        }
        RecordingReader best = null;
        int bestScore = 0;
        for (RecordingReader r : readers) {
            int score = r.probe(sniff);
            if (score >= RecordingReader.CERTAIN) {
                return r;
            }
            if (score > bestScore) {
                best = r;
                bestScore = score;
            }
        }
        if (best != null) {
            return best;
        }
        if (sniff.binary()) {
            String hint = binaryHint(sniff.binaryKind());
            throw new ImportException(sniff.name(), 0, "this is " + sniff.binaryKind()
                    + ", not a text recording SchedLab reads" + hint);
        }
        String first = sniff.firstContentLine();
        if (first.isEmpty()) {
            throw new ImportException(sniff.name(), 0, nothingToRead(sniff));
        }
        if (sniff.isSchedLabDataset()) {
            throw new ImportException(sniff.name(), 0, "this is a SchedLab dataset, not a recording: open it in the"
                    + " workbench, or use it with `schedlab info`, `export`, `render` or `table`");
        }
        if (sniff.isSchedLabScenario()) {
            throw new ImportException(sniff.name(), 0, "this is a SchedLab scenario file, not a recording: open it"
                    + " with \"Open a scenario file\" beside Scenario in the Live run or A/B tab, or run it with"
                    + " `schedlab simulate --scenario FILE`");
        }
        Optional<String> summary = summaryOutput(sniff);
        if (summary.isPresent()) {
            throw new ImportException(sniff.name(), 0, summary.get());
        }
        Optional<ImportException> sysstatCut = SysstatTableParser.cutInFirstHeader(sniff);
        if (sysstatCut.isPresent()) {
            throw sysstatCut.get();
        }
        Optional<ImportException> sysstatTimes = SysstatTableParser.unreadTimes(sniff);
        if (sysstatTimes.isPresent()) {
            throw sysstatTimes.get();
        }
        Optional<ImportException> perfFields = SchedTraceReader.perfScriptWithoutCpuOrTime(sniff);
        if (perfFields.isPresent()) {
            throw perfFields.get();
        }
        // the name as shown may be any text (a resource, "-"): its last part, without making a Path of it
        String name = sniff.name();
        String fileName = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        Optional<String> near = ExportTables.resembledBy(fileName, first);
        if (near.isPresent()) {
            // a table of the export with a column cut out or renamed: its header, not "not a recording"
            throw new ImportException(sniff.name(), 1, "this looks like " + near.get() + " of a SchedLab CSV export,"
                    + " but its header is not the export's: expected the header "
                    + String.join(",", ExportTables.HEADERS.get(near.get())) + " (as `schedlab export --format csv`"
                    + " writes it), found " + Printable.clip(first, 80) + " ("
                    + ExportTables.headerDifference(near.get(), first) + ")");
        }
        String damage = sniff.gzipDamage().isEmpty() ? "" : " (and " + sniff.gzipDamage() + ")";
        // a file cut inside a character of the line that would have told its format (sar's system
        // line cut in "2026年"): the cut, as a refusal of a later line says it
        String cut = sniff.cut().isEmpty() ? "" : "; and " + sniff.cut();
        throw new ImportException(sniff.name(), 0, "not a recording format SchedLab reads (first line: \""
                + Printable.clip(first, 60) + "\")" + damage + "; expected perf/ftrace text, perf sched timehist, runqlat,"
                + " pgbench output or logs (-l), YCSB, nstat/netstat, perf stat, perf lock, Wireshark CSV, Chrome trace JSON"
                + " or vmstat/mpstat/sar" + cut);
    }

    /** How to turn a binary recording SchedLab cannot read into the text it can; "" for other data. */
    static String binaryHint(String kind) {
        if (kind.startsWith("perf.data")) {
            return "; run `perf sched script > sched.txt` (or `perf script`) and open the text";
        }
        if (kind.startsWith("trace-cmd")) {
            return "; run `trace-cmd report -i trace.dat > trace.txt` and open the text";
        }
        if (kind.startsWith("pcap")) {
            return "; for its TCP analysis, run `tshark -r CAPTURE -T fields -E header=y -E separator=, -e"
                    + " frame.time_relative -e tcp.analysis.duplicate_ack -e tcp.analysis.fast_retransmission -e"
                    + " tcp.analysis.spurious_retransmission -e tcp.analysis.retransmission -e tcp.options.sack.dsack"
                    + " > tcp.csv` (or export Wireshark's packet list as CSV) and open that";
        }
        return "";
    }
}
