package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Formats are recognised by content, plain or gzip, whatever the file is called. */
class ContentDetectionTest {
    private static final String SWITCH = "            perf  7396 [000]   329.519891:       sched:sched_switch: "
            + "prev_comm=perf prev_pid=7396 prev_prio=120 prev_state=D ==> next_comm=migration/0 next_pid=18 next_prio=0\n";

    @Test
    void gzipIsRecognisedByItsMagicBytesNotItsName() throws Exception {
        byte[] gz = Fixtures.gzip(SWITCH.getBytes(StandardCharsets.UTF_8));
        Sniff s = ContentSniffer.sniff(RecordingSource.ofBytes("trace.txt", gz));
        assertTrue(s.gzip());
        assertFalse(s.binary());
        assertTrue(s.headLines().get(0).contains("sched_switch"));
        ImportResult r = Importer.standard().importFile(RecordingSource.ofBytes("no-extension", gz));
        assertEquals("perf-sched-script", r.report().format());
    }

    @Test
    void aBinaryPerfDataFileIsRefusedWithAHintToRunPerfScript() {
        byte[] perfData = "PERFILE2\u0000\u0001\u0002binary".getBytes(StandardCharsets.ISO_8859_1);
        ImportException e = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes("perf.data", perfData)));
        assertEquals("perf.data: this is perf.data (binary perf recording), not a text recording SchedLab reads;"
                + " run `perf sched script > sched.txt` (or `perf script`) and open the text", e.getMessage());
    }

    @Test
    void aBinaryTraceDatOrCaptureIsRefusedWithTheCommandThatMakesItsText() throws Exception {
        byte[] traceDat = "\u0017\bDtracing6\u0000\u0001binary".getBytes(StandardCharsets.ISO_8859_1);
        ImportException t = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes("trace.dat", traceDat)));
        assertTrue(t.getMessage().endsWith("; run `trace-cmd report -i trace.dat > trace.txt` and open the text"),
                t.getMessage());
        byte[] pcap = {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2, (byte) 0xa1, 2, 0, 4, 0, 0, 0, 0, 0};
        ImportException p = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes("capture.pcap", pcap)));
        String m = p.getMessage();
        assertTrue(m.startsWith("capture.pcap: this is pcap capture, not a text recording SchedLab reads; for its TCP"
                + " analysis, run `tshark -r CAPTURE -T fields"), m);
        // what the suggested command prints is a file SchedLab reads: its header and a row of it
        String fields = m.substring(m.indexOf("-e frame.time_relative"), m.indexOf(" > tcp.csv"));
        java.util.List<String> header = new java.util.ArrayList<>();
        for (String f : fields.split(" ")) {
            if (!f.equals("-e")) {
                header.add(f);
            }
        }
        String csv = String.join(",", header) + "\n0.000000000,,,,,\n0.000120000,1,,,,\n0.000250000,,1,,1,\n";
        ImportResult r = Fixtures.importText("tcp.csv", csv);
        assertEquals("wireshark-csv", r.report().format());
        assertEquals("1", r.dataset().metadata().parameters().get("tcp.dupAcks"));
        assertEquals("1", r.dataset().metadata().parameters().get("tcp.fastRetrans"));
    }

    @Test
    void utf16TextIsNamedAsSuchInsteadOfMisread() {
        byte[] utf16 = "\uFEFFhello".getBytes(StandardCharsets.UTF_16LE);
        ImportException e = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes("x.txt", utf16)));
        assertTrue(e.getMessage().contains("UTF-16"), e.getMessage());
    }

    @Test
    void utf16TextWithoutAByteOrderMarkIsNamedAsSuchTooNotAsBinaryData() {
        // Java's and some Windows tools' UTF-16 has no BOM: every other byte is 0, which read as
        // "binary data" and left the user to guess the encoding
        String text = "progress: 1.0 s, 2347.3 tps, lat 6.017 ms stddev 3.354, 0 failed\n";
        for (java.nio.charset.Charset cs : List.of(StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE)) {
            byte[] utf16 = text.repeat(3).getBytes(cs);
            ImportException e = assertThrows(ImportException.class,
                    () -> Importer.standard().importFile(RecordingSource.ofBytes("pg.txt", utf16)));
            assertEquals("pg.txt: this is UTF-16 text (save it as UTF-8), not a text recording SchedLab reads",
                    e.getMessage(), cs.name());
        }
        byte[] zeros = new byte[64];
        zeros[1] = 'x';
        ImportException e = assertThrows(ImportException.class,
                () -> Importer.standard().importFile(RecordingSource.ofBytes("z.bin", zeros)));
        assertTrue(e.getMessage().contains("binary data"), "zeros are no text: " + e.getMessage());
    }

    @Test
    void anUnknownTextFileIsRefusedQuotingItsFirstLine() {
        ImportException e = assertThrows(ImportException.class,
                () -> Fixtures.importText("notes.txt", "# my notes\nshopping list: eggs\n"));
        assertEquals("notes.txt", e.file());
        assertEquals(0, e.line());
        assertTrue(e.getMessage().startsWith("notes.txt: not a recording format SchedLab reads (first line: "
                + "\"shopping list: eggs\")"), e.getMessage());
    }

    @Test
    void anEmptyFileIsRefusedAsEmpty() {
        ImportException e = assertThrows(ImportException.class, () -> Fixtures.importText("empty.txt", ""));
        assertEquals("empty.txt: the file is empty (no recording in it)", e.getMessage());
    }

    @Test
    void eachSampleFormatGoesToItsReader() throws Exception {
        Importer imp = Importer.standard();
        String[][] cases = {
            {"real/pgbench-local/runA_perf_sched_script.txt.gz", "perf-sched-script"},
            {"real/pgbench-local/runA_timehist.txt.gz", "perf-sched-timehist"},
            {"real/pgbench-local/runA_pgbench.txt", "pgbench"},
            {"real/pgbench-local/nstat_snapshot.txt", "nstat"},
            {"real/pgbench-local/runC_perf_lock_script.txt", "perf-sched-script"},
            {"real/pgbench-local/runC_lock_contention.txt", "perf-lock-contention"},
            {"public/runqlat/bcc_runqlat_example.txt", "runqlat"},
            {"public/runqlat/bpftrace_runqlat_example.txt", "runqlat"},
            {"public/ycsb/depdx_LOG8430_outputRun_workloada.txt", "ycsb"},
            {"public/chrome_json/catapult_flow.json", "chrome-trace"},
            {"public/lock/bcc_klockstat_example.txt", "perf-lock-contention"},
            {"public/netstat/node_exporter_fixture_proc_net_snmp.txt", "nstat"},
        };
        for (String[] c : cases) {
            RecordingReader r = imp.detect(ContentSniffer.sniff(Fixtures.source(c[0])));
            assertEquals(c[1], r.format(), c[0]);
        }
    }
}
