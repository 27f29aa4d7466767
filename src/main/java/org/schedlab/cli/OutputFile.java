package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Checks an output file named on the command line before any work is done: a command that
 * imported a large recording or simulated for minutes must not find out only at the end that
 * its {@code --out} cannot be written, and lose the result.
 */
final class OutputFile {
    private OutputFile() {
    }

    /**
     * @param expected what the file should be, for the message ("a dataset file name (.json or .json.gz)")
     * @throws UserInputException naming the path and why it cannot be written
     */
    static void check(Path out, String expected) throws UserInputException {
        requireName(out, expected);
        if (Files.isDirectory(out)) {
            throw new UserInputException(out + ": is a directory, expected " + expected);
        }
        if (isDevice(out)) {
            // /dev/null, /dev/stdout, a named pipe: written straight into, the directory does not matter
            if (!Files.isWritable(out)) {
                throw new UserInputException(out + ": cannot write: permission denied");
            }
            return;
        }
        java.util.Optional<String> loop = org.schedlab.io.SymbolicLinks.loop(out);
        if (loop.isPresent()) {
            // no file to write through to: renaming over the link would silently replace it
            throw new UserInputException(out + ": " + loop.get() + "; expected " + expected);
        }
        Path target;
        try {
            target = org.schedlab.io.AtomicFiles.target(out); // a link is written through, beside its target
        } catch (IOException e) {
            throw new UserInputException(out + ": cannot write: " + reason(e), e);
        }
        Path parent = target.getParent();
        if (parent == null) {
            return;
        }
        if (!Files.isDirectory(parent)) {
            throw new UserInputException(out + ": cannot write: " + whyNoDirectory(parent));
        }
        if (!Files.isWritable(parent)) {
            throw new UserInputException(out + ": cannot write: directory " + parent + " is not writable");
        }
        if (Files.exists(out) && !Files.isWritable(out)) {
            throw new UserInputException(out + ": cannot write: permission denied");
        }
    }

    /**
     * Why {@code dir} is no directory to write in: a file in the way ("/tmp/a is a file, not a
     * directory": "does not exist" sent the user looking for a path that was there), or it does not exist.
     */
    static String whyNoDirectory(Path dir) {
        return fileInTheWay(dir).map(p -> p + " is a file, not a directory")
                .orElse("directory " + dir + " does not exist");
    }

    /** {@code dir} or the first of its parents that exists, when that is not a directory. */
    static java.util.Optional<Path> fileInTheWay(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isDirectory(p) ? java.util.Optional.empty() : java.util.Optional.of(p);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Refuses an output directory where one of the files a command writes together ({@code names})
     * is a directory: found before any of them is written, or any work is done.
     *
     * @param what what each of those files is, for the message ("a CSV table of --format csv")
     */
    static void noDirectoryAmong(Path dir, java.util.List<String> names, String what) throws UserInputException {
        for (String name : names) {
            Path f = dir.resolve(name);
            if (Files.isDirectory(f)) {
                throw new UserInputException(f + ": is a directory, expected " + what + " (no file was written)");
            }
        }
    }

    /**
     * Where a command that wrote {@code out} says what it did (the summary, the "wrote" line):
     * its standard output, unless {@code out} is that standard output itself - {@code --out
     * /dev/stdout | gzip}, however the name is spelt (/proc/self/fd/1, /dev/fd/1) - where the
     * words would be mixed into the data in the pipe, so they go to {@code stderr}.
     *
     * @param out the command's {@code --out}, or null when it has none
     */
    static PrintWriter reportTo(Path out, PrintWriter stdout, PrintWriter stderr) {
        return out != null && isStandardOutput(out) ? stderr : stdout;
    }

    /** Whether {@code out} is where this process's standard output goes (not /dev/null): a terminal, a pipe. */
    static boolean isStandardOutput(Path out) {
        // --out /dev/stdout | gzip: the "wrote ..." line after the data would end up in the data
        try {
            Path stdout = Path.of("/dev/stdout");
            return Files.exists(out) && Files.exists(stdout) && Files.isSameFile(out, stdout)
                    && !Files.isSameFile(out, Path.of("/dev/null"));
        } catch (IOException | RuntimeException notThere) {
            return false; // no /dev/stdout (Windows), or it cannot be compared: not the same file
        }
    }

    /**
     * An existing output that is not a regular file nor a directory: a device or a pipe; or an open
     * file named by its descriptor ({@code /dev/stdout > run.json}), written into as a device is.
     */
    static boolean isDevice(Path out) {
        return Files.exists(out) && !Files.isRegularFile(out) && !Files.isDirectory(out)
                || org.schedlab.io.AtomicFiles.namesDescriptor(out);
    }

    /** A temporary as AtomicFiles names it: hidden, the target's name, ".tmp". */
    private static boolean isTemporary(String file) {
        String name = Path.of(file).getFileName() == null ? "" : Path.of(file).getFileName().toString();
        return name.startsWith(".") && name.endsWith(".tmp");
    }

    /**
     * Refuses an empty {@code --out}: as a path it is the working directory, so a file name said
     * "is a directory" and a directory ({@code sweep}, {@code export --format csv}) filled the
     * working directory - what an unset shell variable ({@code --out "$DIR"}) does.
     */
    static void requireName(Path out, String expected) throws UserInputException {
        if (out.toString().isEmpty()) {
            throw new UserInputException("--out: an empty name was given; expected " + expected
                    + " (is a shell variable unset?)");
        }
    }

    /**
     * Why a file operation failed, in words: the JDK's file exceptions carry only the path as
     * their message ("cannot write: /a/b/.x.tmp" told nothing), the reason is in their type.
     */
    static String reason(IOException e) {
        // the temporary beside the output (".x.json.tmp") is ours, not a name the user gave: the
        // caller names the user's path, so only a path of another kind (a parent) is added
        String where = e instanceof FileSystemException f && f.getFile() != null && !isTemporary(f.getFile())
                ? " (" + f.getFile() + ")" : "";
        if (e instanceof AccessDeniedException) {
            return "permission denied" + where;
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory" + where;
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + where;
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
