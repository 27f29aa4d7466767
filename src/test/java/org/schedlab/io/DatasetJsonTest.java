package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.Dataset;

class DatasetJsonTest {
    @TempDir
    Path dir;

    static byte[] toJson(Dataset d) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DatasetJson.write(d, out);
        return out.toByteArray();
    }

    @Test
    void sampleSurvivesWriteAndRead() throws Exception {
        Dataset d = SampleDatasets.small();
        Dataset back = DatasetJson.read(new ByteArrayInputStream(toJson(d)), "mem.json");
        assertEquals(d, back);
        assertEquals(d.metadata().seed(), back.metadata().seed());
    }

    @Test
    void writesFormatAndVersionFirst() throws Exception {
        String json = new String(toJson(SampleDatasets.small()), StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{\n  \"format\": \"schedlab-dataset\",\n  \"version\": 1,"), json);
        assertTrue(json.contains("\"stateCodes\""), json);
        assertTrue(json.contains("\"startNs\": [1000,5000,6000,6500]"), json);
    }

    @Test
    void readsGzipByMagicBytesWhateverTheName() throws Exception {
        Dataset d = SampleDatasets.small();
        Path f = dir.resolve("no-gz-suffix.json");
        try (GZIPOutputStream gz = new GZIPOutputStream(Files.newOutputStream(f))) {
            gz.write(toJson(d));
        }
        assertEquals(d, DatasetJson.read(f));
    }

    @Test
    void writesGzipWhenTheNameEndsInGz() throws Exception {
        Dataset d = SampleDatasets.small();
        Path f = dir.resolve("run.json.gz");
        DatasetJson.write(d, f);
        byte[] head = Files.readAllBytes(f);
        assertEquals(0x1f, head[0] & 0xff);
        assertEquals(0x8b, head[1] & 0xff);
        assertEquals(d, DatasetJson.read(f));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void readLeavesTheCallersStreamOpenAndWriteFlushesIt() throws Exception {
        byte[] json = toJson(SampleDatasets.small());
        boolean[] closed = {false};
        ByteArrayInputStream in = new ByteArrayInputStream(json) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        DatasetJson.read(in, "mem.json");
        assertFalse(closed[0], "the caller owns the stream");
        assertTrue(json.length > 0 && json[json.length - 1] == '\n', "file ends with a newline");
    }

    @Test
    void failingDiskIsAnIoErrorNotAFormatError() throws Exception {
        byte[] json = toJson(SampleDatasets.small());
        InputStream failing = new InputStream() {
            private int pos;

            @Override
            public int read() throws IOException {
                if (pos == 200) {
                    throw new IOException("disk on fire");
                }
                return json[pos++] & 0xff;
            }
        };
        IOException e = assertThrows(IOException.class, () -> DatasetJson.read(failing, "disk.json"));
        assertEquals("disk on fire", e.getMessage());
    }
}
