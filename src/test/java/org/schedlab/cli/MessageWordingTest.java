package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Messages in a user's words: no Java type names, no parser or zlib internals, no temporary names. */
class MessageWordingTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRun r, String... fragments) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String leak : new String[] {"double", " int ", " long", "ZLIB", "close marker", "end-of-input", ".tmp",
            "Exception", "null"}) {
            assertFalse(r.err().contains(leak), "'" + leak + "' in: " + r.err());
        }
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "expected '" + f + "' in: " + r.err());
        }
    }

    private Path dataset() throws Exception {
        return CliRun.smallDataset(dir, "small.json");
    }

    @Test
    void aNumberOptionThatIsNoNumberNamesOptionValueAndExpectedForm() throws Exception {
        String png = dir.resolve("x.png").toString();
        oneLine(CliRun.of("render", dataset().toString(), "--out", png, "--to-ms", "abc"),
                "'--to-ms'", "'abc' is not a number; expected a decimal number");
        oneLine(CliRun.of("render", dataset().toString(), "--out", png, "--width", "12.5"),
                "'--width'", "'12.5' is not a whole number; expected digits");
        oneLine(CliRun.of("simulate", "--scenario", "teach-fair-share", "--seed", "99999999999999999999"),
                "'--seed'", "is too large; expected a whole number of at most 9223372036854775807");
    }

    @Test
    void anEmptyBaseOrTestListOrAnEmptyItemInItIsRefusedNamingTheOption() {
        // '', ',,' and a trailing comma were accepted: that side ran the scenario's defaults
        oneLine(CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "", "--test", "cpus=2"),
                "--base: an empty list was given; expected KEY=VALUE[,KEY=VALUE...]");
        oneLine(CliRun.of("compare", "--scenario", "teach-fair-share", "--base", ",,", "--test", "cpus=2"),
                "--base: item 1 of ',,' is empty; expected KEY=VALUE[,KEY=VALUE...]");
        oneLine(CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus=1", "--test",
                "preemption=full,"), "--test: item 2 of 'preemption=full,' is empty;");
        oneLine(CliRun.of("render", "--view", "compare", "--scenario", "teach-fair-share", "--base", "cpus=1,,",
                "--test", "cpus=2", "--out", dir.resolve("c.png").toString()), "--base: item 2 of 'cpus=1,,' is empty;");
    }

    @Test
    void aHugeValueIsCutWhereAMessageEchoesIt() {
        // a 300-character value was echoed whole, in every place the message quoted it
        String huge = "x".repeat(300);
        String cut = "x".repeat(37) + "...";
        CliRun set = CliRun.of("compare", "--scenario", "teach-fair-share", "--base", "cpus=" + huge, "--test", "cpus=2");
        oneLine(set, "--base: ", cut);
        assertFalse(set.err().contains("x".repeat(38)), set.err());
        CliRun vary = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1," + huge, "--out",
                dir.resolve("sw").toString());
        oneLine(vary, cut);
        assertFalse(vary.err().contains("x".repeat(38)), vary.err());
        CliRun width = CliRun.of("simulate", "--scenario", "teach-fair-share", "--seed", huge);
        oneLine(width, "'--seed'", "'" + cut + "' is not a whole number");
        CliRun scenario = CliRun.of("simulate", "--scenario", huge);
        assertEquals(2, scenario.exitCode());
        assertFalse(scenario.err().contains("x".repeat(38)), scenario.err());
    }

    @Test
    void aCutDatasetOrScenarioSaysWhatIsOpenNotJacksonsWords() throws Exception {
        String json = Files.readString(dataset(), StandardCharsets.UTF_8);
        Path cut = dir.resolve("cut.json");
        Files.writeString(cut, json.substring(0, json.length() / 2), StandardCharsets.UTF_8);
        oneLine(CliRun.of("info", cut.toString()), "file ends too early (truncated?): the file ends inside");
        Path open = dir.resolve("open.json");
        Files.writeString(open, "{\"format\": \"schedlab-dataset\", \"version\": 1, \"cpus\": [\n  {}\n",
                StandardCharsets.UTF_8);
        CliRun r = CliRun.of("info", open.toString());
        assertFalse(r.err().contains("close marker"), r.err());
        Path scenario = dir.resolve("s.json");
        Files.writeString(scenario, "{\"name\":\n", StandardCharsets.UTF_8);
        oneLine(CliRun.of("simulate", "--scenario", scenario.toString()), "malformed JSON");
    }

    /**
     * A scenario file or dataset cut anywhere is said in words: cut inside a string value or a
     * field's name (most places of a scenario file) the line said "Unexpected end-of-input: was
     * expecting closing quote for a string value", "... closing '"' for name" or "Unexpected
     * end-of-input in FIELD_NAME", and after a '-' "Unexpected end-of-inputNo digit following sign".
     */
    @Test
    void aScenarioOrDatasetCutAtAnyByteSaysWhereTheFileEndsInWords() throws Exception {
        byte[] scenario = Files.readAllBytes(Path.of("example-data/scenarios/teach-fair-share.json"));
        byte[] dataset = Files.readAllBytes(dataset());
        Path cut = dir.resolve("cut.json");
        java.util.Set<String> leaks = new java.util.TreeSet<>();
        for (byte[] whole : new byte[][] {scenario, dataset}) {
            for (int n = 1; n < whole.length; n++) {
                Files.write(cut, Arrays.copyOf(whole, n));
                String message;
                try {
                    if (whole == scenario) {
                        org.schedlab.sim.scenario.ScenarioLoader.load(cut);
                    } else {
                        org.schedlab.io.DatasetJson.read(cut);
                    }
                    continue; // a prefix that happens to be whole JSON, refused later or not at all
                } catch (Exception e) {
                    message = String.valueOf(e.getMessage());
                }
                boolean leak = false;
                for (String jackson : new String[] {"end-of-input", "FIELD_NAME", "VALUE_", "was expecting", "code "}) {
                    leak |= message.contains(jackson);
                }
                if (leak) {
                    leaks.add(message.replace(cut.toString(), "cut.json").replaceAll("\\d+", "N"));
                }
            }
        }
        assertEquals(java.util.Set.of(), leaks);
        // as the command line says it: cut inside a field's name, and inside a string value
        String text = new String(scenario, StandardCharsets.UTF_8);
        Files.writeString(cut, text.substring(0, text.indexOf("\"name\"") + 3), StandardCharsets.UTF_8);
        oneLine(CliRun.of("simulate", "--scenario", cut.toString()), cut + ":", ": malformed JSON: the file ends inside");
        Files.writeString(cut, text.substring(0, text.indexOf("teach-fair-share") + 5), StandardCharsets.UTF_8);
        oneLine(CliRun.of("simulate", "--scenario", cut.toString()), ": malformed JSON: the file ends inside a string");
    }

    @Test
    void aJsonSyntaxErrorNamesLineColumnAndWhatWasExpectedInPlainWords() throws Exception {
        // were Jackson's words: "Unexpected character (':' (code 58)): was expecting comma to separate
        // Object entries" (and no column for mpstat), "Invalid UTF-8 middle byte 0x22"
        String mpstat = Files.readString(Path.of("src/test/resources/real/sysstat/mpstat-o-JSON-1-2.txt"),
                StandardCharsets.UTF_8);
        Path mp = dir.resolve("mpstat.json");
        Files.writeString(mp, mpstat.replaceFirst("\\{\"cpu\": \"all\",", "{\"cpu\": \"all\":"),
                StandardCharsets.UTF_8);
        CliRun r = CliRun.of("import", mp.toString());
        oneLine(r, mp + ":14: expected mpstat -o JSON at column 20: found ':' where a comma or the object's closing"
                + " '}' was expected");
        Path utf = dir.resolve("latin1.json");
        Files.write(utf, "{\"format\": \"schedlab-dataset\", \"x\": \"a\u00e9\"}"
                .getBytes(StandardCharsets.ISO_8859_1));
        oneLine(CliRun.of("info", utf.toString()), utf + ":1:41: not valid JSON: a byte that is not UTF-8 text"
                + " (0x22 cannot continue the character before it); expected the file saved as UTF-8");
        Path scenario = dir.resolve("comma.json");
        Files.writeString(scenario, "{\n  \"name\": \"x\",\n  \"cpus\": 2,,\n}\n", StandardCharsets.UTF_8);
        oneLine(CliRun.of("simulate", "--scenario", scenario.toString()), scenario + ":3:13: malformed JSON:"
                + " found ',' where a field name in quotes (\"name\") was expected");
        for (CliRun any : new CliRun[] {r, CliRun.of("info", utf.toString()),
            CliRun.of("simulate", "--scenario", scenario.toString())}) {
            for (String jackson : new String[] {"Unexpected character", "code 58", "was expecting", "Invalid UTF-8"}) {
                assertFalse(any.err().contains(jackson), any.err());
            }
        }
    }

    @Test
    void aDamagedGzipIsSaidInWordsNotZlibs() throws Exception {
        byte[] raw = Files.readAllBytes(dataset());
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(b)) {
            gz.write(raw);
        }
        byte[] gz = b.toByteArray();
        Path cut = dir.resolve("cut.json.gz");
        Files.write(cut, Arrays.copyOf(gz, gz.length / 2));
        oneLine(CliRun.of("info", cut.toString()), cut + ": the gzip data ends early (cut or still being written)"
                + " at byte " + Files.size(cut) + "; the ");
        byte[] bad = gz.clone();
        for (int i = 12; i < 40; i++) {
            bad[i] = (byte) 0xff;
        }
        Path damaged = dir.resolve("bad.txt.gz");
        Files.write(damaged, bad);
        oneLine(CliRun.of("import", damaged.toString()), damaged + ":", "the gzip data is damaged");
    }

    @Test
    void anUnwritableOutNamesTheUsersPathNotTheTemporary() throws Exception {
        Path ro = dir.resolve("ro");
        Files.createDirectories(ro);
        Path out = ro.resolve("x.json");
        // a directory of the same name as the temporary makes the write fail even for root
        Files.createDirectories(ro.resolve(".x.json." + ProcessHandle.current().pid() + ".tmp"));
        CliRun r = CliRun.of("export", dataset().toString(), "--format", "json", "--out", out.toString());
        oneLine(r, out + ": cannot write");
    }
}
