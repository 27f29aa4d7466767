package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.DatasetJson;
import org.schedlab.io.SampleDatasets;

/** The same dataset rendered twice gives the same file, byte for byte (figures go into papers and diffs). */
class RenderDeterminismTest {
    @TempDir
    Path dir;

    @Test
    void anSvgOfTheSameViewIsTheSameFileEveryTime() throws Exception {
        Path ds = dir.resolve("d.json");
        DatasetJson.write(SampleDatasets.small(), ds);
        Path a = dir.resolve("a.svg");
        Path b = dir.resolve("b.svg");
        assertEquals(0, CliRun.of("render", ds.toString(), "--out", a.toString()).exitCode());
        assertEquals(0, CliRun.of("render", ds.toString(), "--out", b.toString()).exitCode());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }
}
