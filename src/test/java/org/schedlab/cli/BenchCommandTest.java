package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code bench}: the fields CLI.md promises for the run, the bundled import and the frame. */
class BenchCommandTest {
    private static void assertWallTimes(JsonNode wall, String what) {
        double min = wall.path("min").asDouble(-1);
        double median = wall.path("median").asDouble(-1);
        assertTrue(min > 0 && min <= median, what + " wallMs min " + min + " median " + median);
    }

    @Test
    void jsonReportsTheRunTheBundledImportAndAnOffScreenFrame() throws Exception {
        CliRun r = CliRun.of("bench", "--scenario", "teach-fair-share", "--json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals("teach-fair-share", o.path("scenario").asText());
        assertWallTimes(o.path("wallMs"), "run");
        assertTrue(o.path("eventsPerSec").asDouble() > 0);
        // the fields added beside CLI.md's (README's bench --json list), each of its type
        assertTrue(o.path("runs").isIntegralNumber() && o.path("runs").asInt() >= 1, "runs: " + o.path("runs"));
        assertTrue(o.path("events").isIntegralNumber() && o.path("events").asLong() > 0, "events: " + o.path("events"));
        assertTrue(o.path("cpuMs").path("min").isNumber() && o.path("cpuMs").path("median").isNumber(),
                "cpuMs: " + o.path("cpuMs"));
        assertTrue(o.path("eventsPerSec").isNumber() && o.path("scenario").isTextual(), o.toString());

        JsonNode imp = o.path("import");
        assertEquals("pgbench-sandbox-2cpu/perf_sched_script.txt.gz", imp.path("file").asText());
        assertWallTimes(imp.path("wallMs"), "import");
        long lines = imp.path("lines").asLong();
        assertTrue(lines > 10_000, "the bundled recording has tens of thousands of lines, got " + lines);
        assertEquals(lines / (imp.path("wallMs").path("median").asDouble() / 1000), imp.path("linesPerSec").asDouble(),
                lines / (imp.path("wallMs").path("median").asDouble() / 1000) * 0.01 + 1);

        JsonNode frame = o.path("frame");
        assertWallTimes(frame.path("wallMs"), "frame");
        assertEquals(1600, frame.path("widthPx").asInt());
        assertEquals(900, frame.path("heightPx").asInt());
        long slices = frame.path("slices").asLong();
        assertTrue(slices > 0, "the recorded teach-fair-share run has slices");
        assertEquals(slices, o.path("record").path("slices").asLong());
        assertTrue(o.path("record").path("wallMs").asDouble() > 0);
        JsonNode fit = frame.path("fitCpuLanes");
        assertWallTimes(fit.path("wallMs"), "frame with Fit CPU lanes");
        assertTrue(fit.path("slicesVisited").asLong() >= frame.path("slicesVisited").asLong(),
                "every CPU lane in the frame reads at least what the lanes in sight read: " + frame);
    }

    @Test
    void textNamesEachMeasurement() {
        CliRun r = CliRun.of("bench", "--scenario", "teach-fair-share");
        assertEquals(0, r.exitCode(), r.err());
        for (String label : new String[] {"scenario", "wall ms", "events", "import", "record", "frame", "frame fit"}) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(label)), label + " in:\n" + r.out());
        }
    }
}
