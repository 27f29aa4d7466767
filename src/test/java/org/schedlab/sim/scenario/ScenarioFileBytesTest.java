package org.schedlab.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    @Test
    void utf16IsRecognisedAndTheFixSaid() throws Exception {
        byte[] utf16 = "{\"name\": \"x\"}".getBytes(StandardCharsets.UTF_16);
        assertEquals(dir.resolve("u16.json") + ":1:1: this is UTF-16 text; expected a scenario JSON file in UTF-8"
                + " (save it as UTF-8)", refused("u16.json", utf16));
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
}
