package org.schedlab.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.schedlab.io.read.Printable;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SchedulerTick;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Reads the dataset JSON token by token straight into a {@link DatasetBuilder}; only one lane's
 * columns are held outside the builder at a time. The header (format, version, metadata,
 * stateCodes) must precede the data sections, as the writer puts it; unknown fields are skipped.
 */
final class DatasetJsonReader {
    /** Far above any real machine (Linux NR_CPUS tops out at 8192); stops a typo allocating lanes. */
    static final int MAX_CPUS = 1 << 16;

    private final JsonCursor in;
    private final Map<String, JsonLocation> laneAt = new HashMap<>();
    private boolean formatSeen;
    private boolean versionSeen;
    private boolean dataSeen;
    private boolean tasksSeen;
    private boolean cpusSeen;
    private DatasetBuilder builder;
    private CodeTable sliceCodes = CodeTable.identity("slice state", labels(SliceState.values()));
    private CodeTable taskCodes = CodeTable.identity("task state", labels(TaskState.values()));
    private CodeTable waitCodes = CodeTable.identity("wait mode", labels(WaitMode.values()));
    private CodeTable markCodes = CodeTable.identity("mark kind", labels(MarkKind.values()));

    DatasetJsonReader(com.fasterxml.jackson.core.JsonParser p, String file) {
        this.in = new JsonCursor(p, file);
    }

    Dataset read() throws IOException, DatasetFormatException {
        if (in.next() != JsonToken.START_OBJECT) {
            throw in.error("expected a SchedLab dataset (a JSON object with \"format\": \""
                    + DatasetJson.FORMAT_NAME + "\"), found " + in.found());
        }
        JsonLocation top = in.tokenLocation();
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            switch (f) {
                case "format" -> readFormat();
                case "version" -> readVersion();
                case "metadata" -> readMetadata();
                case "stateCodes" -> readStateCodes();
                case "tasks" -> {
                    beforeData(f);
                    readTasks();
                    tasksSeen = true;
                }
                case "cpus" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readCpus(builder);
                    cpusSeen = true;
                }
                case "taskLanes" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readTaskLanes(builder);
                }
                case "locks" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readLocks(builder);
                }
                case "counters" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readCounters(builder);
                }
                case "operations" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readOperations(builder);
                }
                case "marks" -> {
                    beforeData(f);
                    new LaneSectionReader(in, this).readMarks(builder);
                }
                default -> in.skipValue();
            }
        }
        if (!formatSeen) {
            throw in.errorAt(top, "not a SchedLab dataset: missing \"format\": \"" + DatasetJson.FORMAT_NAME + "\"");
        }
        if (!versionSeen || builder == null || !tasksSeen || !cpusSeen) {
            String missing = !versionSeen ? "version" : builder == null ? "metadata" : !tasksSeen ? "tasks" : "cpus";
            throw in.error("missing required field \"" + missing + "\" in the dataset object");
        }
        if (in.next() != null) {
            throw in.error("expected end of file after the dataset object, found " + in.found());
        }
        try {
            return builder.build();
        } catch (InvalidDatasetException e) {
            throw in.errorAt(locate(e.getMessage(), top), "invalid dataset: " + e.getMessage());
        }
    }

    CodeTable sliceCodes() {
        return sliceCodes;
    }

    CodeTable taskCodes() {
        return taskCodes;
    }

    CodeTable waitCodes() {
        return waitCodes;
    }

    CodeTable markCodes() {
        return markCodes;
    }

    /** Remembers where a lane starts, under the name the model's messages use ("cpu 3", "lock rq"). */
    void laneAt(String name, JsonLocation at) {
        laneAt.put(name, at);
    }

    /** Where the lane a model message names ("cpu 3 slice 17: ...") starts in the file. */
    private JsonLocation locate(String message, JsonLocation fallback) {
        String best = "";
        for (String name : laneAt.keySet()) {
            if (name.length() > best.length()
                    && (message.startsWith(name + " ") || message.startsWith(name + ":"))) {
                best = name;
            }
        }
        return best.isEmpty() ? fallback : laneAt.get(best);
    }

    private void beforeData(String section) throws DatasetFormatException {
        String missing = !formatSeen ? "\"format\": \"" + DatasetJson.FORMAT_NAME + "\""
                : !versionSeen ? "\"version\"" : builder == null ? "\"metadata\"" : "";
        if (!missing.isEmpty()) {
            String prefix = formatSeen ? "" : "not a SchedLab dataset: ";
            throw in.error(prefix + "expected " + missing + " before \"" + section + "\"");
        }
        dataSeen = true;
    }

    private void readFormat() throws IOException, DatasetFormatException {
        String format = in.readString("format");
        if (!DatasetJson.FORMAT_NAME.equals(format)) {
            throw in.error("not a SchedLab dataset: \"format\" is \"" + format + "\", expected \""
                    + DatasetJson.FORMAT_NAME + "\"");
        }
        formatSeen = true;
    }

    private void readVersion() throws IOException, DatasetFormatException {
        long v = in.readLong("version");
        if (v > DatasetJson.VERSION) {
            throw in.error("unsupported dataset version " + v + ": this SchedLab reads version "
                    + DatasetJson.VERSION + " (the file was written by a newer SchedLab)");
        }
        if (v < 1) {
            throw in.error("invalid dataset version " + v + ", expected " + DatasetJson.VERSION);
        }
        versionSeen = true;
    }

    private void readMetadata() throws IOException, DatasetFormatException {
        if (!formatSeen || !versionSeen) {
            beforeData("metadata");
        }
        in.expectNext(JsonToken.START_OBJECT, "an object for \"metadata\"");
        JsonLocation at = in.tokenLocation();
        String source = null;
        String format = null;
        String version = "unknown";
        OptionalLong seed = OptionalLong.empty();
        Map<String, String> params = new LinkedHashMap<>();
        List<String> importWarnings = List.of();
        JsonLocation hzAt = null;
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            switch (f) {
                case "source" -> source = in.readString("source");
                case "format" -> format = in.readString("metadata.format");
                case "schedlabVersion" -> version = in.readString("schedlabVersion");
                case "seed" -> {
                    JsonToken t = in.next();
                    if (t == JsonToken.VALUE_NUMBER_INT) {
                        seed = OptionalLong.of(in.parser().getLongValue());
                    } else if (t != JsonToken.VALUE_NULL) {
                        throw in.error("expected an integer or null for \"seed\", found " + in.found());
                    }
                }
                case "parameters" -> {
                    in.expectNext(JsonToken.START_OBJECT, "an object for \"parameters\"");
                    for (String k = in.nextField(); k != null; k = in.nextField()) {
                        params.put(k, in.readScalarText(k));
                        if (k.equals(SchedulerTick.HZ_PARAMETER)) {
                            hzAt = in.tokenLocation();
                        }
                    }
                }
                // absent in files of an older SchedLab, and of imports that did not warn
                case "importWarnings" -> importWarnings = List.of(in.readStringArray("importWarnings"));
                default -> in.skipValue();
            }
        }
        if (source == null || format == null) {
            throw in.errorAt(at, "metadata: missing required field \"" + (source == null ? "source" : "format") + "\"");
        }
        if (hzAt != null && Metadata.SIMULATION.equals(format)) {
            importWarnings = withHzWarning(importWarnings, params.get(SchedulerTick.HZ_PARAMETER), hzAt);
        }
        builder = Dataset.builder(new Metadata(source, format, params, seed, version, importWarnings));
    }

    /**
     * {@code warnings} and, when a simulated run's HZ (read at {@code at}) is damaged, the warning
     * that says so, naming the file, line and value: its ticks are drawn from that HZ, and without
     * a word the timeline of a hand-edited or damaged file just lacked them. A file saved from one
     * that had the warning keeps it in its importWarnings: it is said once, not again under the
     * new file's name.
     */
    private List<String> withHzWarning(List<String> warnings, String hz, JsonLocation at) {
        java.util.Optional<String> problem = SchedulerTick.hzProblem(hz, v -> Printable.clip(v, 40));
        if (problem.isEmpty() || warnings.stream().anyMatch(w -> w.endsWith(": " + problem.get()))) {
            return warnings;
        }
        List<String> out = new ArrayList<>(warnings);
        out.add(in.file() + ":" + DatasetJson.line(at) + ":" + DatasetJson.column(at) + ": " + problem.get());
        return out;
    }

    private void readStateCodes() throws IOException, DatasetFormatException {
        if (dataSeen) {
            throw in.error("\"stateCodes\" must come before the data sections (tasks, cpus, ...)");
        }
        in.expectNext(JsonToken.START_OBJECT, "an object for \"stateCodes\"");
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            switch (f) {
                case "slice" -> sliceCodes = readLegend(f, "slice state", SliceState.values());
                case "task" -> taskCodes = readLegend(f, "task state", TaskState.values());
                case "wait" -> waitCodes = readLegend(f, "wait mode", WaitMode.values());
                case "mark" -> markCodes = readLegend(f, "mark kind", MarkKind.values());
                default -> in.skipValue();
            }
        }
    }

    /** A legend array: label of file code 0, 1, ...; each label must be one the model knows. */
    private CodeTable readLegend(String field, String what, Enum<?>[] model) throws IOException, DatasetFormatException {
        List<String> known = labels(model);
        in.expectNext(JsonToken.START_ARRAY, "an array of labels for \"stateCodes." + field + "\"");
        List<String> fileLabels = new ArrayList<>();
        byte[] map = new byte[8];
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            if (t != JsonToken.VALUE_STRING) {
                throw in.error("expected a " + what + " label, found " + in.found());
            }
            String label = in.parser().getText();
            int code = known.indexOf(label);
            if (code < 0) {
                throw in.error("unknown " + what + " \"" + label + "\", expected one of " + known);
            }
            if (fileLabels.size() == map.length) {
                map = Arrays.copyOf(map, map.length * 2);
            }
            map[fileLabels.size()] = (byte) code;
            fileLabels.add(label);
        }
        return new CodeTable(what, Arrays.copyOf(map, fileLabels.size()), List.copyOf(fileLabels));
    }

    private void readTasks() throws IOException, DatasetFormatException {
        in.expectNext(JsonToken.START_ARRAY, "an array for \"tasks\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            if (t != JsonToken.START_OBJECT) {
                throw in.error("expected a task object {\"tid\": .., \"pid\": .., \"comm\": ..}, found " + in.found());
            }
            JsonLocation at = in.tokenLocation();
            long id = -1;
            Integer tid = null;
            Integer pid = null;
            String comm = null;
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                switch (f) {
                    case "id" -> id = in.readLong("id");
                    case "tid" -> tid = in.readInt("tid");
                    case "pid" -> pid = in.readInt("pid");
                    case "comm" -> comm = in.readString("comm");
                    default -> in.skipValue();
                }
            }
            int index = builder.taskCount();
            if (tid == null || pid == null || comm == null) {
                String missing = tid == null ? "tid" : pid == null ? "pid" : "comm";
                throw in.errorAt(at, "task " + index + ": missing required field \"" + missing + "\"");
            }
            if (id != -1 && id != index) {
                throw in.errorAt(at, "task " + index + ": \"id\" is " + id + ", expected " + index
                        + " (ids are positions in \"tasks\")");
            }
            builder.addTask(tid, pid, comm);
        }
    }

    private static List<String> labels(Enum<?>[] values) {
        List<String> out = new ArrayList<>(values.length);
        for (Enum<?> v : values) {
            out.add(label(v));
        }
        return out;
    }

    private static String label(Enum<?> v) {
        if (v instanceof SliceState s) {
            return s.label();
        } else if (v instanceof TaskState s) {
            return s.label();
        } else if (v instanceof WaitMode s) {
            return s.label();
        } else if (v instanceof MarkKind s) {
            return s.label();
        }
        throw new IllegalArgumentException("no label for " + v);
    }
}
