package org.schedlab.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPOutputStream;

/**
 * Writing an output file so that it appears complete or not at all: written to a temporary file
 * beside the target, flushed and forced to disk, then renamed over it in one step (gzip-compressed
 * when the name ends in {@code .gz}). A failed or interrupted write - an exception, a full disk, a
 * crash before the rename - leaves the previous file as it was and no temporary file behind
 * (a crash itself may leave one, which the next save of that file removes).
 */
public final class AtomicFiles {
    /** What goes into the file; the stream is buffered, and closed by the caller of the body. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes of one target share its temporary file, so two at once (Ctrl+S twice while the disk
     * is slow: the workbench saves on a pool of threads) truncated each other's temporary, left a
     * file with parts of both and failed the later rename. Writes of the same target in this
     * process take their turn; other targets seldom wait (a lock per stripe of names, 64 stripes).
     */
    private static final ReentrantLock[] STRIPES = new ReentrantLock[64];

    static {
        for (int i = 0; i < STRIPES.length; i++) {
            STRIPES[i] = new ReentrantLock();
        }
    }

    private AtomicFiles() {
    }

    public static void write(Path file, Body body) throws IOException {
        write(file, body, UnaryOperator.identity());
    }

    /**
     * The write with the file's raw stream passed through {@code wrap} first: the seam through
     * which tests make the disk fail after some bytes.
     */
    static void write(Path file, Body body, UnaryOperator<OutputStream> wrap) throws IOException {
        Path abs = target(file);
        if (Files.exists(abs) && !Files.isRegularFile(abs) || namesDescriptor(abs)) {
            // a device or pipe (--out /dev/null, /dev/stdout): renaming over it would replace the
            // device itself (as root) or the link naming it; it cannot be "complete or absent" anyway
            writeInto(abs, body, wrap);
            return;
        }
        Path tmp = temporary(abs);
        List<ReentrantLock> held = lock(List.of(abs));
        try {
            writeTemporary(tmp, abs, body, wrap);
            moveIntoPlace(tmp, abs);
            forceDirectory(abs.getParent());
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } finally {
                unlock(held);
            }
        }
    }

    /** Takes the locks of {@code targets} in one order (so two writes of several files cannot deadlock). */
    private static List<ReentrantLock> lock(java.util.Collection<Path> targets) throws java.io.InterruptedIOException {
        java.util.SortedSet<Integer> stripes = new java.util.TreeSet<>();
        for (Path t : targets) {
            stripes.add(Math.floorMod(t.hashCode(), STRIPES.length));
        }
        List<ReentrantLock> held = new java.util.ArrayList<>();
        try {
            for (int i : stripes) {
                STRIPES[i].lockInterruptibly();
                held.add(STRIPES[i]);
            }
        } catch (InterruptedException e) {
            unlock(held);
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for another write of the file to end");
        }
        return held;
    }

    private static void unlock(List<ReentrantLock> held) {
        for (int i = held.size() - 1; i >= 0; i--) {
            held.get(i).unlock();
        }
    }

    /**
     * Several files that only make sense together (the tables of one CSV export, a sweep's
     * summary and its points) written so that all of them are replaced or none is, as near as
     * the file system allows: every file is written to its temporary beside the target and forced
     * to disk first, and only when all of them are there are they renamed over their targets, one
     * after the other. A failure before that - a full disk, a body that throws, a target that is a
     * directory (refused before anything is written) - leaves every previous file as it was and no
     * temporary behind. Only a rename failing part way (which a target that was checked and a
     * temporary in the same directory leave no ordinary reason for) could mix old and new. Targets
     * that are devices or pipes are written into after the renames, as {@link #write} does.
     *
     * @param files the targets and their content, written and renamed in this map's order
     */
    public static void writeAll(Map<Path, Body> files) throws IOException {
        writeAll(files, UnaryOperator.identity());
    }

    /** As {@link #writeAll(Map)}, each file's raw stream passed through {@code wrap} (the tests' full disk). */
    static void writeAll(Map<Path, Body> files, UnaryOperator<OutputStream> wrap) throws IOException {
        Map<Path, Body> regular = new LinkedHashMap<>();
        Map<Path, Body> devices = new LinkedHashMap<>();
        for (Map.Entry<Path, Body> e : files.entrySet()) {
            Path abs = target(e.getKey());
            if (Files.isDirectory(abs)) {
                // found before any file is written: the rename would fail only after some had been replaced
                throw new FileSystemException(e.getKey().toString(), null, "is a directory");
            }
            (Files.exists(abs) && !Files.isRegularFile(abs) || namesDescriptor(abs) ? devices : regular)
                    .put(abs, e.getValue());
        }
        Map<Path, Path> staged = new LinkedHashMap<>(); // target -> its temporary, fully written
        List<ReentrantLock> held = lock(regular.keySet());
        try {
            for (Map.Entry<Path, Body> e : regular.entrySet()) {
                Path tmp = temporary(e.getKey());
                staged.put(e.getKey(), tmp);
                writeTemporary(tmp, e.getKey(), e.getValue(), wrap);
            }
            Set<Path> dirs = new LinkedHashSet<>();
            for (Map.Entry<Path, Path> e : staged.entrySet()) {
                moveIntoPlace(e.getValue(), e.getKey());
                dirs.add(e.getKey().getParent());
            }
            dirs.forEach(AtomicFiles::forceDirectory);
        } finally {
            try {
                for (Path tmp : staged.values()) {
                    Files.deleteIfExists(tmp);
                }
            } finally {
                unlock(held);
            }
        }
        for (Map.Entry<Path, Body> e : devices.entrySet()) {
            writeInto(e.getKey(), e.getValue(), wrap);
        }
    }

    /**
     * Where {@code abs} is written before it is renamed into place: hidden, in the same directory
     * (so the rename stays on one file system), with the target's name in it so a left-over after a
     * crash says what it was, and this process's id. The stripes above only order the writes of
     * one process: two SchedLab processes saving one file (a workspace open in two windows) shared
     * ".name.tmp", so one truncated and renamed the other's half-written temporary and the file
     * ended up with parts of both. Left-overs of processes that no longer run are removed first.
     */
    private static Path temporary(Path abs) {
        removeLeftOvers(abs);
        return abs.getParent().resolve(temporaryPrefix(abs) + ProcessHandle.current().pid() + ".tmp");
    }

    private static String temporaryPrefix(Path abs) {
        return "." + abs.getFileName() + ".";
    }

    /**
     * Deletes the temporaries of {@code abs} that a crash left: those named for a process that is
     * no longer running, and ".name.tmp" (what SchedLab wrote before process ids were in the name).
     */
    private static void removeLeftOvers(Path abs) {
        Path dir = abs.getParent();
        String prefix = temporaryPrefix(abs);
        try {
            deleteIfRegular(dir.resolve(prefix + "tmp"));
        } catch (IOException e) {
            // the same: best effort
        }
        try (java.nio.file.DirectoryStream<Path> siblings = Files.newDirectoryStream(dir,
                p -> leftOverPid(p.getFileName().toString(), prefix) > 0)) {
            for (Path p : siblings) {
                long pid = leftOverPid(p.getFileName().toString(), prefix);
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue; // another SchedLab's write in progress (or a reused pid: left alone)
                }
                deleteIfRegular(p);
            }
        } catch (IOException e) {
            // best effort: a directory that cannot be listed fails the write itself, which says why
        }
    }

    /** A left-over is a file SchedLab wrote; a directory or link of that name is someone else's. */
    private static void deleteIfRegular(Path p) throws IOException {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(p);
        }
    }

    /** The process id in ".name.PID.tmp", or -1 when {@code file} is not a temporary of that name. */
    private static long leftOverPid(String file, String prefix) {
        if (!file.startsWith(prefix) || !file.endsWith(".tmp")) {
            return -1;
        }
        String digits = file.substring(prefix.length(), file.length() - ".tmp".length());
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(digits);
    }

    /** Writes {@code body} into {@code tmp} (gzip-compressed when {@code target}'s name ends in .gz) and forces it to disk. */
    private static void writeTemporary(Path tmp, Path target, Body body, UnaryOperator<OutputStream> wrap)
            throws IOException {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            OutputStream raw = new BufferedOutputStream(wrap.apply(unclosing(Channels.newOutputStream(ch))),
                    1 << 16);
            writeBody(raw, target, body);
            raw.flush();
            ch.force(true); // the bytes are on disk before the name points at them
        }
    }

    private static void moveIntoPlace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Where writing {@code file} should land: the file a symbolic link names (following a chain of
     * them), else the file itself, as an absolute path. Renaming the temporary over the link
     * replaced the link with a regular file and left its target stale.
     */
    public static Path target(Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        for (int hops = 0; hops < SymbolicLinks.MAX_HOPS && Files.isSymbolicLink(abs); hops++) {
            Path link = Files.readSymbolicLink(abs);
            Path next = abs.getParent() == null ? link.toAbsolutePath() : abs.getParent().resolve(link);
            if (namesDescriptor(abs) || !Files.exists(next, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && Files.exists(abs) && !Files.isRegularFile(abs) && !Files.isDirectory(abs)) {
                // a /proc/PID/fd link to a pipe or socket (--out /dev/stdout | gzip): its text,
                // "pipe:[123]", is no path, but opening the link reaches the pipe. Followed, it
                // named a file in /proc/self/fd to rename a temporary over: "no such file". To
                // a file (--out /dev/stdout >> log), the rename replaced the log with the data
                return abs;
            }
            abs = next;
        }
        if (Files.isSymbolicLink(abs)) {
            // a loop leads to no file: the rename would replace the link the user named
            throw new java.nio.file.FileSystemException(file.toString(), null,
                    SymbolicLinks.loop(file).orElse("is a symbolic link loop"));
        }
        return abs;
    }

    /**
     * Whether {@code file} is a link in a {@code /proc/PID/fd} directory ({@code /dev/stdout},
     * {@code /dev/fd/1} and {@code /proc/self/fd/1} lead there): an open file of a process, which
     * is written into where it stands - a file the shell opened with {@code >>} is appended to,
     * not replaced - never renamed over.
     */
    public static boolean namesDescriptor(Path file) {
        try {
            Path abs = file.toAbsolutePath();
            for (int hops = 0; hops < SymbolicLinks.MAX_HOPS && Files.isSymbolicLink(abs); hops++) {
                Path dir = abs.getParent();
                if (dir == null) {
                    return false;
                }
                if (dir.toRealPath().toString().matches("/proc/[^/]+(/task/[^/]+)?/fd")) {
                    return true;
                }
                abs = dir.resolve(Files.readSymbolicLink(abs)); // /dev/stdout -> /proc/self/fd/1
            }
            return false;
        } catch (IOException | RuntimeException notThere) {
            return false; // no /proc (Windows, macOS): an ordinary name
        }
    }

    /** Streams straight into what the name leads to, gzip-compressed as a file of that name would be. */
    private static void writeInto(Path target, Body body, UnaryOperator<OutputStream> wrap) throws IOException {
        // an open file of this process (stdout redirected to a file) keeps what is before its end:
        // the shell truncated it for ">", and ">>" asked for the data to follow what is there
        OutputStream opened = namesDescriptor(target) && Files.isRegularFile(target)
                ? Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                : Files.newOutputStream(target);
        try (OutputStream raw = new BufferedOutputStream(wrap.apply(opened), 1 << 16)) {
            writeBody(raw, target, body);
        }
    }

    /** {@code body} into {@code out}, gzip-compressed when {@code target}'s name ends in .gz. */
    private static void writeBody(OutputStream out, Path target, Body body) throws IOException {
        if (target.getFileName().toString().endsWith(".gz")) {
            GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16);
            body.writeTo(gz);
            gz.finish();
        } else {
            body.writeTo(out);
        }
    }

    /** Makes the rename itself durable where the platform allows opening a directory (Linux). */
    private static void forceDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // Windows cannot open a directory; the rename is as durable as that file system makes it
        }
    }

    /** The channel is closed by the try-with-resources after the force, not by the body's streams. */
    private static OutputStream unclosing(OutputStream out) {
        return new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }
}
