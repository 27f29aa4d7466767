package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** Every way a dataset file can be wrong ends in one line naming file, line, column and what was expected. */
class DatasetJsonErrorTest {
    private static final String HEADER = "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
            + "\"metadata\": {\"source\": \"t\", \"format\": \"simulation\"},\n";

    static DatasetFormatException fail(String json) {
        return fail(json.getBytes(StandardCharsets.UTF_8));
    }

    static DatasetFormatException fail(byte[] bytes) {
        return assertThrows(DatasetFormatException.class,
                () -> DatasetJson.read(new ByteArrayInputStream(bytes), "bad.json"));
    }

    static void assertAt(DatasetFormatException e, long line, String... fragments) {
        String m = e.getMessage();
        assertTrue(m.startsWith("bad.json:" + line + ":"), m);
        assertEquals(line, e.line(), m);
        assertTrue(e.column() >= 1, m);
        assertTrue(!m.contains("\n"), "one line: " + m);
        for (String f : fragments) {
            assertTrue(m.contains(f), "expected '" + f + "' in: " + m);
        }
    }

    @Test
    void garbageTextIsNotJson() {
        assertAt(fail("hello world\n"), 1, "not valid JSON", "hello");
    }

    @Test
    void emptyFileSaysWhatWasExpected() {
        assertAt(fail(""), 1, "expected a SchedLab dataset", "end of file");
    }

    @Test
    void binaryBytesAreRejected() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'I', 'H', 'D', 'R'};
        assertAt(fail(png), 1);
        byte[] zeros = new byte[64];
        assertAt(fail(zeros), 1);
    }

    @Test
    void truncatedFileNamesTheLineWhereItStops() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(SampleDatasets.small(), out);
        String json = out.toString(StandardCharsets.UTF_8);
        int cut = json.indexOf("\"cpus\"") + 40;
        String head = json.substring(0, cut);
        long lines = head.chars().filter(c -> c == '\n').count() + 1;
        assertAt(fail(head), lines, "truncated");
    }

    @Test
    void truncatedGzipIsAFormatErrorNotACrash() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            DatasetJson.write(SampleDatasets.small(), gz);
        }
        byte[] all = out.toByteArray();
        DatasetFormatException e = fail(Arrays.copyOf(all, all.length / 2));
        assertTrue(e.getMessage().startsWith("bad.json:"), e.getMessage());
    }

    @Test
    void jsonThatIsNotADatasetSaysSo() {
        assertAt(fail("[1, 2, 3]"), 1, "expected a SchedLab dataset", "found an array");
        assertAt(fail("{\"traceEvents\": []}"), 1, "not a SchedLab dataset", "missing \"format\"");
        assertAt(fail("{\"cpus\": 4}"), 1, "not a SchedLab dataset", "before \"cpus\"");
    }

    @Test
    void wrongFormatNameIsRejected() {
        assertAt(fail("{\"format\": \"chrome-trace\", \"version\": 1}"), 1,
                "\"format\" is \"chrome-trace\"", "expected \"schedlab-dataset\"");
    }

    @Test
    void newerVersionIsUnsupported() {
        assertAt(fail("{\"format\": \"schedlab-dataset\",\n \"version\": 2}"), 2, "unsupported dataset version 2",
                "reads version 1");
    }

    @Test
    void missingRequiredFieldsAreNamed() {
        assertAt(fail(HEADER + "\"tasks\": []\n}"), 4, "missing required field \"cpus\"");
        assertAt(fail("{\"format\": \"schedlab-dataset\", \"version\": 1,\n\"metadata\": {\"format\": \"x\"}}"), 2,
                "metadata: missing required field \"source\"");
        assertAt(fail(HEADER + "\"tasks\": [{\"tid\": 1, \"comm\": \"a\"}], \"cpus\": []}"), 3,
                "task 0: missing required field \"pid\"");
        assertAt(fail(HEADER + "\"tasks\": [],\n\"cpus\": [{\"cpu\": 0, \"startNs\": [], \"endNs\": [], \"task\": []}]}"), 4,
                "cpu 0: missing required field \"state\"");
    }

    @Test
    void columnsOfDifferentLengthAreRejected() {
        DatasetFormatException e = fail(HEADER + "\"tasks\": [{\"tid\": 1, \"pid\": 1, \"comm\": \"a\"}],\n"
                + "\"cpus\": [\n {\"cpu\": 0, \"startNs\": [0, 10], \"endNs\": [5], \"task\": [0, 0], \"state\": [0, 0]}]}");
        assertAt(e, 5, "cpu 0", "\"endNs\" has 1 values but \"startNs\" has 2");
    }

    @Test
    void unknownStateCodeIsRejectedWhereItIs() {
        DatasetFormatException e = fail(HEADER + "\"tasks\": [{\"tid\": 1, \"pid\": 1, \"comm\": \"a\"}],\n"
                + "\"cpus\": [{\"cpu\": 0, \"startNs\": [0], \"endNs\": [5], \"task\": [0],\n \"state\": [9]}]}");
        assertAt(e, 5, "unknown slice state code 9", "0=user");
    }

    @Test
    void legendMapsCodesByLabel() throws Exception {
        // A file whose legend numbers states differently from the model still reads right.
        String json = HEADER + "\"stateCodes\": {\"slice\": [\"idle\", \"user\"]},\n"
                + "\"tasks\": [{\"tid\": 1, \"pid\": 1, \"comm\": \"a\"}],\n"
                + "\"cpus\": [{\"cpu\": 0, \"startNs\": [0, 5], \"endNs\": [5, 9], \"task\": [0, -1], \"state\": [1, 0]}]}";
        var d = DatasetJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "x");
        assertEquals(org.schedlab.model.SliceState.USER, d.cpus().get(0).state(0));
        assertEquals(org.schedlab.model.SliceState.IDLE, d.cpus().get(0).state(1));
        assertAt(fail(HEADER + "\"stateCodes\": {\"slice\": [\"idle\",\n \"napping\"]}}"), 4,
                "unknown slice state \"napping\"");
    }

    @Test
    void modelViolationsPointAtTheLane() {
        DatasetFormatException e = fail(HEADER + "\"tasks\": [{\"tid\": 1, \"pid\": 1, \"comm\": \"a\"}],\n"
                + "\"cpus\": [{\"cpu\": 0, \"startNs\": [], \"endNs\": [], \"task\": [], \"state\": []},\n"
                + "  {\"cpu\": 1, \"startNs\": [0, 3], \"endNs\": [5, 9], \"task\": [0, 0], \"state\": [0, 0]}]}");
        assertAt(e, 5, "invalid dataset", "cpu 1 slice 1", "overlap");
        DatasetFormatException unknownTask = fail(HEADER + "\"tasks\": [],\n"
                + "\"cpus\": [{\"cpu\": 0, \"startNs\": [0], \"endNs\": [5], \"task\": [7], \"state\": [0]}]}");
        assertAt(unknownTask, 4, "unknown task id 7");
    }

    @Test
    void duplicateFieldsAndLanesAreRejected() {
        assertAt(fail("{\"format\": \"schedlab-dataset\", \"format\": \"schedlab-dataset\"}"), 1, "Duplicate field");
        assertAt(fail(HEADER + "\"tasks\": [],\n\"cpus\": [{\"cpu\": 0, \"startNs\": [], \"endNs\": [], \"task\": [], "
                + "\"state\": []},\n{\"cpu\": 0, \"startNs\": [], \"endNs\": [], \"task\": [], \"state\": []}]}"), 5,
                "cpu 0: appears twice");
    }

    @Test
    void wrongTypesSayWhatWasExpected() {
        assertAt(fail(HEADER + "\"tasks\": [],\n\"cpus\": [{\"cpu\": 0, \"startNs\": [\"zero\"]}]}"), 4,
                "expected an integer in \"startNs\", found string \"zero\"");
        assertAt(fail(HEADER + "\"tasks\": [],\n\"cpus\": [{\"cpu\": 0, \"startNs\": [1.5]}]}"), 4,
                "expected an integer in \"startNs\", found number 1.5");
    }

    @Test
    void trailingContentAfterTheDatasetIsRejected() {
        assertAt(fail(HEADER + "\"tasks\": [], \"cpus\": []}\n{}"), 4, "expected end of file");
    }

    @Test
    void unknownFieldsAreSkippedForForwardCompatibility() throws Exception {
        String json = HEADER.replace("\"version\": 1,", "\"version\": 1, \"future\": {\"a\": [1, {\"b\": 2}]},")
                + "\"tasks\": [{\"tid\": 1, \"pid\": 1, \"comm\": \"a\", \"cgroup\": \"/x\"}],\n"
                + "\"cpus\": [{\"cpu\": 0, \"freqKhz\": [1], \"startNs\": [0], \"endNs\": [5], \"task\": [0], \"state\": [0]}],"
                + "\"flamegraphs\": []}";
        var d = DatasetJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "x");
        assertEquals(1, d.sliceCount());
        assertEquals("a", d.task(0).comm());
    }

    @Test
    void missingFileIsAnIoErrorNotAFormatError() {
        assertThrows(NoSuchFileException.class, () -> DatasetJson.read(Path.of("/nonexistent/run.json")));
    }

    @Test
    void jacksonsAdviceToProgrammersAndReadLimitsBecomeWhatWasExpected() {
        // was "Non-standard token 'NaN': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"
        DatasetFormatException nan = fail(HEADER + "\"tasks\": [{\"id\": NaN}]}");
        assertAt(nan, 3);
        assertTrue(!nan.getMessage().contains("`") && !nan.getMessage().contains("JsonReadFeature"), nan.getMessage());
        DatasetFormatException deep = fail(HEADER + "\"x\": " + "[".repeat(1200) + "]".repeat(1200) + "}");
        assertAt(deep, 3, "expected");
        assertTrue(!deep.getMessage().contains("`") && !deep.getMessage().contains("StreamReadConstraints"),
                deep.getMessage());
    }
}
