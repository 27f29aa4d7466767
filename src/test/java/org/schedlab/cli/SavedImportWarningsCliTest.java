package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset saved by {@code import --out} from a recording the import warned about: {@code render}
 * and {@code info} on the saved file name the warnings as they do for the recording itself. The
 * saved file's picture, pasted into a thread, said nothing of the events its recording misses.
 */
class SavedImportWarningsCliTest {
    private static final String WARNING = "sched.txt: 1 of 3 lines not understood (line 2)";
    /** Two switches with a line perf never writes between them: one warning, naming line 2. */
    private static final String WARNED = "            perf  7396 [000]   329.519891:       sched:sched_switch:"
            + " prev_comm=perf prev_pid=7396 prev_prio=120 prev_state=R ==> next_comm=sh next_pid=9 next_prio=120\n"
            + "garbage\n"
            + "              sh     9 [000]   329.519991:       sched:sched_switch: prev_comm=sh prev_pid=9"
            + " prev_prio=120 prev_state=S ==> next_comm=perf next_pid=7396 next_prio=120\n";

    @TempDir
    Path dir;
    private Path recording;
    private Path saved;
    private CliRun importRun;

    @BeforeEach
    void importIt() throws Exception {
        recording = dir.resolve("sched.txt");
        Files.writeString(recording, WARNED, StandardCharsets.UTF_8);
        saved = dir.resolve("saved.json");
        importRun = ok("import", recording.toString(), "--out", saved.toString());
        assertTrue(importRun.err().contains("schedlab: warning: " + dir.resolve(WARNING)), importRun.err());
    }

    private static CliRun ok(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
        return r;
    }

    @Test
    void theSavedFilesPictureNamesTheWarningsAsTheRecordingsDoes() throws Exception {
        Path svg = dir.resolve("saved.svg");
        CliRun render = ok("render", saved.toString(), "--out", svg.toString(), "--width", "1600");
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains(">import warning: " + WARNING + "; first: line 2:"), text);
        // on stderr as import said it
        assertEquals(importRun.err(), render.err());
    }

    @Test
    void infoNamesThem() throws Exception {
        String out = ok("info", saved.toString()).out();
        assertTrue(out.contains("\nwarnings    1 from the import\n            " + dir.resolve("sched.txt")
                + ": 1 of 3 lines not"), out);
        String direct = ok("info", recording.toString()).out();
        assertEquals(out.substring(out.indexOf("\nwarnings")), direct.substring(direct.indexOf("\nwarnings")),
                "as info on the recording says them");

        JsonNode json = new ObjectMapper().readTree(ok("info", saved.toString(), "--json").out());
        assertEquals(1, json.get("importWarnings").size(), json.toString());
        assertTrue(json.get("importWarnings").get(0).asText().startsWith(dir.resolve(WARNING).toString()),
                json.toString());

        // a dataset no import warned about: no row, an empty list
        Path clean = dir.resolve("clean.json");
        ok("export", saved.toString(), "--format", "json", "--out", clean.toString());
        ObjectMapper mapper = new ObjectMapper();
        JsonNode tree = mapper.readTree(clean.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("metadata")).remove("importWarnings");
        mapper.writeValue(clean.toFile(), tree);
        assertTrue(!ok("info", clean.toString()).out().contains("warnings"));
        assertEquals(0, new ObjectMapper().readTree(ok("info", clean.toString(), "--json").out())
                .get("importWarnings").size());
    }
}
