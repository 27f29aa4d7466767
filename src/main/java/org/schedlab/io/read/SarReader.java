package org.schedlab.io.read;

/**
 * sar's text reports, printed live ({@code sar -u 1 5}, {@code -w}, {@code -q}, {@code -P ALL})
 * or from a sysstat file ({@code sar -f}): one track per column and key, named {@code sar CPU all
 * %steal}, {@code sar cswch/s}, {@code sar runq-sz} (see {@link SysstatTableParser}). Told from
 * mpstat, which prints the same system line and times, by its column names
 * ({@link SysstatTableParser#toolOfColumns}).
 */
public final class SarReader extends LineReader {
    static final String FORMAT = "sar";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        return SysstatTableParser.isTableOf(sniff, FORMAT) ? 90 : 0;
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return new SysstatTableParser(FORMAT, ctx);
    }
}
