package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario file that is not UTF-8 text, or not a file at all, is refused naming where and what was expected. */
class ScenarioFileBytesTest {
    @TempDir
    Path dir;

    private String refused(String name, byte[] content) throws Exception {
        Path f = Files.write(dir.resolve(name), content);
        return assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(f.toString())).getMessage();
    }

    @Test
    void aByteThatIsNotUtf8IsNamedWithItsLineAndColumn() throws Exception {
        byte[] latin1 = "{\n \"name\": \"caf\u00e9\"\n}\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(dir.resolve("latin1.json") + ":2:14: byte 0xe9 is not UTF-8 text; expected a scenario JSON file"
                + " in UTF-8", refused("latin1.json", latin1));
    }

    /**
     * A scenario cut while copied, inside a multi-byte character (an arrow in its "explain" text):
     * that was "byte 0xe2 is not UTF-8 text", sending the user to re-save a file in UTF-8 that was
     * UTF-8 all along. The cut is said at the same place; a Latin-1 letter elsewhere still is not UTF-8.
     */
    @Test
    void aFileCutInsideACharacterSaysItWasCutThere() throws Exception {
        byte[] json = "{\n  \"name\": \"mine\",\n  \"explain\": \"fair \u2192 unfair\"\n}\n"
                .getBytes(StandardCharsets.UTF_8);
        int arrow = new String(json, StandardCharsets.UTF_8).indexOf('\u2192'); // all ASCII before it
        byte[] cut = java.util.Arrays.copyOf(json, arrow + 2); // e2 86 of e2 86 92
        assertEquals(dir.resolve("cut.json") + ":3:" + (arrow - "{\n  \"name\": \"mine\",\n".length() + 1)
                + ": the file ends inside a character (0xe2 0x86, the first 2 bytes of a 3-byte UTF-8 character): it was"
                + " cut there, not saved in another encoding; expected the whole scenario JSON file (copy it again)",
                refused("cut.json", cut));

        // a Latin-1 letter before the cut: another encoding, named at that letter as before
        byte[] both = cut.clone();
        both[13] = (byte) 0xe9; // the 'm' of "mine", line 2, column 12
        assertEquals(dir.resolve("both.json") + ":2:12: byte 0xe9 is not UTF-8 text; expected a scenario JSON file"
                + " in UTF-8", refused("both.json", both));
    }

    @Test
    void aUtf8ByteOrderMarkIsReadAsUtf8() throws Exception {
        // Notepad's "UTF-8 with BOM": "malformed JSON: Unexpected character ('\ufeff' (code 65279 / 0xfeff))"
        // though datasets and workspaces with the same mark open
        byte[] json = Files.readAllBytes(Path.of("example-data/scenarios/teach-fair-share.json"));
        byte[] withBom = new byte[json.length + 3];
        withBom[0] = (byte) 0xef;
        withBom[1] = (byte) 0xbb;
        withBom[2] = (byte) 0xbf;
        System.arraycopy(json, 0, withBom, 3, json.length);
        Path f = Files.write(dir.resolve("bom.json"), withBom);
        assertEquals("teach-fair-share", ScenarioCatalog.find(f.toString()).name());
    }

    @Test
    void utf16IsRecognisedAndTheFixSaid() throws Exception {
        byte[] utf16 = "{\"name\": \"x\"}".getBytes(StandardCharsets.UTF_16);
        assertEquals(dir.resolve("u16.json") + ":1:1: this is UTF-16 text; expected a scenario JSON file in UTF-8"
                + " (save it as UTF-8)", refused("u16.json", utf16));
    }

    @Test
    void aGzippedScenarioIsRecognisedAndTheFixSaid() throws Exception {
        // was "1:2: byte 0x8b is not UTF-8 text", and the dataset commands send a gzipped scenario here
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(Path.of("example-data/scenarios/teach-fair-share.json")));
        }
        assertEquals(dir.resolve("fair.json.gz") + ":1:1: this is gzip-compressed; expected a scenario JSON file in"
                + " UTF-8 (gunzip it first)", refused("fair.json.gz", gz.toByteArray()));
    }

    @Test
    void aDirectoryIsNotAnUnknownScenario() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("scenarios"));
        String m = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(sub.toString())).getMessage();
        assertEquals(sub + ": is a directory, expected a scenario .json file or a built-in name", m);
    }

    @Test
    void aHugeFileIsRefusedBeforeItIsReadIntoMemory() throws Exception {
        Path f = dir.resolve("big.json");
        try (var out = Files.newOutputStream(f)) {
            byte[] spaces = new byte[1 << 20];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i < 5; i++) {
                out.write(spaces);
            }
        }
        String m = assertThrows(ScenarioException.class, () -> ScenarioCatalog.find(f.toString())).getMessage();
        assertEquals(f + ": 5 MiB; expected a scenario JSON file (at most 4 MiB): is this a scenario?", m);
    }

    @Test
    void jsonPastTheParserLimitsIsMalformedJsonAtItsLineNotAnApiHint() throws Exception {
        // Jackson's read limits throw a StreamConstraintsException, not a JsonParseException: the message
        // had no line and told the user to call StreamReadConstraints.getMaxNestingDepth()
        String deep = "{\n \"name\": " + "[".repeat(1200) + "]".repeat(1200) + "\n}\n";
        String m = refused("deep.json", deep.getBytes(StandardCharsets.UTF_8));
        assertTrue(m.startsWith(dir.resolve("deep.json") + ":2:"), m);
        assertTrue(m.contains("nested") && m.contains("expected"), m);
        assertFalse(m.contains("StreamReadConstraints") || m.contains("`"), m);
        String longNumber = "{\n \"name\": \"n\",\n \"x\": " + "9".repeat(5000) + "\n}\n";
        String n = refused("long.json", longNumber.getBytes(StandardCharsets.UTF_8));
        assertTrue(n.startsWith(dir.resolve("long.json") + ":3:"), n);
        assertTrue(n.contains("number") && n.contains("expected"), n);
        assertFalse(n.contains("StreamReadConstraints") || n.contains("`"), n);
    }

    @Test
    void nonStandardNumbersSayWhatIsExpectedNotWhichJacksonFeatureToEnable() throws Exception {
        String nan = "{\n \"name\": \"n\",\n \"x\": NaN\n}\n";
        String m = refused("nan.json", nan.getBytes(StandardCharsets.UTF_8));
        assertTrue(m.startsWith(dir.resolve("nan.json") + ":3:"), m);
        assertFalse(m.contains("JsonReadFeature") || m.contains("`"), m);
    }

    private static final String WIDE = "{\n \"name\": \"wide\",\n \"workload\": \"teach-fair-share\",\n"
            + " \"parameters\": {\n"
            + "  \"chunkUs\": {\"value\": 1000, \"unit\": \"us\", \"min\": 1, \"max\": 1000000},\n"
            + "  \"bNice\": {\"value\": 0, \"min\": -20, \"max\": MAX, \"integer\": true}\n }\n}\n";

    @Test
    void anInfiniteRangeLimitIsRefusedAtItsLine() throws Exception {
        String m = refused("inf.json", WIDE.replace("MAX", "1e400").getBytes(StandardCharsets.UTF_8));
        assertEquals(dir.resolve("inf.json") + ":6:44: parameter bNice: \"max\" is 1e400; expected a finite number", m);
    }

    @Test
    void aValueTheWorkloadRefusesIsAScenarioErrorNotAnInternalOne() throws Exception {
        Path f = Files.write(dir.resolve("wide.json"), WIDE.replace("MAX", "1000").getBytes(StandardCharsets.UTF_8));
        Scenario s = ScenarioCatalog.find(f.toString());
        String m = assertThrows(ScenarioException.class, () -> org.schedlab.sim.Simulation.run(s,
                java.util.Map.of("bNice", "100", "durationMs", "10"), org.schedlab.sim.Simulation.Options.summaryOnly(),
                () -> false)).getMessage();
        assertEquals("scenario wide: workload teach-fair-share refuses its parameters: nice must be in -20..19,"
                + " was 100", m);
    }

    @Test
    void aValueThatBreaksTheWorkloadMidRunIsAScenarioErrorNamingTheParameter() throws Exception {
        // chunkUs 0 (a range widened to 0..) spun A without letting time pass: "internal error:
        // IllegalStateException", exit 1; negative syscall times and huge client counts did the same.
        // A 0 is now refused at build (ParameterDomainTest); 0.0001 us passes "> 0" but is 0 ns, and
        // stands for whatever else a widened range lets through that the code cannot take
        Path f = Files.write(dir.resolve("zero.json"), WIDE.replace("MAX", "19").replace("\"min\": 1, \"max\": 1000000",
                "\"min\": 0, \"max\": 1000000").getBytes(StandardCharsets.UTF_8));
        Scenario s = ScenarioCatalog.find(f.toString());
        String m = assertThrows(ScenarioException.class, () -> org.schedlab.sim.Simulation.run(s,
                java.util.Map.of("chunkUs", "0.0001", "durationMs", "10"), org.schedlab.sim.Simulation.Options.summaryOnly(),
                () -> false)).getMessage();
        assertTrue(m.startsWith("scenario wide: workload teach-fair-share fails with chunkUs=0.0001, outside the built-in"
                + " scenario teach-fair-share's range 1..1000000 us: "), m);
    }

    @Test
    void cancellingARunOfAScenarioFileIsStillACancelNotAScenarioError() throws Exception {
        // CancellationException is an IllegalStateException: the file-scenario catch must let it through
        Path f = Files.write(dir.resolve("ok.json"), WIDE.replace("MAX", "19").getBytes(StandardCharsets.UTF_8));
        Scenario s = ScenarioCatalog.find(f.toString());
        assertThrows(java.util.concurrent.CancellationException.class, () -> org.schedlab.sim.Simulation.run(s,
                java.util.Map.of("durationMs", "1000"), org.schedlab.sim.Simulation.Options.summaryOnly(), () -> true));
    }
}
