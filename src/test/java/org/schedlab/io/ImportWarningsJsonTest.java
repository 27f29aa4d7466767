package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;

/**
 * The dataset JSON's {@code metadata.importWarnings}: a dataset saved from an import that warned
 * keeps the warnings, word for word, so a reopened file still says the recording is not whole;
 * a file without them (an older SchedLab's, a clean import's) reads as having none.
 */
public class ImportWarningsJsonTest {
    /** Two switches with a line perf never writes between them: one warning, naming line 2. */
    public static final String WARNED = "            perf  7396 [000]   329.519891:       sched:sched_switch: prev_comm=perf"
            + " prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
            + "garbage\n"
            + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
            + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n";

    private static String json(Dataset d) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Dataset read(String json) throws Exception {
        return DatasetJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "saved.json");
    }

    @Test
    void anImportsWarningsSurviveSaveAndReopen() throws Exception {
        ImportResult r = Importer.standard().importFile(
                RecordingSource.ofBytes("sched.txt", WARNED.getBytes(StandardCharsets.UTF_8)));
        List<String> shown = r.report().warnings();
        assertEquals(1, shown.size(), shown.toString());
        assertTrue(shown.get(0).startsWith("sched.txt: 1 of 3 lines not understood (line 2)"), shown.get(0));
        assertEquals(shown, r.dataset().metadata().importWarnings(), "the dataset carries what the import showed");

        Dataset reopened = read(json(r.dataset()));
        assertEquals(shown, reopened.metadata().importWarnings());
        assertEquals(r.dataset(), reopened);
        // and a window of it, exported, is still of that recording
        Dataset cropped = reopened.crop(reopened.startNs(), reopened.endNs());
        assertEquals(shown, read(json(cropped)).metadata().importWarnings());
    }

    @Test
    void aFileWithoutWarningsReadsAsHavingNoneAndACleanDatasetWritesNone() throws Exception {
        String old = "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
                + "\"metadata\": {\"source\": \"sched.txt\", \"format\": \"perf-sched-script\", \"schedlabVersion\": \"0.1.0\"},\n"
                + "\"tasks\": [], \"cpus\": [{\"cpu\": 0, \"startNs\": [0], \"endNs\": [1000], \"task\": [-1], \"state\": [5]}]}\n";
        Dataset d = read(old);
        assertEquals(List.of(), d.metadata().importWarnings());
        assertFalse(json(d).contains("importWarnings"), "a file with nothing to warn of is written as before");
    }

    @Test
    void warningsThatAreNotStringsAreRefusedWithTheirPlace() throws Exception {
        String bad = "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
                + "\"metadata\": {\"source\": \"t\", \"format\": \"perf-sched-script\", \"importWarnings\": [3]},\n"
                + "\"tasks\": [], \"cpus\": []}\n";
        DatasetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(DatasetFormatException.class,
                () -> read(bad));
        assertTrue(e.getMessage().startsWith("saved.json:2:"), e.getMessage());
        assertTrue(e.getMessage().contains("expected a string in \"importWarnings\""), e.getMessage());
    }

    /** A simulated run's dataset header with its HZ as given: the ticks are drawn from it. */
    private static String simulatedRun(String hzJson) {
        return "{\"format\": \"schedlab-dataset\", \"version\": 1,\n"
                + "\"metadata\": {\"source\": \"teach-fair-share\", \"format\": \"simulation\",\n"
                + "  \"parameters\": {\"cpus\": \"1\",\n"
                + "    \"hz\": " + hzJson + "}},\n"
                + "\"tasks\": [], \"cpus\": [{\"cpu\": 0, \"startNs\": [0], \"endNs\": [1000], \"task\": [-1], \"state\": [5]}]}\n";
    }

    @Test
    void aSimulatedRunsDamagedHzIsAWarningNamingFileLineAndValue() throws Exception {
        for (String bad : List.of("\"25O\"", "\"0\"", "\"-250\"", "250.0", "\"\"", "\"3000000000\"")) {
            Dataset d = read(simulatedRun(bad));
            assertEquals(java.util.OptionalInt.empty(), org.schedlab.model.SchedulerTick.hz(d.metadata()), bad);
            List<String> w = d.metadata().importWarnings();
            assertEquals(1, w.size(), bad + ": " + w);
            String value = bad.startsWith("\"") ? bad : "\"" + bad + "\"";
            assertTrue(w.get(0).startsWith("saved.json:4:11: parameter hz is " + value + ", expected the scheduler tick rate"),
                    w.get(0));
            assertTrue(w.get(0).endsWith("no scheduler ticks are drawn"), w.get(0));
        }
    }

    /**
     * The warning quotes 40 characters of a long value, but the value checked is the whole of it,
     * as the ticks are drawn from it: checked as quoted (cut, "..." at its end) a good HZ with
     * blanks after it was called damaged while its ticks were drawn.
     */
    @Test
    void aLongHzIsCheckedWholeAndOnlyQuotedCut() throws Exception {
        String padded = "250" + " ".repeat(57); // 60 characters, read as 250
        Dataset good = read(simulatedRun("\"" + padded + "\""));
        assertEquals(java.util.OptionalInt.of(250), org.schedlab.model.SchedulerTick.hz(good.metadata()));
        assertEquals(List.of(), good.metadata().importWarnings(), "ticks drawn at 250, so no warning says none are");

        String damaged = "250" + " ".repeat(37) + "O".repeat(20); // its first 40 characters read as 250
        Dataset bad = read(simulatedRun("\"" + damaged + "\""));
        assertEquals(java.util.OptionalInt.empty(), org.schedlab.model.SchedulerTick.hz(bad.metadata()));
        List<String> w = bad.metadata().importWarnings();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("saved.json:4:11: parameter hz is \"" + damaged.substring(0, 37) + "...\", expected"
                + " the scheduler tick rate"), w.get(0));
        assertTrue(w.get(0).endsWith("no scheduler ticks are drawn"), w.get(0));
    }

    @Test
    void aGoodHzOrOneOfARecordingIsNoWarningAndASavedWarningIsNotRepeated() throws Exception {
        assertEquals(List.of(), read(simulatedRun("\"250\"")).metadata().importWarnings());
        assertEquals(List.of(), read(simulatedRun("1024")).metadata().importWarnings());
        // a recording's parameter hz is a figure of the file, not the tick the timeline draws
        assertEquals(List.of(), read(simulatedRun("\"25O\"").replace("\"simulation\"", "\"perf-sched-script\""))
                .metadata().importWarnings());
        // saved again (export, crop), the warning travels in importWarnings; read back it is said once
        Dataset damaged = read(simulatedRun("\"25O\""));
        Dataset again = DatasetJson.read(new ByteArrayInputStream(json(damaged).getBytes(StandardCharsets.UTF_8)), "copy.json");
        assertEquals(damaged.metadata().importWarnings(), again.metadata().importWarnings());
    }
}
