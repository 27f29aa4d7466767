package org.schedlab.exampledata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.schedlab.io.DatasetJson;
import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.SliceState;

/**
 * The example dataset in the repository is exactly what its generator makes from the committed
 * recording excerpt, in both places it is shipped. Run with
 * {@code -Dschedlab.regenerateExamples=true} to rewrite both files after changing the generator.
 */
class ExampleDataTest {

    @Test
    void committedExampleFilesAreWhatTheGeneratorMakes() throws Exception {
        Dataset d = ExampleDataGenerator.generate();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        byte[] expected = out.toByteArray();
        if (Boolean.getBoolean("schedlab.regenerateExamples")) {
            for (Path p : new Path[] {ExampleDataGenerator.DATASET, ExampleDataGenerator.RESOURCE}) {
                Files.createDirectories(p.getParent());
                Files.write(p, expected);
            }
        }
        assertArrayEquals(expected, Files.readAllBytes(ExampleDataGenerator.DATASET),
                ExampleDataGenerator.DATASET + " differs from the generator's output");
        assertArrayEquals(expected, Files.readAllBytes(ExampleDataGenerator.RESOURCE),
                ExampleDataGenerator.RESOURCE + " differs from the generator's output");
        assertEquals(d, DatasetJson.read(ExampleDataGenerator.DATASET));
    }

    @Test
    void exampleShowsBothCpusBusyWithPostgresAndPgbenchOverFiftyMilliseconds() throws Exception {
        Dataset d = ExampleDataGenerator.generate();
        assertEquals(2, d.cpuCount());
        assertEquals(330_000_000_000L, d.startNs());
        assertEquals(330_050_000_000L, d.endNs());
        assertTrue(d.tasks().stream().anyMatch(t -> t.comm().equals("postgres")));
        assertTrue(d.tasks().stream().anyMatch(t -> t.comm().equals("pgbench")));
        // 905 sched_switch lines in the excerpt: one slice per switch plus the tail of each CPU
        assertEquals(905 + 2, d.sliceCount());
        assertTrue(d.marks().count(MarkKind.PREEMPTION) > 100, "prev_state=R switches become preemption marks");
        for (int cpu = 0; cpu < 2; cpu++) {
            var slices = d.cpus().get(cpu).slices();
            long busy = 0;
            for (int i = 0; i < slices.size(); i++) {
                if (slices.code(i) != SliceState.IDLE.code()) {
                    busy += slices.durationNs(i);
                }
            }
            assertTrue(busy > 40_000_000L, "cpu " + cpu + " is busy most of the window under pgbench");
        }
    }

    @Test
    void kernelThreadsAreToldApartByName() {
        assertTrue(ExampleDataGenerator.isKernelThread("kworker/1:1H"));
        assertTrue(ExampleDataGenerator.isKernelThread("ksoftirqd/0"));
        assertTrue(!ExampleDataGenerator.isKernelThread("postgres"));
    }
}
