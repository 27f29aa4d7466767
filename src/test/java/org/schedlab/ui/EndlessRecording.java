package org.schedlab.ui;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A perf sched script that never ends: two CPUs switching between two tasks every 10 us, made
 * up as it is read. Only a cancel can stop an import of it, which is what the cancel tests need;
 * it records whether the reader closed it and how much was read.
 */
final class EndlessRecording extends InputStream {
    final AtomicBoolean closed = new AtomicBoolean();
    final AtomicLong bytesServed = new AtomicLong();
    private byte[] line = new byte[0];
    private int pos;
    private long n;

    /** Every stream the source handed out (the importer opens a file once to sniff it, once to read it). */
    static final class Opened {
        final java.util.List<EndlessRecording> streams = new java.util.concurrent.CopyOnWriteArrayList<>();

        EndlessRecording last() {
            return streams.get(streams.size() - 1);
        }
    }

    static DatasetSource source(Opened opened) {
        return new DatasetSource("endless.txt", "/nowhere/endless.txt", () -> {
            EndlessRecording r = new EndlessRecording();
            opened.streams.add(r);
            return r;
        }, () -> -1);
    }

    private void nextLine() {
        long tUs = 1_000_000 + n * 10;
        int cpu = (int) (n % 2);
        int prev = 100 + (int) ((n / 2) % 2);
        int next = 201 - prev;
        String s = String.format("            work %5d [%03d] %6d.%06d: sched:sched_switch: prev_comm=work prev_pid=%d"
                + " prev_prio=120 prev_state=R ==> next_comm=work next_pid=%d next_prio=120%n",
                prev, cpu, tUs / 1_000_000, tUs % 1_000_000, prev + cpu * 10, next + cpu * 10);
        line = s.getBytes(StandardCharsets.US_ASCII);
        pos = 0;
        n++;
    }

    @Override
    public int read() {
        if (closed.get()) {
            return -1;
        }
        if (pos == line.length) {
            nextLine();
        }
        bytesServed.incrementAndGet();
        return line[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (closed.get()) {
            return -1;
        }
        int done = 0;
        while (done < len) {
            if (pos == line.length) {
                nextLine();
            }
            int k = Math.min(len - done, line.length - pos);
            System.arraycopy(line, pos, b, off + done, k);
            pos += k;
            done += k;
        }
        bytesServed.addAndGet(done);
        return done;
    }

    @Override
    public void close() {
        closed.set(true);
    }
}
