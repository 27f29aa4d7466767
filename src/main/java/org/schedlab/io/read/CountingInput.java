package org.schedlab.io.read;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the raw (compressed) bytes read, which is what a file's size measures: the progress bar. */
public final class CountingInput extends FilterInputStream {
    private long count;

    public CountingInput(InputStream in) {
        super(in);
    }

    public long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long s = super.skip(n);
        count += Math.max(0, s);
        return s;
    }
}
