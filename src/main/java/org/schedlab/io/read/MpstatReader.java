package org.schedlab.io.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

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
        if (isJson(sniff)) {
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

    @Override
    protected LineParser newParser(RecordingSource source, Sniff sniff, ReadContext ctx) {
        return isJson(sniff) ? new JsonParser(ctx) : new SysstatTableParser(FORMAT, ctx);
    }

    /** Collects the document, reads it at the end. */
    private static final class JsonParser extends LineParser {
        private final ReadContext ctx;
        private final StringBuilder text = new StringBuilder();

        JsonParser(ReadContext ctx) {
            this.ctx = ctx;
        }

        @Override
        protected boolean line(String s, long n) throws ImportException {
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
            JsonNode root;
            try {
                root = new ObjectMapper().readTree(text.toString());
            } catch (JsonProcessingException e) {
                long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                throw new ImportException(file, line, "expected mpstat -o JSON: " + e.getOriginalMessage()
                        + (line >= lines ? " (a cut file?)" : ""), e);
            }
            JsonNode hosts = root.path("sysstat").path("hosts");
            if (!hosts.isArray() || hosts.size() != 1) {
                throw new ImportException(file, 0, "expected mpstat -o JSON with one entry in \"sysstat\".\"hosts\"");
            }
            JsonNode host = hosts.get(0);
            RecordingSink sink = ctx.sink();
            sink.parameter("mpstat.host", host.path("nodename").asText());
            sink.parameter("mpstat.kernel", host.path("release").asText());
            sink.parameter("mpstat.cpus", host.path("number-of-cpus").asText());
            sink.parameter("mpstat.date", host.path("date").asText());
            JsonNode stats = host.path("statistics");
            List<Long> tods = new ArrayList<>();
            for (JsonNode st : stats) {
                String ts = st.path("timestamp").asText("");
                String[] p = ts.split(" ");
                long tod = SysstatSeries.timeOfDayNs(p[0], p.length == 2 ? p[1] : "");
                if (tod < 0 || p.length > 2 || p.length == 2 && !SysstatSeries.isAmPm(p[1])) {
                    throw new ImportException(file, 0, "statistics[" + tods.size() + "]: expected a \"timestamp\" of"
                            + " HH:MM:SS, got '" + Printable.clip(st.path("timestamp").toString(), 30) + "'");
                }
                if (!st.path("cpu-load").isArray()) {
                    throw new ImportException(file, 0, "statistics[" + tods.size() + "]: expected \"cpu-load\" (mpstat"
                            + " -o JSON of CPU utilisation; other reports, such as -I, are not read)");
                }
                tods.add(tod);
            }
            if (tods.isEmpty()) {
                throw new ImportException(file, 0, "no mpstat figures found; expected \"statistics\" with \"cpu-load\"");
            }
            SysstatSeries series = new SysstatSeries(sink);
            List<Long> ends = new ArrayList<>();
            for (int i = 0; i < tods.size(); i++) {
                long rel = series.relative(tods.get(i));
                if (rel < 0) {
                    throw new ImportException(file, 0, "statistics[" + i + "]: expected a timestamp after the one before;"
                            + " the time goes back");
                }
                ends.add(rel);
            }
            long first = ends.size() > 1 ? ends.get(1) - ends.get(0) : SysstatSeries.SECOND_NS;
            sink.parameter("mpstat.start", (SysstatTableParser.isoDate(host.path("date").asText()).isEmpty() ? ""
                    : SysstatTableParser.isoDate(host.path("date").asText()) + " ")
                    + SysstatSeries.clock(Math.floorMod(tods.get(0) - first, SysstatSeries.DAY_NS)));
            int i = 0;
            for (JsonNode st : stats) {
                long start = i == 0 ? ends.get(0) - first : ends.get(i - 1);
                for (JsonNode cpu : st.path("cpu-load")) {
                    String key = cpu.path("cpu").asText("");
                    if (key.isEmpty()) {
                        throw new ImportException(file, 0, "statistics[" + i + "]: expected \"cpu\" in each \"cpu-load\" entry");
                    }
                    for (Iterator<Map.Entry<String, JsonNode>> it = cpu.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> f = it.next();
                        if (f.getKey().equals("cpu")) {
                            continue;
                        }
                        if (!f.getValue().isNumber()) {
                            throw new ImportException(file, 0, "statistics[" + i + "] cpu " + key + " \"" + f.getKey()
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
    }
}
