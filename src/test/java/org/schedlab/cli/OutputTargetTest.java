package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --out through a symbolic link writes its target; a device such as /dev/null is written into. */
class OutputTargetTest {
    @TempDir
    Path dir;

    private Path dataset() throws Exception {
        return CliRun.smallDataset(dir, "small.json");
    }

    @Test
    void aLinkIsWrittenThroughNotReplacedByAFile() throws Exception {
        Path in = dataset();
        Files.createDirectories(dir.resolve("real"));
        Path png = dir.resolve("real/picture.png");
        Files.writeString(png, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), Path.of("real/picture.png"));
        CliRun r = CliRun.of("render", in.toString(), "--out", link.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link is still a link");
        assertTrue(Files.size(png) > 1000, "its target has the picture");

        Path json = dir.resolve("real/copy.json");
        Files.writeString(json, "old");
        Path jsonLink = Files.createSymbolicLink(dir.resolve("copy.json"), json);
        CliRun e = CliRun.of("export", in.toString(), "--format", "json", "--out", jsonLink.toString());
        assertEquals(0, e.exitCode(), e.err());
        assertTrue(Files.isSymbolicLink(jsonLink));
        assertTrue(Files.readString(json).startsWith("{"), "the dataset went to the link's target");
        try (var files = Files.list(dir.resolve("real"))) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary left");
        }
    }

    @Test
    void aLinkLoopAsTheOutputIsRefusedNotReplacedByAFile() throws Exception {
        // with no file at its end, the rename of the temporary replaced the link the user named
        Path in = dataset();
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.createSymbolicLink(a, Path.of("b.json"));
        Files.createSymbolicLink(b, Path.of("a.json"));
        CliRun r = CliRun.of("export", in.toString(), "--format", "json", "--out", a.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + a + ": is a symbolic link loop (" + a + " -> " + b + " -> " + a + "); expected"
                + " a file name for --format json" + System.lineSeparator(), r.err());
        assertTrue(Files.isSymbolicLink(a), "the link is still a link");
    }

    @Test
    void devNullIsAcceptedAsAnOutput() throws Exception {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull));
        CliRun r = CliRun.of("render", dataset().toString(), "--out", "/dev/null");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("wrote /dev/null"), r.out());
        assertFalse(Files.isRegularFile(devNull), "the device is still a device");
        CliRun e = CliRun.of("export", dataset().toString(), "--format", "chrome", "--out", "/dev/null");
        assertEquals(0, e.exitCode(), e.err());
        CliRun csv = CliRun.of("export", dataset().toString(), "--format", "csv", "--out", "/dev/null");
        assertEquals(2, csv.exitCode(), csv.err());
        assertTrue(csv.err().contains("/dev/null: is a device or pipe, expected a directory for --format csv"), csv.err());
        CliRun sweep = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1", "--out", "/dev/null");
        assertEquals(2, sweep.exitCode(), sweep.err());
        assertEquals("schedlab: /dev/null: is a device or pipe; expected a directory for the results", sweep.err().strip());
    }

    @Test
    void aFileWhereADirectoryShouldBeIsNamedAsSuch() throws Exception {
        Path file = dir.resolve("afile");
        Files.writeString(file, "x");
        CliRun r = CliRun.of("render", dataset().toString(), "--out", file.resolve("x.png").toString());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains(file + " is a file, not a directory"), r.err());
        assertFalse(r.err().contains("does not exist"), r.err());
    }

    @Test
    void aFileAmongTheParentsIsNamedNotADirectoryThatDoesNotExist() throws Exception {
        Path file = dir.resolve("afile");
        Files.writeString(file, "x");
        Path deep = file.resolve("sub");
        CliRun csv = CliRun.of("export", dataset().toString(), "--format", "csv", "--out", deep.toString());
        assertEquals(2, csv.exitCode(), csv.err());
        assertTrue(csv.err().contains(deep + ": cannot create directory: " + file + " is a file, not a directory"),
                csv.err());
        CliRun json = CliRun.of("export", dataset().toString(), "--format", "json", "--out",
                deep.resolve("x.json").toString());
        assertTrue(json.err().contains(file + " is a file, not a directory"), json.err());
        CliRun sweep = CliRun.of("sweep", "--scenario", "teach-fair-share", "--vary", "cpus=1", "--out", deep.toString());
        assertEquals(2, sweep.exitCode(), sweep.err());
        assertTrue(sweep.err().contains(file + " is a file, not a directory"), sweep.err());
    }

    @Test
    void aCsvExportWithOneTableNameTakenByADirectoryReplacesNoTable() throws Exception {
        // slices, tasks and task-states were replaced before locks.csv failed, counters.csv kept the
        // previous export's: exit 2 over a directory of two exports mixed
        Path out = dir.resolve("csv");
        Files.createDirectories(out.resolve("locks.csv"));
        Files.writeString(out.resolve("slices.csv"), "OLD");
        Files.writeString(out.resolve("counters.csv"), "OLD");
        CliRun r = CliRun.of("export", dataset().toString(), "--format", "csv", "--out", out.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("schedlab: " + out.resolve("locks.csv") + ": is a directory, expected a CSV table of --format csv"
                + " (no file was written)", r.err().strip());
        assertEquals("OLD", Files.readString(out.resolve("slices.csv")));
        assertEquals("OLD", Files.readString(out.resolve("counters.csv")));
        try (var files = Files.list(out)) {
            assertEquals(3, files.count(), "nothing else written");
        }
    }

    @Test
    void aPipeNamedByItsProcLinkAsDevStdoutIsWrittenInto() throws Exception {
        // `export ... --out /dev/stdout | gzip`: /dev/stdout -> /proc/self/fd/1 -> "pipe:[123]", which
        // is no path; followed as a link it ended in "cannot write: no such file or directory".
        // A child's stdin pipe stands for it: /proc/PID/fd/0 is the same kind of link
        Path in = dataset();
        Process cat;
        try {
            cat = new ProcessBuilder("cat").start();
        } catch (java.io.IOException noCat) {
            org.junit.jupiter.api.Assumptions.abort("no cat here");
            return;
        }
        try {
            Path pipe = Path.of("/proc/" + cat.pid() + "/fd/0");
            assumeTrue(Files.isSymbolicLink(pipe) && Files.readSymbolicLink(pipe).toString().startsWith("pipe:"),
                    "a /proc fd link to a pipe");
            java.util.concurrent.CompletableFuture<byte[]> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return cat.getInputStream().readAllBytes();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            CliRun r = CliRun.of("export", in.toString(), "--format", "json", "--out", pipe.toString());
            cat.getOutputStream().close(); // the last writer gone: cat sees the end
            assertEquals(0, r.exitCode(), r.err());
            byte[] sent = read.get(60, java.util.concurrent.TimeUnit.SECONDS);
            org.schedlab.model.Dataset back = org.schedlab.io.DatasetJson.read(new java.io.ByteArrayInputStream(sent),
                    "pipe");
            assertEquals(org.schedlab.io.SampleDatasets.small().sliceCount(), back.sliceCount(),
                    "the whole dataset came through the pipe");
        } finally {
            cat.destroy();
        }
    }

    @Test
    void exportToDevStdoutThroughAPipeSendsTheDataAloneAndSaysWroteOnStderr() throws Exception {
        // `schedlab export run.json --format json --out /dev/stdout | gzip`: the data whole, and the
        // "wrote /dev/stdout" line on stderr, not after the data in the pipe
        assumeTrue(Files.exists(Path.of("/dev/stdout")) && Files.exists(Path.of("/proc/self/fd")), "/dev/stdout, /proc");
        Path in = dataset();
        Path err = dir.resolve("err.txt");
        Process p = CliRun.child("export", in.toString(), "--format", "json", "--out", "/dev/stdout")
                .redirectError(err.toFile()).start(); // its stdout is a pipe to this process
        byte[] sent = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(err));
        org.schedlab.model.Dataset back = org.schedlab.io.DatasetJson.read(new java.io.ByteArrayInputStream(sent),
                "stdout");
        assertEquals(org.schedlab.io.SampleDatasets.small().sliceCount(), back.sliceCount());
        assertTrue(Files.readString(err).contains("wrote /dev/stdout ("), Files.readString(err));
    }

    @Test
    void devStdoutAppendedToAFileKeepsWhatTheFileHeld() throws Exception {
        // `schedlab export run.json --format json --out /dev/stdout >> runs.log`: the link led to
        // runs.log, and the temporary renamed over it replaced the log's earlier lines with the data
        assumeTrue(Files.exists(Path.of("/dev/stdout")) && Files.exists(Path.of("/proc/self/fd")), "/dev/stdout, /proc");
        Path in = dataset();
        Path log = dir.resolve("runs.log");
        Files.writeString(log, "earlier line\n");
        Path err = dir.resolve("err.txt");
        Process p = CliRun.child("export", in.toString(), "--format", "json", "--out", "/dev/stdout")
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(err));
        String held = Files.readString(log);
        assertTrue(held.startsWith("earlier line\n{"), held.substring(0, Math.min(80, held.length())));
        org.schedlab.model.Dataset back = org.schedlab.io.DatasetJson.read(new java.io.ByteArrayInputStream(
                held.substring("earlier line\n".length()).getBytes(java.nio.charset.StandardCharsets.UTF_8)), "log");
        assertEquals(org.schedlab.io.SampleDatasets.small().sliceCount(), back.sliceCount(), "the dataset follows it");
        assertTrue(Files.readString(err).contains("wrote /dev/stdout ("), Files.readString(err));
    }

    @Test
    void aPictureThatCannotBeWrittenToADeviceIsOneLineWithoutAStackTraceAtExit() throws Exception {
        // render --out /dev/full (or a pipe head closed): the message, then ImageIO's shutdown hook
        // closed the failed stream again and the JVM printed a NullPointerException's stack trace
        assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full");
        Path in = dataset();
        Process p = CliRun.child("render", in.toString(), "--out", "/dev/full")
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), said);
        assertEquals(1, said.strip().lines().count(), said);
        assertTrue(said.startsWith("schedlab: /dev/full: cannot write: "), said);
    }

    @Test
    void renderToDevStdoutThroughAPipeSendsThePictureAlone() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/stdout")) && Files.exists(Path.of("/proc/self/fd")), "/dev/stdout, /proc");
        Path in = dataset();
        Path err = dir.resolve("err.txt");
        Process p = CliRun.child("render", in.toString(), "--out", "/dev/stdout")
                .redirectError(err.toFile()).start();
        byte[] sent = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(err));
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(sent));
        assertTrue(png != null && png.getWidth() > 100, "a PNG came through the pipe");
        byte[] end = java.util.Arrays.copyOfRange(sent, sent.length - 8, sent.length);
        assertEquals("IEND", new String(end, 0, 4, java.nio.charset.StandardCharsets.ISO_8859_1),
                "nothing after the PNG's last chunk");
        assertTrue(Files.readString(err).contains("wrote /dev/stdout ("), Files.readString(err));
    }
}
