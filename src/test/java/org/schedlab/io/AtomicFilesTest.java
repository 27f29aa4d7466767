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
}
