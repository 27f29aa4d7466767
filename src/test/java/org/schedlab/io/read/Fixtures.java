package org.schedlab.io.read;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The real recordings under src/test/resources, as paths and sources. */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path path(String resource) {
        URL url = Fixtures.class.getResource("/" + resource);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + resource);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static RecordingSource source(String resource) {
        return RecordingSource.of(path(resource));
    }

    public static ImportResult importAll(String... resources) throws ImportException {
        List<RecordingSource> sources = new ArrayList<>();
        for (String r : resources) {
            sources.add(source(r));
        }
        return Importer.standard().importFiles(sources, ImportMonitor.NONE);
    }

    /** Imports text given inline, as a file called {@code name}. */
    public static ImportResult importText(String name, String text) throws ImportException {
        return Importer.standard().importFile(RecordingSource.ofBytes(name,
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    public static byte[] gzip(byte[] plain) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
            gz.write(plain);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    /** A monitor that asks to cancel from its {@code checks + 1}-th cancel check on. */
    public static ImportMonitor cancelAfter(int checks) {
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        return new ImportMonitor() {
            @Override
            public void progress(String file, long bytesDone, long bytesTotal) {
            }

            @Override
            public boolean cancelRequested() {
                return made.incrementAndGet() > checks;
            }
        };
    }

    public static final String RUN_A_SCRIPT = "real/pgbench-local/runA_perf_sched_script.txt.gz";
}
