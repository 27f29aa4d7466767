package org.schedlab.io.read;

import java.util.ArrayList;
import java.util.List;

/** The reports of every file of one import, in the order the files were given. */
public record ImportReport(List<FileReport> files) {
    public ImportReport {
        files = List.copyOf(files);
    }

    /** The formats read, distinct and in order, joined with "+" ("perf-sched-script+pgbench"). */
    public String format() {
        List<String> seen = new ArrayList<>();
        for (FileReport f : files) {
            if (!seen.contains(f.format())) {
                seen.add(f.format());
            }
        }
        return String.join("+", seen);
    }

    public long events() {
        long n = 0;
        for (FileReport f : files) {
            n += f.events();
        }
        return n;
    }

    public long skippedLines() {
        long n = 0;
        for (FileReport f : files) {
            n += f.skippedLines();
        }
        return n;
    }

    /** The first file that was cut short or damaged, if any (see {@link FileReport#damage()}). */
    public java.util.Optional<FileReport> firstDamaged() {
        return files.stream().filter(f -> !f.damage().isEmpty()).findFirst();
    }

    /**
     * One warning line per file with skipped lines or notes, for stderr or a status panel; before
     * a file's own, the warnings it carries from the import it was exported from, as they were.
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (FileReport f : files) {
            out.addAll(f.carried());
            if (f.skippedLines() > 0) {
                out.add(f.skippedSummary());
            }
            for (String n : f.notes()) {
                out.add(f.file() + ": " + n);
            }
        }
        return out;
    }
}
