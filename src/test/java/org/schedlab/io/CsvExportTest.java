package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;

class CsvExportTest {
    @TempDir
    Path dir;

    private List<String> lines(String name) throws Exception {
        return Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void writesOneFilePerTableIntoTheDirectory() throws Exception {
        Path out = dir.resolve("nested/out");
        List<Path> files = CsvExport.write(SampleDatasets.small(), out);
        assertEquals(List.of("slices.csv", "tasks.csv", "task-states.csv", "locks.csv", "counters.csv", "marks.csv",
                "operations.csv", "cpus.csv", "parameters.csv"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        for (Path f : files) {
            assertEquals(out, f.getParent());
        }
    }

    @Test
    void slicesHaveOneRowPerSliceWithTaskAndStateSpelledOut() throws Exception {
        Dataset d = SampleDatasets.small();
        CsvExport.write(d, dir);
        List<String> rows = lines("slices.csv");
        assertEquals("cpu,startNs,endNs,durationNs,tid,pid,comm,state,task", rows.get(0));
        assertEquals(d.sliceCount() + 1, rows.size());
        assertEquals("0,1000,5000,4000,1201,1200,postgres,user,0", rows.get(1));
        // An idle CPU has no task: empty cells, not a made-up tid.
        assertEquals("0,6000,6500,500,,,,idle,", rows.get(3));
        assertEquals("1,2000,3000,1000,1300,1300,pgbench \"quoted\" ü,fault,2", rows.get(5));
    }

    @Test
    void namesWithCommasNewlinesAndSpacesSurviveAsCsvFields() throws Exception {
        var b = Dataset.builder(org.schedlab.model.Metadata.of("t", "test"));
        b.addTask(1, 1, " lead, trail ");
        b.addTask(2, 2, "two\nlines");
        CsvExport.write(b.build(), dir);
        String text = Files.readString(dir.resolve("tasks.csv"), StandardCharsets.UTF_8);
        assertEquals("id,tid,pid,comm\n0,1,1,\" lead, trail \"\n1,2,2,\"two\nlines\"\n", text);
    }

    @Test
    void countersKeepFullPrecision() throws Exception {
        CsvExport.write(SampleDatasets.small(), dir);
        List<String> rows = lines("counters.csv");
        assertEquals("counter,unit,tNs,value", rows.get(0));
        assertEquals("tps,tx/s,1000,98565.9", rows.get(1));
        assertEquals("tps,tx/s,5000,50751.25", rows.get(2));
        assertEquals(4, rows.size(), "the empty counter adds no rows");
    }

    @Test
    void tasksLocksMarksAndTaskStatesAreWritten() throws Exception {
        CsvExport.write(SampleDatasets.small(), dir);
        assertEquals(List.of("id,tid,pid,comm", "0,1201,1200,postgres", "1,88,88,kworker/0:1",
                "2,1300,1300,pgbench \"quoted\" ü"), lines("tasks.csv"));
        List<String> locks = lines("locks.csv");
        assertEquals("lock,kind,shared,event,startNs,endNs,durationNs,tid,pid,comm,mode,task", locks.get(0));
        assertEquals("rq->lock,spinlock,false,hold,5000,6000,1000,1201,1200,postgres,,0", locks.get(1));
        assertEquals("rq->lock,spinlock,false,wait,6500,9000,2500,88,88,kworker/0:1,spin,1", locks.get(2));
        assertEquals(6, locks.size());
        List<String> marks = lines("marks.csv");
        assertEquals("tNs,kind,cpu,tid,pid,comm,note,task,wakerTid,waker", marks.get(0));
        assertEquals("5000,preemption,0,1201,1200,postgres,tick,0,,", marks.get(1));
        assertEquals("7000,bookmark,,,,,look here,,,", marks.get(3));
        List<String> states = lines("task-states.csv");
        assertEquals("tid,pid,comm,startNs,endNs,durationNs,state,task", states.get(0));
        assertEquals("1201,1200,postgres,1000,6000,5000,running,0", states.get(1));
        assertEquals(5, states.size());
    }

    @Test
    void anExportThatFailsMidWriteLeavesThePreviousTableWholeAndNoTemporaryFile() throws Exception {
        // slices.csv was truncated and rewritten in place: a full disk left half a table where the
        // previous export had been
        CsvExport.write(SampleDatasets.small(), dir);
        byte[] before = Files.readAllBytes(dir.resolve("slices.csv"));
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> CsvExport.write(SampleDatasets.small(), dir, raw -> new AtomicFilesTest.FailingAfter(raw, 20)));
        assertEquals("No space left on device", e.getMessage());
        assertEquals(new String(before, StandardCharsets.UTF_8),
                new String(Files.readAllBytes(dir.resolve("slices.csv")), StandardCharsets.UTF_8));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList());
        }
    }

    @Test
    void anExportThatFailsOnALaterTableLeavesEveryTableOfThePreviousExport() throws Exception {
        // slices, tasks and task-states were already replaced when locks.csv failed: a directory of
        // tables from two different exports
        CsvExport.write(SampleDatasets.small(), dir);
        java.util.Map<String, String> before = new java.util.HashMap<>();
        for (String n : List.of("slices.csv", "tasks.csv", "task-states.csv", "locks.csv", "counters.csv", "marks.csv")) {
            Files.writeString(dir.resolve(n), "previous " + n);
            before.put(n, "previous " + n);
        }
        int[] opened = {0};
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> CsvExport.write(
                SampleDatasets.small(), dir, raw -> ++opened[0] == 4 ? new AtomicFilesTest.FailingAfter(raw, 5) : raw));
        for (String n : List.of("slices.csv", "tasks.csv", "task-states.csv", "locks.csv", "counters.csv", "marks.csv")) {
            assertEquals(before.get(n), Files.readString(dir.resolve(n)), n);
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList());
        }
    }
}
