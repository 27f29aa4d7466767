package org.schedlab.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.IntervalsBuilder;
import org.schedlab.model.LockLane;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * The columnar sections of the dataset JSON: cpus, taskLanes, locks, counters, marks. Each lane
 * object's columns are read whole (fields may come in any order), their lengths checked against
 * each other, then appended to the builder; the builder's own rules are checked at build time.
 */
final class LaneSectionReader {
    private final JsonCursor in;
    private final DatasetJsonReader owner;

    LaneSectionReader(JsonCursor in, DatasetJsonReader owner) {
        this.in = in;
        this.owner = owner;
    }

    void readCpus(DatasetBuilder b) throws IOException, DatasetFormatException {
        Set<Integer> seen = new HashSet<>();
        in.expectNext(JsonToken.START_ARRAY, "an array of CPU lanes for \"cpus\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            JsonLocation at = startLane(t, "a CPU lane object {\"cpu\": .., \"startNs\": [..], ...}");
            Integer cpu = null;
            Columns c = new Columns();
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                if (f.equals("cpu")) {
                    cpu = in.readInt(f);
                } else if (!c.read(f, owner.sliceCodes(), "state")) {
                    in.skipValue();
                }
            }
            String name = "cpu " + (cpu == null ? "lane" : cpu);
            require(cpu != null, at, name, "cpu");
            if (cpu < 0 || cpu >= DatasetJsonReader.MAX_CPUS) {
                throw in.errorAt(at, name + ": cpu number out of range 0.." + (DatasetJsonReader.MAX_CPUS - 1));
            }
            if (!seen.add(cpu)) {
                throw in.errorAt(at, name + ": appears twice in \"cpus\"");
            }
            c.check(at, name, true, "state");
            owner.laneAt(name, at);
            IntervalsBuilder lane = b.cpu(cpu);
            for (int i = 0; i < c.size(); i++) {
                lane.add(c.start[i], c.end[i], c.task[i], c.code[i]);
            }
        }
    }

    void readTaskLanes(DatasetBuilder b) throws IOException, DatasetFormatException {
        Set<Integer> seen = new HashSet<>();
        in.expectNext(JsonToken.START_ARRAY, "an array of task lanes for \"taskLanes\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            JsonLocation at = startLane(t, "a task lane object {\"task\": .., \"startNs\": [..], ...}");
            Integer task = null;
            Columns c = new Columns();
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                if (f.equals("task")) {
                    task = in.readInt(f);
                } else if (!c.read(f, owner.taskCodes(), "state")) {
                    in.skipValue();
                }
            }
            String name = "task lane " + (task == null ? "" : task);
            require(task != null, at, name.trim(), "task");
            if (!seen.add(task)) {
                throw in.errorAt(at, name + ": appears twice in \"taskLanes\"");
            }
            c.check(at, name, false, "state");
            owner.laneAt(name, at);
            for (int i = 0; i < c.size(); i++) {
                b.taskState(task, c.start[i], c.end[i], TaskState.ofCode(c.code[i]));
            }
        }
    }

    void readLocks(DatasetBuilder b) throws IOException, DatasetFormatException {
        Set<String> seen = new HashSet<>();
        in.expectNext(JsonToken.START_ARRAY, "an array of lock lanes for \"locks\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            JsonLocation at = startLane(t, "a lock object {\"name\": .., \"kind\": .., \"holds\": {..}, ...}");
            String lockName = null;
            String kind = null;
            boolean shared = false;
            Columns holds = new Columns();
            Columns waits = new Columns();
            int[] holdModes = null;
            JsonLocation holdsAt = at;
            JsonLocation waitsAt = at;
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                switch (f) {
                    case "name" -> lockName = in.readString(f);
                    case "kind" -> kind = in.readString(f);
                    case "shared" -> shared = in.readBoolean(f);
                    case "holds" -> {
                        HoldColumns hc = readHoldColumns(f, holds);
                        holdsAt = hc.at();
                        holdModes = hc.modes();
                    }
                    case "waits" -> waitsAt = readColumnsObject(f, waits, owner.waitCodes(), "mode");
                    default -> in.skipValue();
                }
            }
            String name = "lock " + (lockName == null ? "" : lockName);
            require(lockName != null, at, "lock", "name");
            require(kind != null, at, name, "kind");
            if (!seen.add(lockName)) {
                throw in.errorAt(at, name + ": appears twice in \"locks\"");
            }
            holds.check(holdsAt, name + " holds", true, null);
            if (holdModes != null) {
                sameLength(holdsAt, name + " holds", "startNs", holds.size(), "mode", holdModes.length);
                for (int m : holdModes) {
                    if (m < 0 || m > 2) {
                        throw in.errorAt(holdsAt, name + " holds: \"mode\" " + m
                                + " is not 0 (not recorded), 1 (read) or 2 (write)");
                    }
                }
            }
            waits.check(waitsAt, name + " waits", true, "mode");
            owner.laneAt(name, at);
            DatasetBuilder.LockBuilder lock = b.lock(lockName, kind, shared);
            for (int i = 0; i < holds.size(); i++) {
                lock.hold(holds.start[i], holds.end[i], holds.task[i],
                        holdModes == null ? LockLane.HOLD_NOT_RECORDED : (byte) holdModes[i]);
            }
            for (int i = 0; i < waits.size(); i++) {
                lock.waitFor(waits.start[i], waits.end[i], waits.task[i], WaitMode.ofCode(waits.code[i]));
            }
        }
    }

    private record HoldColumns(JsonLocation at, int[] modes) {
    }

    /** A lock's "holds" columns, with the optional "mode" (1 read, 2 write) a simulated rwsem writes. */
    private HoldColumns readHoldColumns(String field, Columns c) throws IOException, DatasetFormatException {
        in.expectNext(JsonToken.START_OBJECT, "an object of columns for \"" + field + "\"");
        JsonLocation at = in.tokenLocation();
        int[] modes = null;
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            if (f.equals("mode")) {
                modes = in.readIntArray(f);
            } else if (!c.read(f, null, null)) {
                in.skipValue();
            }
        }
        return new HoldColumns(at, modes);
    }

    private JsonLocation readColumnsObject(String field, Columns c, CodeTable codes, String codeField)
            throws IOException, DatasetFormatException {
        in.expectNext(JsonToken.START_OBJECT, "an object of columns for \"" + field + "\"");
        JsonLocation at = in.tokenLocation();
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            if (!c.read(f, codes, codeField)) {
                in.skipValue();
            }
        }
        return at;
    }

    void readCounters(DatasetBuilder b) throws IOException, DatasetFormatException {
        Set<String> seen = new HashSet<>();
        in.expectNext(JsonToken.START_ARRAY, "an array of counter series for \"counters\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            JsonLocation at = startLane(t, "a counter object {\"name\": .., \"tNs\": [..], \"value\": [..]}");
            String counterName = null;
            String unit = "";
            long[] tNs = null;
            double[] value = null;
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                switch (f) {
                    case "name" -> counterName = in.readString(f);
                    case "unit" -> unit = in.readString(f);
                    case "tNs" -> tNs = in.readLongArray(f);
                    case "value" -> value = in.readDoubleArray(f);
                    default -> in.skipValue();
                }
            }
            String name = "counter " + (counterName == null ? "" : counterName);
            require(counterName != null, at, "counter", "name");
            require(tNs != null, at, name, "tNs");
            require(value != null, at, name, "value");
            if (!seen.add(counterName)) {
                throw in.errorAt(at, name + ": appears twice in \"counters\"");
            }
            sameLength(at, name, "tNs", tNs.length, "value", value.length);
            owner.laneAt(name, at);
            DatasetBuilder.CounterBuilder counter = b.counter(counterName, unit);
            for (int i = 0; i < tNs.length; i++) {
                counter.add(tNs[i], value[i]);
            }
        }
    }

    /** {@code operations}: per operation its name and the {@code endNs} and {@code latencyNs} of each one completed. */
    void readOperations(DatasetBuilder b) throws IOException, DatasetFormatException {
        Set<String> seen = new HashSet<>();
        in.expectNext(JsonToken.START_ARRAY, "an array of operations for \"operations\"");
        for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
            JsonLocation at = startLane(t, "an operation object {\"name\": .., \"endNs\": [..], \"latencyNs\": [..]}");
            String opName = null;
            long[] endNs = null;
            long[] latencyNs = null;
            for (String f = in.nextField(); f != null; f = in.nextField()) {
                switch (f) {
                    case "name" -> opName = in.readString(f);
                    case "endNs" -> endNs = in.readLongArray(f);
                    case "latencyNs" -> latencyNs = in.readLongArray(f);
                    default -> in.skipValue();
                }
            }
            String name = "operation " + (opName == null ? "" : opName);
            require(opName != null, at, "operation", "name");
            require(endNs != null, at, name, "endNs");
            require(latencyNs != null, at, name, "latencyNs");
            if (!seen.add(opName)) {
                throw in.errorAt(at, name + ": appears twice in \"operations\"");
            }
            sameLength(at, name, "endNs", endNs.length, "latencyNs", latencyNs.length);
            owner.laneAt(name, at);
            DatasetBuilder.OperationBuilder op = b.operation(opName);
            for (int i = 0; i < endNs.length; i++) {
                op.add(endNs[i], latencyNs[i]);
            }
        }
    }

    void readMarks(DatasetBuilder b) throws IOException, DatasetFormatException {
        in.expectNext(JsonToken.START_OBJECT, "an object of columns for \"marks\"");
        JsonLocation at = in.tokenLocation();
        long[] tNs = null;
        byte[] kind = null;
        int[] cpu = null;
        int[] task = null;
        String[] note = null;
        int[] reason = null;
        int[] waker = null;
        for (String f = in.nextField(); f != null; f = in.nextField()) {
            switch (f) {
                case "tNs" -> tNs = in.readLongArray(f);
                case "reason" -> reason = in.readIntArray(f);
                case "waker" -> waker = in.readIntArray(f);
                case "kind" -> kind = in.readCodeArray(f, owner.markCodes());
                case "cpu" -> cpu = in.readIntArray(f);
                case "task" -> task = in.readIntArray(f);
                case "note" -> note = in.readStringArray(f);
                default -> in.skipValue();
            }
        }
        require(tNs != null, at, "marks", "tNs");
        require(kind != null, at, "marks", "kind");
        int n = tNs.length;
        sameLength(at, "marks", "tNs", n, "kind", kind.length);
        cpu = defaulted(at, "cpu", cpu, n);
        task = defaulted(at, "task", task, n);
        if (note != null) {
            sameLength(at, "marks", "tNs", n, "note", note.length);
        }
        if (reason != null) {
            sameLength(at, "marks", "tNs", n, "reason", reason.length);
        }
        if (waker != null) {
            // a waker that is neither a task, -2 nor -1 is refused where every mark's task is checked
            sameLength(at, "marks", "tNs", n, "waker", waker.length);
        }
        owner.laneAt("mark", at);
        for (int i = 0; i < n; i++) {
            // files written before reasons existed have no column: every reason reads as unknown (0)
            // nor a waker column before wakers were kept: every waker reads as not recorded (-1)
            b.mark(MarkKind.ofCode(kind[i]), tNs[i], cpu[i], task[i], note == null ? "" : note[i],
                    reason == null ? 0 : reason[i], waker == null ? Marks.NO_WAKER : waker[i]);
        }
    }

    private int[] defaulted(JsonLocation at, String field, int[] column, int n) throws DatasetFormatException {
        if (column == null) {
            int[] none = new int[n];
            Arrays.fill(none, -1);
            return none;
        }
        sameLength(at, "marks", "tNs", n, field, column.length);
        return column;
    }

    private JsonLocation startLane(JsonToken t, String expected) throws IOException, DatasetFormatException {
        if (t != JsonToken.START_OBJECT) {
            throw in.error("expected " + expected + ", found " + in.found());
        }
        return in.tokenLocation();
    }

    private void require(boolean present, JsonLocation at, String lane, String field) throws DatasetFormatException {
        if (!present) {
            throw in.errorAt(at, lane + ": missing required field \"" + field + "\"");
        }
    }

    private void sameLength(JsonLocation at, String lane, String a, int na, String b, int nb)
            throws DatasetFormatException {
        if (na != nb) {
            throw in.errorAt(at, lane + ": \"" + b + "\" has " + nb + " values but \"" + a + "\" has " + na
                    + " (columns of one lane must have the same length)");
        }
    }

    /** The interval columns of one lane as read; any may be missing until {@link #check}. */
    private final class Columns {
        long[] start;
        long[] end;
        int[] task;
        byte[] code;

        /** Reads {@code field} if it is one of this lane's columns; false if it is not. */
        boolean read(String field, CodeTable codes, String codeField) throws IOException, DatasetFormatException {
            switch (field) {
                case "startNs" -> start = in.readLongArray(field);
                case "endNs" -> end = in.readLongArray(field);
                case "task" -> task = in.readIntArray(field);
                default -> {
                    if (codeField == null || !field.equals(codeField)) {
                        return false;
                    }
                    code = in.readCodeArray(field, codes);
                }
            }
            return true;
        }

        int size() {
            return start.length;
        }

        /** Required columns present and all of one length; task lanes imply their task column. */
        void check(JsonLocation at, String lane, boolean needsTask, String codeField) throws DatasetFormatException {
            require(start != null, at, lane, "startNs");
            require(end != null, at, lane, "endNs");
            sameLength(at, lane, "startNs", start.length, "endNs", end.length);
            if (needsTask) {
                require(task != null, at, lane, "task");
                sameLength(at, lane, "startNs", start.length, "task", task.length);
            }
            if (codeField != null) {
                require(code != null, at, lane, codeField);
                sameLength(at, lane, "startNs", start.length, codeField, code.length);
            }
        }
    }
}
