package org.schedlab.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.util.Map;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.Metadata;
import org.schedlab.model.OperationSamples;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Writes the dataset JSON (docs/FORMATS.md) token by token. Header first (format, version,
 * metadata, stateCodes) so a streaming reader knows how to read the columns that follow.
 */
final class DatasetJsonWriter {
    private final JsonGenerator g;

    DatasetJsonWriter(JsonGenerator g) {
        this.g = g;
        // Objects one entry per line, columns on one line each: readable, and a million
        // slices do not become four million lines.
        Separators seps = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withArrayValueSpacing(Separators.Spacing.NONE)
                .withArrayEmptySeparator("");
        g.setPrettyPrinter(new DefaultPrettyPrinter(seps).withArrayIndenter(new DefaultPrettyPrinter.NopIndenter()));
    }

    void write(Dataset d) throws IOException {
        g.writeStartObject();
        g.writeStringField("format", DatasetJson.FORMAT_NAME);
        g.writeNumberField("version", DatasetJson.VERSION);
        writeMetadata(d.metadata());
        writeStateCodes();
        writeTasks(d);
        writeCpus(d);
        writeTaskLanes(d);
        writeLocks(d);
        writeCounters(d);
        writeOperations(d);
        writeMarks(d.marks());
        g.writeEndObject();
        g.writeRaw('\n'); // a text file ends with a newline (cat, diff, git)
        g.flush();
    }

    private void writeMetadata(Metadata m) throws IOException {
        g.writeObjectFieldStart("metadata");
        g.writeStringField("source", m.source());
        g.writeStringField("format", m.format());
        g.writeStringField("schedlabVersion", m.schedlabVersion());
        if (m.seed().isPresent()) {
            g.writeNumberField("seed", m.seed().getAsLong());
        }
        g.writeObjectFieldStart("parameters");
        for (Map.Entry<String, String> e : m.parameters().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        if (!m.importWarnings().isEmpty()) {
            // only when the import warned: a clean recording's or a simulation's file is as before
            g.writeArrayFieldStart("importWarnings");
            for (String w : m.importWarnings()) {
                g.writeString(w);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private void writeStateCodes() throws IOException {
        g.writeObjectFieldStart("stateCodes");
        g.writeArrayFieldStart("slice");
        for (SliceState s : SliceState.values()) {
            g.writeString(s.label());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("task");
        for (TaskState s : TaskState.values()) {
            g.writeString(s.label());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("wait");
        for (WaitMode s : WaitMode.values()) {
            g.writeString(s.label());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("mark");
        for (MarkKind s : MarkKind.values()) {
            g.writeString(s.label());
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void writeTasks(Dataset d) throws IOException {
        g.writeArrayFieldStart("tasks");
        for (TaskInfo t : d.tasks()) {
            g.writeStartObject();
            g.writeNumberField("id", t.id());
            g.writeNumberField("tid", t.tid());
            g.writeNumberField("pid", t.pid());
            g.writeStringField("comm", t.comm());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void writeCpus(Dataset d) throws IOException {
        g.writeArrayFieldStart("cpus");
        for (CpuLane lane : d.cpus()) {
            g.writeStartObject();
            g.writeNumberField("cpu", lane.cpu());
            writeIntervals(lane.slices(), true, "state");
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void writeTaskLanes(Dataset d) throws IOException {
        g.writeArrayFieldStart("taskLanes");
        for (TaskLane lane : d.taskLanes()) {
            g.writeStartObject();
            g.writeNumberField("task", lane.task());
            writeIntervals(lane.intervals(), false, "state");
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void writeLocks(Dataset d) throws IOException {
        g.writeArrayFieldStart("locks");
        for (LockLane lock : d.locks()) {
            g.writeStartObject();
            g.writeStringField("name", lock.name());
            g.writeStringField("kind", lock.kind());
            g.writeBooleanField("shared", lock.shared());
            g.writeObjectFieldStart("holds");
            // "mode": 1 read, 2 write, 0 not recorded; only where some hold says (a simulated rwsem)
            writeIntervals(lock.holds(), true, holdModesRecorded(lock) ? "mode" : null);
            g.writeEndObject();
            g.writeObjectFieldStart("waits");
            writeIntervals(lock.waits(), true, "mode");
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static boolean holdModesRecorded(org.schedlab.model.LockLane lock) {
        for (int i = 0; i < lock.holds().size(); i++) {
            if (lock.holdMode(i) != org.schedlab.model.LockLane.HOLD_NOT_RECORDED) {
                return true;
            }
        }
        return false;
    }

    /** Columns of one lane; the task column is left out where the lane implies it (task lanes). */
    private void writeIntervals(Intervals iv, boolean withTask, String codeField) throws IOException {
        int n = iv.size();
        g.writeArrayFieldStart("startNs");
        for (int i = 0; i < n; i++) {
            g.writeNumber(iv.startNs(i));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("endNs");
        for (int i = 0; i < n; i++) {
            g.writeNumber(iv.endNs(i));
        }
        g.writeEndArray();
        if (withTask) {
            g.writeArrayFieldStart("task");
            for (int i = 0; i < n; i++) {
                g.writeNumber(iv.task(i));
            }
            g.writeEndArray();
        }
        if (codeField != null) {
            g.writeArrayFieldStart(codeField);
            for (int i = 0; i < n; i++) {
                g.writeNumber(iv.code(i));
            }
            g.writeEndArray();
        }
    }

    private void writeCounters(Dataset d) throws IOException {
        g.writeArrayFieldStart("counters");
        for (CounterSeries c : d.counters()) {
            g.writeStartObject();
            g.writeStringField("name", c.name());
            g.writeStringField("unit", c.unit());
            g.writeArrayFieldStart("tNs");
            for (int i = 0; i < c.size(); i++) {
                g.writeNumber(c.tNs(i));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("value");
            for (int i = 0; i < c.size(); i++) {
                if (c.hasValue(i)) {
                    g.writeNumber(c.value(i));
                } else {
                    g.writeNull(); // a gap (no value until the next sample): JSON has no NaN
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Each operation's samples (end time, latency); left out when there are none, as in a recording. */
    private void writeOperations(Dataset d) throws IOException {
        if (d.operations().isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("operations");
        for (OperationSamples op : d.operations()) {
            g.writeStartObject();
            g.writeStringField("name", op.name());
            g.writeArrayFieldStart("endNs");
            for (int i = 0; i < op.size(); i++) {
                g.writeNumber(op.endNs(i));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("latencyNs");
            for (int i = 0; i < op.size(); i++) {
                g.writeNumber(op.latencyNs(i));
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void writeMarks(Marks m) throws IOException {
        int n = m.size();
        g.writeObjectFieldStart("marks");
        g.writeArrayFieldStart("tNs");
        for (int i = 0; i < n; i++) {
            g.writeNumber(m.tNs(i));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("kind");
        for (int i = 0; i < n; i++) {
            g.writeNumber(m.kind(i).code());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("cpu");
        for (int i = 0; i < n; i++) {
            g.writeNumber(m.cpu(i));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("task");
        for (int i = 0; i < n; i++) {
            g.writeNumber(m.task(i));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("note");
        for (int i = 0; i < n; i++) {
            g.writeString(m.note(i));
        }
        g.writeEndArray();
        if (m.hasReasons()) {
            // packed MarkReason codes (model.MarkReason); readers that predate them skip the column
            g.writeArrayFieldStart("reason");
            for (int i = 0; i < n; i++) {
                g.writeNumber(m.reasonCode(i));
            }
            g.writeEndArray();
        }
        if (m.hasWakers()) {
            // who woke each wake-up's task: a task id, -2 the idle task, -1 not recorded (model.Marks);
            // readers that predate it skip the column
            g.writeArrayFieldStart("waker");
            for (int i = 0; i < n; i++) {
                g.writeNumber(m.waker(i));
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}
