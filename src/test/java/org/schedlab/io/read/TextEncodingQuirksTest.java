package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * Recordings as they arrive after a trip through other machines: saved by a Windows editor with
 * a UTF-8 byte order mark, or written through a crash that left a hole of zero bytes. They read
 * as the plain file does, whatever their size.
 */
class TextEncodingQuirksTest {
    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private static byte[] resource(String name) throws Exception {
        return Files.readAllBytes(Fixtures.path(name));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static ImportResult read(String name, byte[] content) throws ImportException {
        return Importer.standard().importFile(RecordingSource.ofBytes(name, content));
    }

    @Test
    void aByteOrderMarkBeforeTheFirstLineIsNotPartOfIt() throws Exception {
        // perf lock contention's table starts with its header: with the mark before it the file
        // was refused as "not a recording format"; pgbench, snmp and trace-cmd lost their first line
        for (String name : new String[] {"real/pgbench-local/runC_lock_contention.txt",
            "real/pgbench-local/runA_pgbench.txt", "public/netstat/node_exporter_fixture_proc_net_snmp.txt",
            "public/ftrace/lisa_trace-cmd_report.txt", "public/chrome_json/catapult_flow.json"}) {
            byte[] plain = resource(name);
            ImportResult without = read("plain", plain);
            ImportResult with = read("bom", concat(BOM, plain));
            assertEquals(without.report().format(), with.report().format(), name);
            assertEquals(without.report().events(), with.report().events(), name);
            assertEquals(without.report().skippedLines(), with.report().skippedLines(),
                    name + ": " + with.report().warnings());
            assertEquals(without.dataset().counters().size(), with.dataset().counters().size(), name);
        }
    }

    @Test
    void aByteOrderMarkIsNotGluedToTheFirstTaskName() throws Exception {
        String line = "  kworker/0:1  4242/4242 [000]   100.000001: sched:sched_waking: comm=perf pid=7 prio=120"
                + " target_cpu=000\n";
        ImportResult r = read("sched.txt", concat(BOM, line.getBytes(StandardCharsets.UTF_8)));
        assertTrue(r.dataset().tasks().stream().anyMatch(t -> t.comm().equals("kworker/0:1")),
                r.dataset().tasks().toString());
        assertTrue(r.dataset().tasks().stream().noneMatch(t -> t.comm().indexOf('\uFEFF') >= 0),
                r.dataset().tasks().toString());
    }

    @Test
    void aDatasetSavedWithAByteOrderMarkIsStillRecognisedAsADataset() throws Exception {
        // the workbench's Open asks the sniffer whether a file is a dataset before importing it
        byte[] json = concat(BOM, "{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,\n"
                .getBytes(StandardCharsets.UTF_8));
        assertTrue(ContentSniffer.sniff(RecordingSource.ofBytes("run.json", json)).isSchedLabDataset());
    }

    @Test
    void aHoleOfZeroBytesInASmallLogIsSkippedNotTakenForBinaryData() throws Exception {
        // pgbench logs are a few hundred bytes: a crash's hole fell inside the bytes that decide
        // whether a file is text, and the whole log was refused as "binary data"
        String pgbench = new String(resource("real/pgbench-local/runA_pgbench.txt"), StandardCharsets.UTF_8);
        int cut = pgbench.indexOf("progress: 5.0 s");
        byte[] holed = concat(pgbench.substring(0, cut).getBytes(StandardCharsets.UTF_8), new byte[4096],
                pgbench.substring(cut).getBytes(StandardCharsets.UTF_8));
        ImportResult plain = read("pg.txt", pgbench.getBytes(StandardCharsets.UTF_8));
        ImportResult r = read("pg.txt", holed);
        assertEquals("pgbench", r.report().format());
        assertEquals(plain.report().events(), r.report().events());
        assertEquals(0, r.report().skippedLines(), r.report().warnings().toString());
        assertTrue(r.report().warnings().stream().anyMatch(w -> w.contains("4096 NUL bytes at the start of lines")),
                r.report().warnings().toString());

        // a log that ends in the zeros a crash leaves (the size grew, the data never came)
        ImportResult tail = read("pg.txt", concat(pgbench.getBytes(StandardCharsets.UTF_8), new byte[8192]));
        assertEquals(plain.report().events(), tail.report().events(), tail.report().warnings().toString());
    }

    @Test
    void binaryFilesAreStillRefusedAsBinary() {
        byte[] elf = concat(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0}, new byte[200]);
        ImportException e = assertThrows(ImportException.class, () -> read("a.out", elf));
        assertEquals("a.out: this is binary data, not a text recording SchedLab reads", e.getMessage());
        byte[] zerosThenBinary = concat(new byte[100], new byte[] {'x', 0, 0, 1, 2, 3});
        e = assertThrows(ImportException.class, () -> read("z.bin", zerosThenBinary));
        assertTrue(e.getMessage().contains("binary data"), e.getMessage());
        assertFalse(e.getMessage().contains("empty"), e.getMessage());
    }
}
