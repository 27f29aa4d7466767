package org.schedlab.io.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.zip.ZipException;
import org.schedlab.io.ChromeTraceWriter;
import org.schedlab.io.JsonTokens;

/**
 * Chrome Trace Event JSON, as Chrome, Perfetto's legacy export, catapult and SchedLab's own
 * {@code export --format chrome} write it: the array form {@code [ {...}, ... ]} and the
 * object form {@code {"traceEvents": [...], ...}}. Streamed with Jackson's token API (a trace
 * is never a tree in memory); the events are handed to {@link ChromeTraceAssembler}.
 * A file cut short keeps the events before the cut, with a note.
 */
public final class ChromeTraceReader implements RecordingReader {
    public static final String FORMAT = "chrome-trace";

    /** Made on first use: every import instantiates every reader to probe, few read Chrome JSON. */
    private static final class Json {
        static final JsonFactory FACTORY = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200)
                        .maxStringLength(10_000_000).maxNumberLength(200).build())
                .build();
    }

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        String head = sniff.firstContentLine();
        if (head.startsWith("{\"traceEvents\"") || head.startsWith("{ \"traceEvents\"")) {
            return 95;
        }
        if ((head.startsWith("[") || head.startsWith("{")) && head.contains("\"ph\"")) {
            return 90;
        }
        if (head.equals("{") || head.equals("[")) {
            return sniff.countContaining("\"traceEvents\"") > 0 || sniff.countContaining("\"ph\":") > 0 ? 80 : 0;
        }
        return 0;
    }

    @Override
    public void read(RecordingSource source, Sniff sniff, ReadContext ctx) throws ImportException {
        ChromeTraceAssembler asm = new ChromeTraceAssembler(ctx);
        TopLevel top = new TopLevel();
        JsonParser p = null;
        CountingInput raw = null; // for where a damaged gzip failed
        InputStream inflating = null;
        try (CountingInput counted = raw = new CountingInput(source.open());
             InputStream in = inflating = sniff.gzip() ? new GzipInput(counted, 64 * 1024) : counted) {
            p = Json.FACTORY.createParser(in);
            JsonToken root = p.nextToken();
            if (root == JsonToken.START_ARRAY) {
                events(p, asm, ctx, source, counted);
            } else if (root == JsonToken.START_OBJECT) {
                boolean found = false;
                // the warnings of the import a SchedLab export was made from: otherData's, else
                // (otherData dropped by a tool) the top-level metadata's copy
                List<String> carried = new ArrayList<>();
                List<String> carriedAgain = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken v = p.nextToken();
                    if (field.equals("traceEvents") && v == JsonToken.START_ARRAY) {
                        found = true;
                        events(p, asm, ctx, source, counted);
                    } else if (field.equals("displayTimeUnit") && v == JsonToken.VALUE_STRING) {
                        top.displayTimeUnit(p.getText());
                    } else if (field.equals("otherData") && v == JsonToken.START_OBJECT) {
                        otherData(p, asm, top, carried);
                    } else if (field.equals("metadata") && v == JsonToken.START_OBJECT) {
                        metadata(p, ctx, carriedAgain);
                    } else {
                        if (v.isStructStart()) {
                            p.skipChildren();
                        }
                        if (!field.equals("traceEvents")) {
                            ctx.report().note("top-level \"" + field + "\" kept out of the dataset");
                        }
                    }
                }
                if (!found) {
                    throw fail(source, p, "expected a \"traceEvents\" array in the trace object");
                }
                (carried.isEmpty() ? carriedAgain : carried).forEach(ctx.report()::carried);
            } else {
                throw fail(source, p, "expected a JSON array of trace events or an object with \"traceEvents\"");
            }
            requireEnd(p, source);
        } catch (ImportException e) {
            throw e;
        } catch (EOFException e) {
            // only a gzip stream ends so (plain JSON ends in a StreamReadException): said as a cut
            // gzip recording or dataset says it, with the byte it ends at
            ctx.report().damaged(ContentSniffer.gzipDamage(e, raw, inflating) + readUpTo(p));
        } catch (ZipException e) {
            // damaged, not cut: how, and at which compressed byte (the file was opened, so raw is set)
            ctx.report().damaged(ContentSniffer.gzipDamage(e, raw, inflating) + readUpTo(p));
        } catch (StreamReadException e) {
            if (e.getMessage() != null && e.getMessage().contains("end-of-input")) {
                ctx.report().damaged("the JSON ends early (truncated file)" + readUpTo(p));
            } else {
                JsonLocation loc = e.getLocation();
                // traces are often one long line: the column is what finds the damage
                String at = loc != null && loc.getColumnNr() > 0 ? " at column " + loc.getColumnNr() : "";
                throw new ImportException(source.name(), loc == null ? 0 : Math.max(0, loc.getLineNr()),
                        "expected valid trace JSON" + at + ": " + JsonTokens.problem(e), e);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // a parser limit (nesting depth, number or name length): where, and which limit
            JsonLocation loc = e.getLocation() != null ? e.getLocation() : p == null ? null : p.currentLocation();
            throw new ImportException(source.name(), loc == null ? 0 : Math.max(0, loc.getLineNr()),
                    "expected trace JSON within the reader's limits: " + JsonTokens.problem(e), e);
        } catch (IOException e) {
            throw new ImportException(source.name(), 0, "cannot read: " + ContentSniffer.describe(e), e);
        }
        top.give(ctx.sink());
        if (p != null) {
            ctx.report().lines(p.currentLocation().getLineNr());
        }
        asm.finish();
    }

    /**
     * The parameters the trace object's own fields give, in the file's order, kept until the object
     * is read: {@code displayTimeUnit} comes before {@code otherData}, which says whether SchedLab
     * wrote the trace. SchedLab's export says in {@code otherData.schedlab} where its data came from
     * (source, format, seed, version), which the sink takes as the dataset's own (a simulated run
     * reads back as that run, a cut as a window of its recording), and its fixed
     * {@code displayTimeUnit} ("ns") is no parameter of the data; without a source and format, as
     * in every other tool's trace, each is a parameter as before ({@code chrome.displayTimeUnit},
     * {@code schedlab.KEY}, {@code otherData.KEY}).
     */
    private static final class TopLevel {
        private static final String DISPLAY_TIME_UNIT = "chrome.displayTimeUnit";
        /** Each {key, value, "origin" (a field of otherData.schedlab's origin), "unit" (displayTimeUnit) or ""}. */
        private final List<String[]> parameters = new ArrayList<>();
        /** SchedLab's origin fields (source, format, seed, version) by name, in the file's order. */
        private final Map<String, String> origin = new LinkedHashMap<>();

        void displayTimeUnit(String unit) {
            parameters.add(new String[] {DISPLAY_TIME_UNIT, unit, "unit"});
        }

        void parameter(String key, String value) {
            parameters.add(new String[] {key, value, ""});
        }

        /** A scalar field of {@code otherData.schedlab}: an origin field or, as before, a parameter. */
        void schedlabField(String field, String value) {
            boolean originField = ORIGIN_FIELDS.contains(field);
            if (originField) {
                origin.put(field, value);
            }
            parameters.add(new String[] {"schedlab." + field, value, originField ? "origin" : ""});
        }

        void give(RecordingSink sink) {
            String source = origin.get("source");
            String format = origin.get("format");
            String seedText = origin.get("seed");
            // any whole number the dataset file takes (a long): 19 digits were read as no SchedLab export
            OptionalLong seed = seedText == null ? OptionalLong.empty() : wholeNumber(seedText);
            if (source == null || format == null || format.isEmpty() || (seedText != null && seed.isEmpty())) {
                // not SchedLab's, or not as it writes it: every field a parameter, as before
                parameters.forEach(kv -> sink.parameter(kv[0], kv[1]));
                return;
            }
            for (String[] kv : parameters) {
                if (kv[2].isEmpty()) { // neither an origin field nor the writer's fixed time unit
                    sink.parameter(kv[0], kv[1]);
                }
            }
            // a trace that does not say which SchedLab wrote it: "unknown", as of a dataset file without
            // it, not this SchedLab, which did not write it
            String version = origin.getOrDefault("version", UNKNOWN_VERSION);
            sink.carriedOrigin(source, format, seed, version);
        }

        /** {@code text} as a long, or empty: not a whole number ("five", "5.5"), or past a long. */
        private static OptionalLong wholeNumber(String text) {
            if (!text.matches("-?\\d+")) {
                return OptionalLong.empty();
            }
            try {
                return OptionalLong.of(Long.parseLong(text));
            } catch (NumberFormatException pastALong) {
                return OptionalLong.empty();
            }
        }
    }

    /** The version of a trace whose {@code otherData.schedlab} does not say it, as the dataset file's reader says it. */
    private static final String UNKNOWN_VERSION = "unknown";

    /** The fields of {@code otherData.schedlab} that say where the exported data came from. */
    private static final Set<String> ORIGIN_FIELDS = Set.of("source", "format", "seed", "version");

    /**
     * Where a cut trace ends, as a line reader says it of a cut gzip: the CLI refuses the file with
     * it, the workbench opens the events before the cut and says how far they go.
     */
    private static String readUpTo(JsonParser p) {
        return p == null ? "" : ": read up to line " + p.currentLocation().getLineNr();
    }

    private void events(JsonParser p, ChromeTraceAssembler asm, ReadContext ctx, RecordingSource source,
                        CountingInput counted) throws IOException, ImportException {
        ChromeEvent e = new ChromeEvent();
        long n = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new EOFException("end of input inside traceEvents");
            }
            if (t != JsonToken.START_OBJECT) {
                throw fail(source, p, "expected a trace event object {\"ph\": ..., \"ts\": ...}");
            }
            e.clear();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                JsonToken v = p.nextToken();
                if (v.isStructStart() && !(f.equals("args") && v == JsonToken.START_OBJECT)) {
                    // an array or object where a value belongs ("tid": [1]): skipped whole, so the
                    // event reads as without it; left open, its tokens were taken for the trace's
                    p.skipChildren();
                }
                switch (f) {
                    case "ph":
                        e.ph = v == JsonToken.VALUE_STRING ? p.getText() : "";
                        break;
                    case "name":
                        e.name = v.isScalarValue() ? p.getText() : "";
                        break;
                    case "pid":
                        e.pid = idValue(p, v);
                        break;
                    case "tid":
                        e.tid = idValue(p, v);
                        break;
                    case "ts":
                        e.tsUs = v.isNumeric() ? p.getDoubleValue() : Double.NaN;
                        break;
                    case "dur":
                        e.durUs = v.isNumeric() ? p.getDoubleValue() : Double.NaN;
                        break;
                    case "args":
                        if (v == JsonToken.START_OBJECT) {
                            args(p, e);
                        }
                        break;
                    default:
                        break;
                }
            }
            asm.event(e);
            if ((++n & 4095) == 0) {
                if (ctx.monitor().cancelRequested()) {
                    throw new ImportCancelledException(source.name(), p.currentLocation().getLineNr());
                }
                ctx.monitor().progress(source.name(), counted.count(), source.sizeBytes());
            }
        }
    }

    /** Flat args: numbers (counter values, tids), nulls (a counter's gap) and strings (names, SchedLab's state/lock/mark args). */
    private static void args(JsonParser p, ChromeEvent e) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            if (v.isNumeric()) {
                e.numberArg(k, p.getDoubleValue());
            } else if (v == JsonToken.VALUE_STRING) {
                e.stringArg(k, p.getText());
            } else if (v == JsonToken.VALUE_NULL) {
                e.nullArg(k);
            } else if (v.isStructStart()) {
                p.skipChildren();
            }
        }
    }

    /**
     * The trace's own metadata. SchedLab's export keeps the dataset's parameters, counter units
     * and operation names under "schedlab"; other tools' scalar entries become parameters "otherData.KEY".
     */
    private static void otherData(JsonParser p, ChromeTraceAssembler asm, TopLevel top, List<String> carried)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            if (k.equals("schedlab") && v == JsonToken.START_OBJECT) {
                asm.schedlabExport();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    JsonToken fv = p.nextToken();
                    if ((f.equals("parameters") || f.equals("counterUnits")) && fv == JsonToken.START_OBJECT) {
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String name = p.currentName();
                            JsonToken pv = p.nextToken();
                            if (pv.isStructStart()) {
                                p.skipChildren();
                            } else if (f.equals("parameters")) {
                                top.parameter(name, p.getText());
                            } else {
                                asm.counterUnit(name, p.getText());
                            }
                        }
                    } else if (f.equals(ChromeTraceWriter.IMPORT_WARNINGS) && fv == JsonToken.START_ARRAY) {
                        strings(p, carried);
                    } else if (f.equals(ChromeTraceWriter.TASK_THREADS) && fv == JsonToken.START_ARRAY) {
                        taskThreads(p, asm);
                    } else if (f.equals("operations") && fv == JsonToken.START_ARRAY) {
                        // the dataset's operations in order, those without samples too
                        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                            if (e.isStructStart()) {
                                p.skipChildren();
                            } else if (e == JsonToken.VALUE_STRING) {
                                asm.operationName(p.getText());
                            }
                        }
                    } else if (fv.isStructStart()) {
                        p.skipChildren();
                    } else {
                        top.schedlabField(f, p.getText());
                    }
                }
            } else if (v.isStructStart()) {
                p.skipChildren();
            } else {
                top.parameter("otherData." + k, p.getText());
            }
        }
    }

    /**
     * otherData.schedlab.taskThreads, whose start was just read: the tasks of reused tids, each
     * {@code {"thread", "tid", "pid", "comm"}} (the idle tasks of several CPUs, all tid 0, among them);
     * an entry without a thread or tid is passed over.
     */
    private static void taskThreads(JsonParser p, ChromeTraceAssembler asm) throws IOException {
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            if (e == null) {
                throw new EOFException("end of input inside an array");
            }
            if (e != JsonToken.START_OBJECT) {
                if (e.isStructStart()) {
                    p.skipChildren();
                }
                continue;
            }
            long thread = -1;
            long tid = -1;
            long pid = RecordingSink.UNKNOWN_PID;
            String comm = "";
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                JsonToken v = p.nextToken();
                if (v.isStructStart()) {
                    p.skipChildren();
                } else if (f.equals("comm") && v == JsonToken.VALUE_STRING) {
                    comm = p.getText();
                } else if (v == JsonToken.VALUE_NUMBER_INT) {
                    long n = p.getValueAsLong();
                    switch (f) {
                        case "thread" -> thread = n;
                        case "tid" -> tid = n;
                        case "pid" -> pid = n;
                        default -> { }
                    }
                }
            }
            // tid 0 too: each CPU's idle task (swapper/0, swapper/1, ...) is a task of tid 0
            if (thread >= 0 && thread <= Integer.MAX_VALUE && tid >= 0 && tid <= Integer.MAX_VALUE
                    && pid >= RecordingSink.UNKNOWN_PID && pid <= Integer.MAX_VALUE) {
                asm.taskThread((int) thread, (int) tid, (int) pid, comm);
            }
        }
    }

    /**
     * The top-level {@code metadata} object (Chrome DevTools' startTime and the like): kept out of
     * the dataset, with a note, except SchedLab's own copy of the import's warnings, which is
     * collected into {@code carried} without one.
     */
    private static void metadata(JsonParser p, ReadContext ctx, List<String> carried) throws IOException {
        boolean other = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            JsonToken v = p.nextToken();
            if (k.equals(ChromeTraceWriter.METADATA_IMPORT_WARNINGS) && v == JsonToken.START_ARRAY) {
                strings(p, carried);
                continue;
            }
            other = true;
            if (v.isStructStart()) {
                p.skipChildren();
            }
        }
        if (other) {
            ctx.report().note("top-level \"metadata\" kept out of the dataset");
        }
    }

    /** The strings of an array whose start was just read, into {@code out}; anything else in it is passed over. */
    private static void strings(JsonParser p, List<String> out) throws IOException {
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            if (e == null) {
                throw new EOFException("end of input inside an array");
            }
            if (e.isStructStart()) {
                p.skipChildren();
            } else if (e == JsonToken.VALUE_STRING) {
                out.add(p.getText());
            }
        }
    }

    /** pid/tid are numbers, sometimes strings: a string gets a stable number of its own. */
    private static long idValue(JsonParser p, JsonToken v) throws IOException {
        if (v.isNumeric()) {
            return p.getValueAsLong();
        }
        if (v == JsonToken.VALUE_STRING) {
            return 0x4000_0000L + (p.getText().hashCode() & 0x3fff_ffffL);
        }
        return -1;
    }

    /**
     * Only whitespace may follow the trace's one JSON value: a second trace appended to the first,
     * or anything else after it, was dropped without a word and the import looked complete.
     */
    private static void requireEnd(JsonParser p, RecordingSource source) throws IOException, ImportException {
        String found;
        JsonLocation at;
        try {
            if (p.nextToken() == null) {
                return;
            }
            found = JsonTokens.describe(p);
            at = p.currentTokenLocation();
        } catch (StreamReadException notJson) {
            found = "text that is not JSON";
            at = notJson.getLocation() != null ? notJson.getLocation() : p.currentLocation();
        }
        String column = at.getColumnNr() > 0 ? " at column " + at.getColumnNr() : "";
        throw new ImportException(source.name(), Math.max(0, at.getLineNr()),
                "expected end of file after the trace's JSON value, found " + found + column);
    }

    private static ImportException fail(RecordingSource source, JsonParser p, String what) {
        return new ImportException(source.name(), p.currentLocation().getLineNr(), what);
    }
}
