package org.schedlab.io;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A second SchedLab process for {@link AtomicFilesTest}: saves {@code target} with 100,000 'B's,
 * creating {@code half} once the first half is written and waiting for {@code go} (at most 20 s)
 * before writing the rest. Exits 0 when the save succeeded, 1 with the reason on stderr when not.
 */
final class AtomicFilesOtherProcess {
    private AtomicFilesOtherProcess() {
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        Path half = Path.of(args[1]);
        Path go = Path.of(args[2]);
        try {
            AtomicFiles.write(target, out -> {
                out.write("B".repeat(50_000).getBytes());
                out.flush();
                Files.createFile(half);
                long until = System.nanoTime() + 20_000_000_000L;
                while (!Files.exists(go) && System.nanoTime() < until) {
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                }
                out.write("B".repeat(50_000).getBytes());
            });
        } catch (Exception e) {
            System.err.println("the other process's save failed: " + e);
            System.exit(1);
        }
    }
}
