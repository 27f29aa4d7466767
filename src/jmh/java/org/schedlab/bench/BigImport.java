package org.schedlab.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.schedlab.io.read.ImportMonitor;
import org.schedlab.io.read.ImportResult;
import org.schedlab.io.read.Importer;
import org.schedlab.io.read.RecordingSource;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskLane;

/**
 * Memory benchmark (docs/BENCHMARKS.md, "Importers"): imports a big perf sched script - about
 * 1 GB, made by repeating the real runA recording shifted in time, copy after copy - in
 * whatever heap the JVM was given, and reports time, lines per second, the largest live heap
 * seen after any GC during the import, and what the result retains. Not a test: it needs a
 * gigabyte of disk and a minute.
 *
 * <pre>
 * java -Xmx1g -cp target/test-classes:target/classes:DEPS org.schedlab.bench.BigImport \
 *     [/tmp/schedlab-big.perf-sched-script.txt [bytes]]
 * </pre>
 * The file is written first if it does not exist (never commit it).
 */
public final class BigImport {
    private static final AtomicLong PEAK_LIVE = new AtomicLong();

    private BigImport() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "/tmp/schedlab-big.perf-sched-script.txt");
        long bytes = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000_000L;
        Path source = Path.of(System.getProperty("schedlab.data", "src/test/resources/real/pgbench-local"))
                .resolve("runA_perf_sched_script.txt.gz");
        if (!Files.exists(file)) {
            generate(source, file, bytes);
        }
        watchGc();
        long size = Files.size(file);
        long maxHeap = Runtime.getRuntime().maxMemory();
        System.out.printf(Locale.ROOT, "file %s: %.1f MB; heap limit %.0f MB%n", file, size / 1e6, maxHeap / 1e6);
        long t0 = System.nanoTime();
        ImportResult r = Importer.standard().importFiles(List.of(RecordingSource.of(file)), new Progress());
        long t1 = System.nanoTime();
        Dataset d = r.dataset();
        long lines = r.report().files().get(0).lines();
        long intervals = 0;
        for (TaskLane l : d.taskLanes()) {
            intervals += l.intervals().size();
        }
        double secs = (t1 - t0) / 1e9;
        System.out.printf(Locale.ROOT, "imported %,d lines in %.1f s (%.2f M lines/s, %.0f MB/s)%n", lines, secs,
                lines / secs / 1e6, size / secs / 1e6);
        System.out.printf(Locale.ROOT, "dataset: %,d slices, %,d task-state intervals, %,d marks, %,d scheduler events,"
                + " %,d tasks%n", d.sliceCount(), intervals, d.marks().size(), r.schedEvents().size(), d.tasks().size());
        System.out.printf(Locale.ROOT, "largest live heap after a GC during the import: %.0f MB of %.0f MB%n",
                PEAK_LIVE.get() / 1e6, maxHeap / 1e6);
        long retained = settledUsedHeap();
        System.out.printf(Locale.ROOT, "retained after the import (dataset + event log): %.0f MB, %.1f bytes per line%n",
                retained / 1e6, retained / (double) lines);
        if (r.dataset().sliceCount() == 0) {
            throw new IllegalStateException("nothing imported");
        }
    }

    /** runA again and again, each copy shifted to start just after the previous one ends. */
    static void generate(Path source, Path target, long bytes) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(source)), StandardCharsets.UTF_8))) {
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                lines.add(l);
            }
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (String l : lines) {
            long t = timeUs(l);
            if (t >= 0) {
                first = Math.min(first, t);
                last = Math.max(last, t);
            }
        }
        long shiftUs = last - first + 1000;
        long written = 0;
        int copy = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target), 1 << 20)) {
            while (written < bytes) {
                for (String l : lines) {
                    byte[] b = shifted(l, copy * shiftUs).getBytes(StandardCharsets.UTF_8);
                    out.write(b);
                    out.write('\n');
                    written += b.length + 1;
                }
                copy++;
            }
        }
        System.out.printf(Locale.ROOT, "wrote %s: %d copies of runA, %.1f MB%n", target, copy, written / 1e6);
    }

    /** The timestamp field: after the first "[digits] ", spaces, then "seconds.micros:". */
    private static int[] timeField(String l) {
        int b = l.indexOf('[');
        while (b >= 0) {
            int j = b + 1;
            while (j < l.length() && Character.isDigit(l.charAt(j))) {
                j++;
            }
            if (j > b + 1 && j + 1 < l.length() && l.charAt(j) == ']' && l.charAt(j + 1) == ' ') {
                int s = j + 1;
                while (s < l.length() && l.charAt(s) == ' ') {
                    s++;
                }
                int e = s;
                while (e < l.length() && (Character.isDigit(l.charAt(e)) || l.charAt(e) == '.')) {
                    e++;
                }
                return e > s && e < l.length() && l.charAt(e) == ':' ? new int[] {s, e} : null;
            }
            b = l.indexOf('[', b + 1);
        }
        return null;
    }

    private static long timeUs(String l) {
        int[] f = timeField(l);
        if (f == null) {
            return -1;
        }
        String t = l.substring(f[0], f[1]);
        int dot = t.indexOf('.');
        return Long.parseLong(t.substring(0, dot)) * 1_000_000L + Long.parseLong(t.substring(dot + 1));
    }

    private static String shifted(String l, long byUs) {
        int[] f = timeField(l);
        if (f == null || byUs == 0) {
            return l;
        }
        long t = timeUs(l) + byUs;
        return l.substring(0, f[0]) + String.format(Locale.ROOT, "%d.%06d", t / 1_000_000L, t % 1_000_000L)
                + l.substring(f[1]);
    }

    private static final class Progress implements ImportMonitor {
        private long lastTenth = -1;

        @Override
        public void progress(String file, long bytesDone, long bytesTotal) {
            long tenth = bytesTotal > 0 ? bytesDone * 10 / bytesTotal : -1;
            if (tenth != lastTenth) {
                lastTenth = tenth;
                MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                System.out.printf(Locale.ROOT, "  %3d%%  heap used %.0f MB%n", tenth * 10, heap.getUsed() / 1e6);
            }
        }

        @Override
        public boolean cancelRequested() {
            return false;
        }
    }

    /** After every GC, the heap still in use is the live set at that moment: keep the largest. */
    private static void watchGc() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, hb) -> {
                if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long used = 0;
                for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) {
                    used += u.getUsed();
                }
                PEAK_LIVE.accumulateAndGet(used, Math::max);
            }, null, null);
        }
    }

    private static long settledUsedHeap() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
