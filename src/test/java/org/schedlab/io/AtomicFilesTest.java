package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.workspace.Workspace;
import org.schedlab.workspace.WorkspaceFile;
import org.schedlab.workspace.WorkspaceJson;

class AtomicFilesTest {
    @TempDir
    Path dir;

    /** A disk that fills up: takes {@code limit} bytes, then fails. */
    static final class FailingAfter extends FilterOutputStream {
        private long left;

        FailingAfter(OutputStream out, long limit) {
            super(out);
            this.left = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int n = (int) Math.min(len, left);
            out.write(b, off, n);
            left -= n;
            if (n < len) {
                throw new IOException("No space left on device");
            }
        }
    }

    private List<Path> filesIn(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aSaveThatFailsMidWriteLeavesThePreviousWorkspaceAndNoTemporaryFile() throws Exception {
        Path f = dir.resolve("study.schedlab");
        Workspace before = Workspace.empty().withTab(Workspace.Tab.AB);
        WorkspaceFile.save(f, before, "t");
        byte[] previous = Files.readAllBytes(f);

        Workspace after = org.schedlab.workspace.WorkspaceFileTest.full(dir, dir);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(f,
                out -> WorkspaceJson.write(after, dir, "t", out), raw -> new FailingAfter(raw, 100)));

        assertEquals("No space left on device", e.getMessage());
        assertEquals(new String(previous), new String(Files.readAllBytes(f)));
        assertEquals(before, WorkspaceFile.read(f));
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void twoSavesOfOneFileAtOnceLeaveOneWholeFileAndBothSucceed() throws Exception {
        // the workbench saves on a pool of threads: Ctrl+S twice on a slow disk ran two saves at
        // once through the same temporary file, so the file ended up with parts of both and the
        // later rename failed ("not saved") although the file had been overwritten
        Path f = dir.resolve("study.schedlab");
        String first = "A".repeat(100_000);
        String second = "B".repeat(10);
        java.util.concurrent.CountDownLatch firstHalfWritten = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch secondWrote = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.Future<?> a = pool.submit(() -> {
                AtomicFiles.write(f, out -> {
                    out.write(first.substring(0, 50_000).getBytes());
                    out.flush();
                    firstHalfWritten.countDown();
                    try { // the second save gets its chance to write in the middle of this one
                        secondWrote.await(500, java.util.concurrent.TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                    out.write(first.substring(50_000).getBytes());
                });
                return null;
            });
            firstHalfWritten.await();
            java.util.concurrent.Future<?> b = pool.submit(() -> {
                AtomicFiles.write(f, out -> {
                    out.write(second.getBytes());
                    out.flush();
                    secondWrote.countDown();
                });
                return null;
            });
            a.get();
            b.get();
        } finally {
            pool.shutdownNow();
        }
        assertEquals(second, Files.readString(f), "the later save, whole");
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void twoProcessesSavingOneFileAtOnceLeaveOneWholeFileAndBothSucceed(@TempDir Path signals) throws Exception {
        // a workspace open in two SchedLab windows, saved in both at once: the processes shared the
        // temporary ".study.schedlab.tmp", so this one truncated and renamed the other's half-written
        // temporary, the other went on writing into what was now the saved file and then failed
        Path f = dir.resolve("study.schedlab");
        Path half = signals.resolve("half");
        Path go = signals.resolve("go");
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), AtomicFilesOtherProcess.class.getName(),
                f.toString(), half.toString(), go.toString())
                .redirectErrorStream(true).start();
        try {
            long until = System.nanoTime() + 60_000_000_000L;
            while (!Files.exists(half) && other.isAlive() && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            assertTrue(Files.exists(half), "the other process started its save");
            AtomicFiles.write(f, out -> out.write("A".repeat(10).getBytes()));
            assertEquals("A".repeat(10), Files.readString(f), "this save, whole, while the other is under way");
            Files.createFile(go);
            assertTrue(other.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            String said = new String(other.getInputStream().readAllBytes());
            assertEquals(0, other.exitValue(), said);
        } finally {
            other.destroyForcibly();
        }
        assertEquals("B".repeat(100_000), Files.readString(f), "the later save, whole");
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void aCrashedProcesssTemporaryIsRemovedAndARunningOnesIsNot() throws Exception {
        Path f = dir.resolve("w.schedlab");
        Path running = Files.writeString(dir.resolve(".w.schedlab.1.tmp"), "pid 1 runs: a save under way");
        Path gone = Files.writeString(dir.resolve(".w.schedlab.999999999.tmp"), "half a workspace from a crash");
        Path notOurs = Files.writeString(dir.resolve(".w.schedlab.notes.tmp"), "the user's");
        AtomicFiles.write(dir.resolve("other.schedlab"), out -> out.write("x".getBytes()));
        assertTrue(Files.exists(gone), "only the saved file's own left-overs are removed");
        WorkspaceFile.save(f, Workspace.empty(), "t");
        assertEquals(Workspace.empty(), WorkspaceFile.read(f));
        assertEquals(List.of(running, gone, notOurs, dir.resolve("other.schedlab"), f).stream()
                .filter(p -> !p.equals(gone)).sorted().toList(), filesIn(dir));
    }

    @Test
    void aBodyThatThrowsLeavesNoFileWhereThereWasNone() throws Exception {
        Path f = dir.resolve("new.json");
        assertThrows(IOException.class, () -> AtomicFiles.write(f, out -> {
            out.write("{\"half\":".getBytes());
            throw new IOException("interrupted");
        }));
        assertEquals(List.of(), filesIn(dir));
    }

    @Test
    void aSuccessfulWriteReplacesTheFileWhole() throws Exception {
        Path f = dir.resolve("a.txt");
        Files.writeString(f, "old content that is longer than the new");
        AtomicFiles.write(f, out -> out.write("new".getBytes()));
        assertEquals("new", Files.readString(f));
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void aLeftOverTemporaryFileFromACrashIsReplacedByTheNextSave() throws Exception {
        Path f = dir.resolve("w.schedlab");
        Files.writeString(dir.resolve(".w.schedlab.tmp"), "half a workspace from a crash");
        WorkspaceFile.save(f, Workspace.empty(), "t");
        assertEquals(Workspace.empty(), WorkspaceFile.read(f));
        assertEquals(List.of(f), filesIn(dir));
    }

    @Test
    void gzNamesAreCompressed() throws Exception {
        Path f = dir.resolve("d.json.gz");
        AtomicFiles.write(f, out -> out.write("hello".repeat(1000).getBytes()));
        byte[] b = Files.readAllBytes(f);
        assertTrue(b.length < 500 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b);
    }

    @Test
    void aDeviceOrPipeNamedAsTheOutputIsWrittenIntoNotReplaced() throws Exception {
        // "--out /dev/null" (or a name linking to it) was written beside it and renamed over it: run as
        // root, that replaced the device /dev/null itself with a JSON file. Tested through a link to
        // /dev/null, which is all the unfixed code replaced; the device stays untouched either way.
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull));
        Path link = Files.createSymbolicLink(dir.resolve("discard.json"), devNull);
        AtomicFiles.write(link, out -> out.write("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(Files.isSymbolicLink(link), "the name still leads to the device");
        assertTrue(!Files.isRegularFile(devNull), "the device is still a device");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(link), left.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void aLinkLoopIsRefusedNotReplacedByTheWrittenFile() throws Exception {
        // the workbench's exports write here too: a loop of links has no file at its end, and
        // renaming the temporary over the name replaced the link
        Path a = Files.createSymbolicLink(dir.resolve("a.json"), Path.of("b.json"));
        Path b = Files.createSymbolicLink(dir.resolve("b.json"), Path.of("a.json"));
        java.nio.file.FileSystemException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.nio.file.FileSystemException.class, () -> AtomicFiles.write(a, out -> out.write('x')));
        assertEquals(a + ": is a symbolic link loop (" + a + " -> " + b + " -> " + a + ")", e.getMessage());
        assertTrue(Files.isSymbolicLink(a) && Files.isSymbolicLink(b), "both links stay links");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temporary file left beside them");
        }
    }

    @Test
    void filesWrittenTogetherAreAllReplacedOrNoneWhenOneOfThemCannotBeWritten() throws Exception {
        // the export's tables were renamed into place one by one: a failure on the fourth left three
        // new tables beside the previous export's others
        for (String n : List.of("a.csv", "b.csv", "c.csv", "d.csv")) {
            Files.writeString(dir.resolve(n), "old " + n);
        }
        java.util.Map<Path, AtomicFiles.Body> files = new java.util.LinkedHashMap<>();
        for (String n : List.of("a.csv", "b.csv", "c.csv", "d.csv")) {
            files.put(dir.resolve(n), out -> out.write(("new " + n).getBytes()));
        }
        int[] opened = {0};
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeAll(files,
                raw -> ++opened[0] == 4 ? new FailingAfter(raw, 2) : raw));
        assertEquals("No space left on device", e.getMessage());
        for (String n : List.of("a.csv", "b.csv", "c.csv", "d.csv")) {
            assertEquals("old " + n, Files.readString(dir.resolve(n)), n);
        }
        assertEquals(4, filesIn(dir).size(), "no temporary file left: " + filesIn(dir));

        AtomicFiles.writeAll(files);
        for (String n : List.of("a.csv", "b.csv", "c.csv", "d.csv")) {
            assertEquals("new " + n, Files.readString(dir.resolve(n)), n);
        }
        assertEquals(4, filesIn(dir).size(), "no temporary file left: " + filesIn(dir));
    }

    @Test
    void aDirectoryWhereOneOfTheFilesShouldBeIsRefusedBeforeAnyIsReplaced() throws Exception {
        Files.writeString(dir.resolve("a.csv"), "old");
        Files.createDirectory(dir.resolve("b.csv"));
        java.util.Map<Path, AtomicFiles.Body> files = new java.util.LinkedHashMap<>();
        files.put(dir.resolve("a.csv"), out -> out.write("new".getBytes()));
        files.put(dir.resolve("b.csv"), out -> out.write("new".getBytes()));
        java.nio.file.FileSystemException e = assertThrows(java.nio.file.FileSystemException.class,
                () -> AtomicFiles.writeAll(files));
        assertEquals(dir.resolve("b.csv").toString(), e.getFile());
        assertEquals("is a directory", e.getReason());
        assertEquals("old", Files.readString(dir.resolve("a.csv")));
        assertEquals(List.of(dir.resolve("a.csv"), dir.resolve("b.csv")), filesIn(dir));
    }
}
