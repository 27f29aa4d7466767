package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one run read two ways: simulate's summary ends each wait after the context switch, the saved
 * run's lanes (table) at the switch-in where the kernel traces sched_switch. A teacher saw B's
 * runqlat at 2.0 us in simulate and 0 ("from 0") in table with nothing saying why; each output now
 * says where its waits end, and the two differ by exactly the ctxSwitchUs it names.
 */
class RunqlatRuleTest {
    @TempDir
    Path dir;

    private static final Pattern B_ROW = Pattern.compile("(?m)^  B\\s+(\\d+)\\s+(\\S+)\\s");

    private static double bMean(String out) {
        Matcher m = B_ROW.matcher(out);
        assertTrue(m.find(), "a runqlat row for B: " + out);
        return Double.parseDouble(m.group(2));
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s+", " ");
    }

    @Test
    void simulateAndTableSayWhereEachWaitEnds() throws Exception {
        Path full = dir.resolve("full.json");
        CliRun sim = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=full",
                "--duration-ms", "400", "--out", full.toString());
        assertEquals(0, sim.exitCode(), sim.err());
        CliRun table = CliRun.of("table", full.toString());
        assertEquals(0, table.exitCode(), table.err());

        assertEquals(2.0, bMean(sim.out()) - bMean(table.out()), 1e-9, "ctxSwitchUs=2 per wait:\n" + sim.out() + table.out());
        assertTrue(oneLine(sim.out()).contains("each wait ends after the context switch (ctxSwitchUs 2 us included);"
                + " the run's task lanes, saved or on the timeline, end it at the switch-in, as runqlat.bt and perf"
                + " sched latency do: 2 us less per wait."), sim.out());
        assertTrue(oneLine(table.out()).contains("each wait ends at the switch-in, as runqlat.bt and perf sched latency"
                + " time it; simulate's summary of this run ends it after the context switch: ctxSwitchUs (2 us) more"
                + " per wait."), table.out());
        sim.out().lines().forEach(l -> assertTrue(l.length() <= 72, l));
        table.out().lines().forEach(l -> assertTrue(l.length() <= 72, l));
    }

    @Test
    void theDeltaTablesSayItUnderThem() throws Exception {
        CliRun compare = CliRun.of("compare", "--scenario", "teach-kernel-section", "--base", "preemption=full",
                "--test", "preemption=lazy", "--duration-ms", "300");
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(oneLine(compare.out()).contains("runqlat: each wait ends after the context switch (ctxSwitchUs 2 us"
                + " included)"), compare.out());
        // a sentence, ended as the notes above it are
        assertTrue(oneLine(compare.out()).strip().endsWith("2 us less per wait."), compare.out());

        Path full = dir.resolve("full.json");
        Path lazy = dir.resolve("lazy.json");
        for (String[] side : new String[][] {{"full", full.toString()}, {"lazy", lazy.toString()}}) {
            CliRun r = CliRun.of("simulate", "--scenario", "teach-kernel-section", "--set", "preemption=" + side[0],
                    "--duration-ms", "300", "--out", side[1]);
            assertEquals(0, r.exitCode(), r.err());
        }
        CliRun table = CliRun.of("table", full.toString(), lazy.toString());
        assertEquals(0, table.exitCode(), table.err());
        assertTrue(oneLine(table.out()).contains("runqlat: each wait ends at the switch-in, as runqlat.bt and perf sched"
                + " latency time it;"), table.out());
        assertTrue(oneLine(table.out()).contains("ctxSwitchUs (2 us) more per wait."), table.out());
        table.out().lines().forEach(l -> assertTrue(l.length() <= 72, l));
    }

    /** The A/B picture draws the notes the text ends with: each a sentence with its full stop. */
    @Test
    void thePicturesNotesEndWithAFullStop() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode run = m.readTree("{\"events\": 10, \"params\": {\"ctxSwitchUs\": 2},"
                + " \"runqlatUs\": {\"_all\": {\"count\": 5}}}");
        com.fasterxml.jackson.databind.JsonNode saved = m.readTree("{\"seed\": 1, \"params\": {\"ctxSwitchUs\": 2},"
                + " \"runqlatUs\": {\"_all\": {\"count\": 5}}}");
        java.util.List<String> same = org.schedlab.analysis.SummaryReport.abTableNotes(run, run);
        java.util.List<String> two = org.schedlab.analysis.SummaryReport.abTableNotes(run, saved);
        assertEquals(1, same.size(), same.toString());
        assertEquals(2, two.size(), two.toString());
        for (String note : java.util.stream.Stream.concat(same.stream(), two.stream()).toList()) {
            assertTrue(note.startsWith("runqlat") && note.endsWith("per wait."), note);
        }
    }
}
