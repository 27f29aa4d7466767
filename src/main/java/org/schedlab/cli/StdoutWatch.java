package org.schedlab.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The process's standard output, remembering why a write failed. A PrintStream keeps its
 * errors to itself; {@link SchedLabCli} asks it afterwards whether the output arrived. A reader
 * that stopped reading ({@code schedlab table x | head}) is not an error worth a message - a
 * C tool would have died of SIGPIPE without a word - while a full disk is.
 */
public final class StdoutWatch extends FilterOutputStream {
    private static volatile boolean brokenPipe;

    private StdoutWatch(OutputStream out) {
        super(out);
    }

    /** Replaces {@code System.out} with a watched one of the same encoding (the CLI's entry point calls this). */
    public static void install() {
        // as the JVM's own: flushed at every line (bench prints its figures as they come)
        String encoding = System.getProperty("sun.stdout.encoding");
        java.nio.charset.Charset cs = encoding == null ? java.nio.charset.Charset.defaultCharset()
                : java.nio.charset.Charset.forName(encoding);
        System.setOut(new PrintStream(new StdoutWatch(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out),
                8192)), true, cs));
    }

    /** Whether a write to the watched stdout failed because its reader had gone. */
    static boolean brokenPipe() {
        return brokenPipe;
    }

    /** Watches {@code out} instead (tests). */
    static OutputStream watching(OutputStream out) {
        return new StdoutWatch(out);
    }

    static void reset() {
        brokenPipe = false;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw noted(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw noted(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw noted(e);
        }
    }

    private static IOException noted(IOException e) {
        if (String.valueOf(e.getMessage()).contains("Broken pipe")) {
            brokenPipe = true;
        }
        return e;
    }
}
