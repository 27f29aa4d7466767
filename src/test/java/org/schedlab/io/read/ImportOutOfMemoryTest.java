package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A recording too big for the heap: the import says which file did not fit, how big the heap
 * was and how to start SchedLab with more, in one line. The error is injected (a test JVM with
 * a small heap is not possible inside the suite) by a reader that runs out while reading.
 */
class ImportOutOfMemoryTest {
    /** Takes any file and runs out of memory while reading it (or only the one named). */
    private static final class Exhausting implements RecordingReader {
        private final String runsOutOn;

        Exhausting(String runsOutOn) {
            this.runsOutOn = runsOutOn;
        }

        @Override
        public String format() {
            return "exhausting";
        }

        @Override
        public int probe(Sniff sniff) {
            return 100;
        }

        @Override
        public void read(RecordingSource source, Sniff sniff, ReadContext ctx) {
            if (runsOutOn == null || runsOutOn.equals(source.name())) {
                throw new OutOfMemoryError("Java heap space");
            }
        }
    }

    private static RecordingSource file(String name) {
        return RecordingSource.ofBytes(name, "a line\n".getBytes(StandardCharsets.UTF_8));
    }

    /**
     * What {@code importing} threw, which must say which file ran out (caught here: JUnit's
     * assertThrows passes a plain OutOfMemoryError on, which aborts the test class unreported).
     */
    private static ImportOutOfMemoryError said(Executable importing) {
        try {
            importing.execute();
        } catch (ImportOutOfMemoryError e) {
            return e;
        } catch (Throwable t) {
            fail("expected the import to say which file did not fit, but it threw " + t);
        }
        return fail("expected the import to run out of memory");
    }

    @Test
    void runningOutOfHeapNamesTheFileTheHeapAndHowToGiveMore() {
        Importer importer = new Importer(List.of(new Exhausting(null)));
        ImportOutOfMemoryError e = said(() -> importer.importFiles(List.of(file("/data/big.txt")), ImportMonitor.NONE));
        assertEquals("/data/big.txt", e.file());
        assertEquals(Runtime.getRuntime().maxMemory(), e.heapLimitBytes());
        String msg = e.getMessage();
        assertTrue(msg.startsWith("/data/big.txt: out of memory: the recording does not fit in the Java heap"
                + " (limited to " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB)"), msg);
        String xmx = ImportOutOfMemoryError.largerHeapOption(Runtime.getRuntime().maxMemory());
        assertTrue(msg.contains("java " + xmx + " -jar schedlab.jar") && msg.contains("JAVA_TOOL_OPTIONS=" + xmx), msg);
        assertEquals(1, msg.lines().count(), msg);
        assertSame(OutOfMemoryError.class, e.getCause().getClass());
    }

    @Test
    void filesReadTogetherAreNamedTogether() {
        Importer importer = new Importer(List.of(new Exhausting("b.txt")));
        ImportOutOfMemoryError e = said(() -> importer.importFiles(List.of(file("a.txt"), file("b.txt")),
                ImportMonitor.NONE));
        // the heap held a.txt's data too when b.txt's ran out: together they did not fit
        assertEquals("a.txt + b.txt", e.file());
        assertTrue(e.getMessage().startsWith("a.txt + b.txt: out of memory"), e.getMessage());
    }

    @Test
    void theSuggestedHeapIsTwiceTheOneThatRanOutInWholeGigabytes() {
        assertEquals("-Xmx2g", ImportOutOfMemoryError.largerHeapOption(100L << 20));
        assertEquals("-Xmx2g", ImportOutOfMemoryError.largerHeapOption(1L << 30));
        assertEquals("-Xmx3g", ImportOutOfMemoryError.largerHeapOption(1_500L << 20));
        assertEquals("-Xmx8g", ImportOutOfMemoryError.largerHeapOption(4L << 30));
    }
}
