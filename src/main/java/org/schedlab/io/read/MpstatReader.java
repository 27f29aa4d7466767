package org.schedlab.io.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.schedlab.io.JsonTokens;

/**
 * mpstat's per-interval CPU utilisation: the text report ({@code mpstat 1 5}, {@code -P ALL},
 * {@code -P 0,1}, 12- or 24-hour times; see {@link SysstatTableParser}) and {@code mpstat -o
 * JSON}. Each CPU and {@code all} gets a track per column: {@code mpstat CPU 3 %steal}. In the
 * JSON, each figure covers the interval from the timestamp before it to its own; the first
 * interval is as long as the second (the JSON does not print when it began), or one second when
 * there is only one.
 */
public final class MpstatReader extends LineReader {
    static final String FORMAT = "mpstat";
    /** The largest mpstat -o JSON document read (it is read whole: mpstat writes it at its end). */
    static final int JSON_MAX_CHARS = 64 << 20;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public int probe(Sniff sniff) {
        if (isJson(sniff) || isJsonWithoutItsFirstLine(sniff)) {
            return 90;
        }
        return SysstatTableParser.isTableOf(sniff, FORMAT) ? 90 : 0;
    }

    /** {"sysstat": {"hosts": [... with "statistics" of "cpu-load"]}}: mpstat -o JSON. */
    static boolean isJson(Sniff sniff) {
        String head = sniff.headText();
        return sniff.firstContentLine().startsWith("{") && head.contains("\"sysstat\"")
                && (head.contains("\"cpu-load\"") || !head.contains("\"statistics\""));
    }

    /** The line mpstat -o JSON begins with. */
    static final String JSON_FIRST_LINE = "{\"sysstat\": {";

    /**
     * mpstat -o JSON whose first line ({@value #JSON_FIRST_LINE}) is damaged or gone: what
     * follows is its {@code "hosts": [} line and a host with sysstat's {@code "nodename"} and
     * {@code "number-of-cpus"} (and, as {@link #isJson}, CPU load in its statistics). The reader
     * refuses it at that line: the document does not parse without its opening braces.
     */
    static boolean isJsonWithoutItsFirstLine(Sniff sniff) {
        String head = sniff.headText();
        List<String> content = sniff.headLines().stream().map(String::strip).filter(l -> !l.isEmpty()).limit(2).toList();
        boolean hostsNext = content.size() == 2 && !content.get(0).equals(JSON_FIRST_LINE)
                && content.get(1).equals("\"hosts\": [") || !content.isEmpty() && content.get(0).equals("\"hosts\": [");
        return hostsNext && head.contains("\"nodename\"") && head.contains("\"number-of-cpus\"")
                && (head.contains("\"cpu-load\"") || !head.contains("\"statistics\""));
    }

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return isJson(sniff) || isJsonWithoutItsFirstLine(sniff) ? new JsonParser(ctx) : new SysstatTableParser(FORMAT, ctx);
    }

    /** Collects the document, reads it at the end. */
    private static final class JsonParser extends LineParser {
        private final ReadContext ctx;
        private final StringBuilder text = new StringBuilder();
        /** The last line given; a line number after the next means LineReader skipped a too-long line. */
        private long seen;
        /** The first line that is not blank, and its number (0: none yet). */
        private String firstLine = "";
        private long firstLineNumber;

        JsonParser(ReadContext ctx) {
            this.ctx = ctx;
        }

        /** sysstat prints in the locale's charset (the host name): see {@link #utf8OrLatin1}. */
        @Override
        protected boolean line(byte[] b, int from, int to, long n) throws ImportException {
            return line(utf8OrLatin1(b, from, to, n, ctx.report()), n);
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
            if (n > seen + 1) {
                throw SysstatSeries.tooLong(ctx.report().file(), seen + 1, "a line of mpstat -o JSON");
            }
            seen = n;
            if (firstLineNumber == 0 && !s.isBlank()) {
                firstLine = s.strip();
                firstLineNumber = n;
            }
            if (text.length() + s.length() > JSON_MAX_CHARS) {
                throw new ImportException(ctx.report().file(), n, "expected an mpstat -o JSON document of at most "
                        + (JSON_MAX_CHARS >> 20) + " MiB");
            }
            text.append(s).append('\n');
            return true;
        }

        @Override
        protected void end(long lines) throws ImportException {
            String file = ctx.report().file();
            if (lines > seen) {
                throw SysstatSeries.tooLong(file, seen + 1, "a line of mpstat -o JSON");
            }
            if (firstLineNumber > 0 && !firstLine.startsWith("{")) {
                // its first line damaged or cut off: the document's opening braces are lost with it
                throw new ImportException(file, firstLineNumber, "expected mpstat -o JSON's first line "
                        + JSON_FIRST_LINE + ", got '" + Printable.clip(firstLine, 30) + "': the document does not parse"
                        + " without it (a damaged or cut file?)");
            }
            JsonNode root;
            try {
                root = new ObjectMapper().readTree(text.toString());
            } catch (JsonProcessingException e) {
                long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                // the document is the file's text from its first line: Jackson's lines are the file's
                int column = e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
                throw new ImportException(file, line, "expected mpstat -o JSON"
                        + (line > 0 && column > 0 ? " at column " + column : "") + ": " + JsonTokens.problem(e)
                        + (line >= lines ? " (a cut file?)" : ""), e);
            }
            Map<String, Long> lineOf = lines(file);
            JsonNode hosts = root.path("sysstat").path("hosts");
            if (!hosts.isArray() || hosts.size() != 1) {
                throw new ImportException(file, lineOf.getOrDefault("/sysstat/hosts", 1L), "expected mpstat -o JSON with"
                        + " one entry in \"sysstat\".\"hosts\"");
            }
            JsonNode host = hosts.get(0);
            RecordingSink sink = ctx.sink();
            sink.parameter("mpstat.host", host.path("nodename").asText());
            sink.parameter("mpstat.kernel", host.path("release").asText());
            sink.parameter("mpstat.cpus", host.path("number-of-cpus").asText());
            sink.parameter("mpstat.date", host.path("date").asText());
            JsonNode stats = host.path("statistics");
            List<Long> tods = new ArrayList<>();
            boolean twelveHour = false;
            for (JsonNode st : stats) {
                String stamp = st.path("timestamp").asText("");
                List<String> p = SysstatTableParser.tokens(stamp);
                SysstatSeries.TimeOfDay time = SysstatSeries.timeAt(p);
                long tod = time.ns();
                // en_IN and other locales print a zone after the time: "09:58:20 PM IST"
                boolean zone = time.found() && time.fields() == p.size() - 1 && SysstatSeries.isZone(p.get(p.size() - 1))
                        && SysstatSeries.zoneMayFollow(stamp, p, time);
                if (!time.found() || time.fields() != p.size() && !zone) {
                    throw new ImportException(file, statLine(lineOf, tods.size()), "statistics[" + tods.size() + "]: expected a \"timestamp\" of"
                            + " HH:MM:SS, got '" + Printable.clip(st.path("timestamp").toString(), 30) + "'"
                            + SysstatSeries.LOCALE_TIME_HINT);
                }
                if (!st.path("cpu-load").isArray()) {
                    throw new ImportException(file, statLine(lineOf, tods.size()), "statistics[" + tods.size() + "]: expected \"cpu-load\" (mpstat"
                            + " -o JSON of CPU utilisation; other reports, such as -I, are not read)");
                }
                tods.add(tod);
                twelveHour |= time.fields() == 2;
            }
            if (tods.isEmpty()) {
                throw new ImportException(file, lineOf.getOrDefault("/sysstat/hosts/0/statistics",
                        lineOf.getOrDefault("/sysstat/hosts", 1L)), "no mpstat figures found; expected \"statistics\""
                        + " with \"cpu-load\"");
            }
            SysstatSeries series = new SysstatSeries(sink);
            List<Long> ends = new ArrayList<>();
            for (int i = 0; i < tods.size(); i++) {
                long rel = series.relative(tods.get(i));
                if (rel < 0) {
                    throw new ImportException(file, statLine(lineOf, i), "statistics[" + i + "]: expected a timestamp after the one before;"
                            + " the time goes back");
                }
                ends.add(rel);
            }
            long first = ends.size() > 1 ? ends.get(1) - ends.get(0) : SysstatSeries.SECOND_NS;
            if (ends.size() == 1) {
                // the text report's header has the start's time; JSON has only each interval's end
                ctx.report().note("one interval, whose length mpstat -o JSON does not print: taken as 1 s, and"
                        + " mpstat.start 1 s before its timestamp (record two intervals or more, mpstat -o JSON 1 2,"
                        + " for the length)");
            }
            String date = host.path("date").asText();
            String iso = SysstatTableParser.isoDate(date, twelveHour);
            if (iso.isEmpty() && !date.isEmpty()) {
                ctx.report().note(SysstatTableParser.undatedNote(FORMAT, date));
            }
            sink.parameter("mpstat.start", (iso.isEmpty() ? "" : iso + " ")
                    + SysstatSeries.clock(Math.floorMod(tods.get(0) - first, SysstatSeries.DAY_NS)));
            int i = 0;
            for (JsonNode st : stats) {
                long start = i == 0 ? ends.get(0) - first : ends.get(i - 1);
                for (JsonNode cpu : st.path("cpu-load")) {
                    String key = cpu.path("cpu").asText("");
                    if (key.isEmpty()) {
                        throw new ImportException(file, statLine(lineOf, i), "statistics[" + i + "]: expected \"cpu\" in each \"cpu-load\" entry");
                    }
                    for (Iterator<Map.Entry<String, JsonNode>> it = cpu.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> f = it.next();
                        if (f.getKey().equals("cpu")) {
                            continue;
                        }
                        if (!f.getValue().isNumber()) {
                            throw new ImportException(file, statLine(lineOf, i), "statistics[" + i + "] cpu " + key + " \"" + f.getKey()
                                    + "\": expected a number, got " + Printable.clip(f.getValue().toString(), 20));
                        }
                        // the text report's names: %usr, not usr (one track name for either form)
                        series.add("mpstat CPU " + key + " %" + f.getKey(), "%", start - (ends.get(0) - first),
                                ends.get(i) - (ends.get(0) - first), f.getValue().asDouble());
                    }
                }
                ctx.report().event();
                i++;
            }
            series.finish();
        }

        /**
         * The line each part of the document starts on, by JSON pointer ({@code /sysstat/hosts},
         * {@code /sysstat/hosts/0/statistics/3}): the tree keeps no lines, and a message about a
         * figure names the line of its statistics entry. Read after the tree, so the document is
         * valid; anything but blanks after it is refused, quoted from its line.
         */
        private Map<String, Long> lines(String file) throws ImportException {
            Map<String, Long> at = new HashMap<>();
            int end = text.length();
            try (com.fasterxml.jackson.core.JsonParser p = new JsonFactory().createParser(text.toString())) {
                int depth = 0;
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t.isStructStart()) {
                        depth++;
                        String ptr = p.getParsingContext().pathAsPointer().toString();
                        if (ptr.startsWith("/sysstat/hosts") && ptr.chars().filter(c -> c == '/').count() <= 5) {
                            at.putIfAbsent(ptr, (long) p.currentTokenLocation().getLineNr());
                        }
                    } else if (t.isStructEnd() && --depth == 0) {
                        // the document the tree read ends here; only blanks may follow it
                        end = (int) p.currentLocation().getCharOffset();
                        break;
                    }
                }
            } catch (IOException e) {
                // the tree read this very text without a problem: the parser reads no device
                throw new ImportException(file, 1, "expected mpstat -o JSON: " + e.getMessage(), e);
            }
            int more = end;
            while (more < text.length() && Character.isWhitespace(text.charAt(more))) {
                more++;
            }
            if (more < text.length()) {
                // a second document (two runs appended to one file) or garbage: the tree read the
                // first document and stopped, so what follows was lost without a word
                long line = 1 + text.chars().limit(more).filter(c -> c == '\n').count();
                int eol = text.indexOf("\n", more);
                throw new ImportException(file, line, "expected the end of the mpstat -o JSON document, found more after"
                        + " it: '" + Printable.clipAtWord(text.substring(more, eol < 0 ? text.length() : eol).strip(), 40)
                        + "'" + (text.charAt(more) == '{' ? " (two mpstat runs in one file? open each in a file of its own)"
                        : ""));
            }
            return at;
        }

        /** The line statistics entry {@code i} starts on (the document's first line if unknown). */
        private static long statLine(Map<String, Long> lineOf, int i) {
            return lineOf.getOrDefault("/sysstat/hosts/0/statistics/" + i, lineOf.getOrDefault("/sysstat/hosts", 1L));
        }
    }
}
