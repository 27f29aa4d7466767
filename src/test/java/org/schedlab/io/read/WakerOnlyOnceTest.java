package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.io.CsvExport;
import org.schedlab.io.CsvTables;
import org.schedlab.io.DatasetFormatException;
import org.schedlab.model.Dataset;

/**
 * A waker is named for the one wake-up the recording says it made: a later wake-up of the same
 * task that no row names reads as not recorded, never as the earlier waker's; and a marks.csv
 * whose waker id is not the task of its wakerTid is refused saying where.
 */
class WakerOnlyOnceTest {
    private static final String HEAD = String.join("\n",
            "           time    cpu  task name                       wait time  sch delay   run time",
            "                        [tid/pid]                          (msec)     (msec)     (msec)",
            "--------------- ------  ------------------------------  ---------  ---------  ---------");

    @Test
    void aTimehistWakeUpNoAwakenedRowNamesDoesNotTakeTheLastOnesWaker() throws Exception {
        // timehist -w filtered to some CPUs (-C): the second wake-up's waker ran where no row was kept
        String rows = String.join("\n", HEAD,
                "     100.000100 [0000]  pgbench[123]                                          awakened: postgres[500]",
                "     100.000150 [0000]  pgbench[123]                        0.000      0.000      0.150",
                "     100.000400 [0001]  postgres[500]                       0.250      0.200      0.100",
                "     100.001400 [0001]  postgres[500]                       0.500      0.100      0.200",
                "");
        ImportResult r = Fixtures.importText("th.txt", rows);
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        List<String> postgres = WakerTest.wakeUps(r.dataset()).stream().filter(w -> w.startsWith("postgres"))
                .map(w -> w.substring(0, w.indexOf(" at "))).toList();
        assertEquals(List.of("postgres[500] by pgbench[123]", "postgres[500] by ?"), postgres);
    }

    @Test
    void aMarksCsvWakerThatIsNotTheTaskOfItsWakerTidIsRefused(@TempDir Path dir) throws Exception {
        Dataset d = WakerProbe.dataset();
        CsvExport.write(d, dir);
        List<String> rows = Files.readAllLines(dir.resolve("marks.csv"));
        int pgbench = d.marks().waker(0);
        String row = rows.get(1);
        assertTrue(row.endsWith(",123," + pgbench), row);
        // the waker's id swapped for postgres's own: tid 123 is not postgres
        int postgres = d.marks().task(0);
        Files.write(dir.resolve("marks.csv"), List.of(rows.get(0),
                row.substring(0, row.lastIndexOf(',') + 1) + postgres, rows.get(2)));
        DatasetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(DatasetFormatException.class,
                () -> CsvTables.read(dir, CsvTables.Progress.NONE));
        assertTrue(e.getMessage().contains("marks.csv:2:")
                && e.getMessage().contains("waker: expected the id of a task of tasks.csv whose tid is wakerTid 123, found "
                + postgres), e.getMessage());
    }

    /** pgbench wakes postgres, an interrupt on idle CPU 1 wakes kworker. */
    static final class WakerProbe {
        static Dataset dataset() throws Exception {
            return Fixtures.importText("perf-sched-script.txt", String.join("\n",
                    line("swapper", 0, 0, "100.000000", "sched:sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120"
                            + " prev_state=R ==> next_comm=pgbench next_pid=123 next_prio=120"),
                    line("pgbench", 123, 0, "100.000100", "sched:sched_waking: comm=postgres pid=500 prio=120 target_cpu=001"),
                    line("swapper", 0, 1, "100.000200", "sched:sched_waking: comm=kworker/1:1 pid=77 prio=120 target_cpu=001"),
                    "")).dataset();
        }

        private static String line(String comm, int tid, int cpu, String time, String event) {
            return String.format(java.util.Locale.ROOT, "%16s %7d [%03d] %12s: %s", comm, tid, cpu, time, event);
        }
    }
}
