package org.schedlab.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Rows of a table printed by perf sched latency itself, parsed for comparison. */
record PerfLatencyTable(List<Row> rows, double totalRuntimeMs, long totalSwitches) {

    /** {@code tid} is -1 for merged rows ("comm:(n)"), then {@code merged} is n. */
    record Row(String comm, int tid, int merged, double runtimeMs, long switches, double avgMs, double maxMs) {
    }

    static PerfLatencyTable parse(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        double totalMs = -1;
        long totalSw = -1;
        for (String line : Files.readAllLines(file)) {
            String[] cols = line.split("\\|");
            if (cols.length < 3) {
                continue;
            }
            String label = cols[0].trim();
            if (label.equals("Task")) {
                continue;
            }
            double runtime = Double.parseDouble(cols[1].trim().replace(" ms", "").trim());
            long switches = Long.parseLong(cols[2].trim());
            if (label.equals("TOTAL:")) {
                totalMs = runtime;
                totalSw = switches;
                continue;
            }
            double avg = Double.parseDouble(cols[3].replace("avg:", "").replace("ms", "").trim());
            double max = Double.parseDouble(cols[4].replace("max:", "").replace("ms", "").trim());
            int colon = label.lastIndexOf(':');
            String comm = label.substring(0, colon);
            String id = label.substring(colon + 1);
            if (id.startsWith("(")) {
                rows.add(new Row(comm, -1, Integer.parseInt(id.substring(1, id.length() - 1)), runtime, switches,
                        avg, max));
            } else {
                rows.add(new Row(comm, Integer.parseInt(id), 1, runtime, switches, avg, max));
            }
        }
        return new PerfLatencyTable(rows, totalMs, totalSw);
    }
}
