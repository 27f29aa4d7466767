package org.schedlab.render;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the strip under an exported picture says, so a screenshot pasted into a review thread
 * explains itself: what is shown (scenario or file names), the parameters that differ from the
 * scenario's defaults (one line per side in A/B), what the picture leaves out or marks
 * ({@code notes}: lanes that did not fit, the selected range), the time window (from, to and
 * span, counted from the start of the data as the axis counts) and the SchedLab version that
 * drew it. A sweep's plot has no time window (each point is whole runs): its caption has none.
 */
public record Caption(String subject, List<String> parameterLines, List<String> notes, Optional<TimeRange> window,
                      String version) {
    public Caption {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(window, "window");
        parameterLines = List.copyOf(parameterLines);
        notes = List.copyOf(notes);
        window.ifPresent(w -> checked(w.startNs(), w.endNs()));
    }

    /** A timeline's caption: its window from {@code fromNs} to {@code toNs}. */
    public Caption(String subject, List<String> parameterLines, List<String> notes, long fromNs, long toNs,
                   String version) {
        this(subject, parameterLines, notes, Optional.of(checked(fromNs, toNs)), version);
    }

    private static TimeRange checked(long fromNs, long toNs) {
        if (toNs <= fromNs) {
            throw new IllegalArgumentException("caption window must end after it starts: " + fromNs + ".." + toNs);
        }
        return new TimeRange(fromNs, toNs);
    }

    /** Without notes: every lane is in the picture and nothing is marked. */
    public Caption(String subject, List<String> parameterLines, long fromNs, long toNs, String version) {
        this(subject, parameterLines, List.of(), fromNs, toNs, version);
    }

    /** {@code "window +10.0 ms .. +60.0 ms (span 50.0 ms)"}: the axis' own numbers; empty without a window. */
    public String windowText() {
        return window.map(w -> "window " + stretchText(w.startNs(), w.endNs())).orElse("");
    }

    /**
     * {@code "+10.0 ms .. +60.0 ms  (span 50.0 ms)"}: a stretch counted from the start of the data,
     * both ends in the later one's unit ({@code "+0.975 s .. +1.025 s"}, not {@code "+975 ms ..
     * +1.03 s"}) and to a tenth of the span or finer, so that the ends tell the span apart: 500 us
     * from a second in reads {@code "+1.0002 s .. +1.0007 s"}, where three digits each read
     * {@code "+1.00 s .. +1.00 s"}. Digits stop where both ends are whole in them.
     */
    public static String stretchText(long fromNs, long toNs) {
        return stretchEnds(fromNs, toNs) + "  (span " + TimeFormat.duration(toNs - fromNs) + ")";
    }

    /** The ends of {@link #stretchText}: {@code "+0.975 s .. +1.025 s"} (the status bar's view says them too). */
    public static String stretchEnds(long fromNs, long toNs) {
        long span = Math.abs(toNs - fromNs);
        long widest = Math.max(Math.abs(fromNs), Math.abs(toNs));
        int u = 0;
        while (u < STRETCH_UNIT_NS.length - 1 && widest < STRETCH_UNIT_NS[u]) {
            u++;
        }
        if (u > 0 && BigDecimal.valueOf(widest).divide(BigDecimal.valueOf(STRETCH_UNIT_NS[u]))
                .setScale(0, RoundingMode.HALF_EVEN).compareTo(BigDecimal.valueOf(1000)) >= 0) {
            u--; // 999,999,999 ns would read "+1000 ms": a second, so seconds
        }
        long unit = STRETCH_UNIT_NS[u];
        BigDecimal widestInUnit = BigDecimal.valueOf(widest).divide(BigDecimal.valueOf(unit));
        // as TimeFormat.duration writes it, counted after rounding: 9.996 ms is "10.0 ms", not "10.00 ms"
        int threeDigits = widestInUnit.compareTo(BigDecimal.TEN) < 0 ? 2
                : widestInUnit.compareTo(BigDecimal.valueOf(100)) < 0 ? 1 : 0;
        if (threeDigits > 0 && widestInUnit.setScale(threeDigits, RoundingMode.HALF_EVEN)
                .compareTo(BigDecimal.TEN.pow(3 - threeDigits)) >= 0) {
            threeDigits--;
        }
        int decimals = 0;
        long step = unit;
        while (decimals < threeDigits && step > 1) {
            step /= 10;
            decimals++;
        }
        // finer while a digit is coarser than a tenth of the span and the ends are not yet whole in it
        while (step > 1 && step * 10 > span && (fromNs % step != 0 || toNs % step != 0)) {
            step /= 10;
            decimals++;
        }
        return at(fromNs, unit, decimals) + " .. " + at(toNs, unit, decimals);
    }

    private static final long[] STRETCH_UNIT_NS = {1_000_000_000L, 1_000_000L, 1_000L, 1L};
    private static final String[] STRETCH_UNIT_NAME = {"s", "ms", "us", "ns"};

    private static String at(long ns, long unit, int decimals) {
        if (ns == 0) {
            return "+0";
        }
        // the sign is the end's, even where its digits round to zero: 1 ns before the start is "-0.00 s"
        BigDecimal v = BigDecimal.valueOf(Math.abs(ns)).divide(BigDecimal.valueOf(unit)).setScale(decimals, RoundingMode.HALF_EVEN);
        int u = 0;
        while (STRETCH_UNIT_NS[u] != unit) {
            u++;
        }
        return (ns < 0 ? "-" : "+") + v.toPlainString() + " " + STRETCH_UNIT_NAME[u];
    }

    /** Import warnings a caption names one by one; more are counted. */
    static final int IMPORT_NOTES = 3;

    /**
     * An import's warnings as caption notes: {@code "import warning: runA.txt: 502 events ran under
     * ..."}, each warning's file by its name (the subject names files so, never by their paths),
     * at most {@value #IMPORT_NOTES} of them, then how many more and where to read them all; a
     * warning given twice (one file on both sides of an A/B) once.
     */
    public static List<String> importNotes(List<String> warnings) {
        warnings = List.copyOf(new java.util.LinkedHashSet<>(warnings)); // one file on both sides warns once
        List<String> out = new ArrayList<>();
        for (int i = 0; i < warnings.size() && i < IMPORT_NOTES; i++) {
            out.add("import warning: " + withoutDirectory(warnings.get(i)));
        }
        int more = warnings.size() - IMPORT_NOTES;
        if (more > 0) {
            out.add("import: " + more + " more warning" + (more == 1 ? "" : "s") + " ('schedlab import FILE'"
                    + " prints them all)");
        }
        return out;
    }

    /** {@code "/tmp/x/runA.txt: text"} as {@code "runA.txt: text"}; a warning without a path as it is. */
    private static String withoutDirectory(String warning) {
        return org.schedlab.analysis.ImportWarningsText.withoutDirectory(warning);
    }

    /** The lines as drawn, top to bottom, before wrapping. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(subject);
        out.addAll(parameterLines);
        out.addAll(notes);
        out.add(window.isPresent() ? windowText() + "    SchedLab " + version : "SchedLab " + version);
        return out;
    }

    /**
     * An A/B picture's first line, the same from the workbench's A/B tab and from {@code render
     * --view compare --scenario}: {@code "pgbench-graviton4  A/B  (seed 1)"}, with the seeds as
     * {@link #seeds(List, List)} gives them ({@code "A/B"} alone without a scenario or seeds).
     * The two wrote the scenario and the seed in different orders for one picture.
     */
    public static String abSubject(String scenario, List<Long> seedsA, List<Long> seedsB) {
        return (scenario.isEmpty() ? "A/B" : scenario + "  A/B")
                + seeds(seedsA, seedsB).map(t -> "  (" + t + ")").orElse("");
    }

    /**
     * Two files' A/B picture's first line, the same from the workbench's A/B tab (an opened file
     * on each side) and from {@code render --view compare A B}:
     * {@code "none.json vs lazy.json  A/B"}, the names as given (file names, not paths); each
     * side's scenario and seed, when it is a saved run, are on its own line. Render wrote "none.json vs lazy.json", the workbench the
     * scenario left in its panel ("pgbench-graviton4  A/B", of runs not in the picture) or "A/B".
     */
    public static String abFilesSubject(String nameA, String nameB) {
        return nameA + " vs " + nameB + "  A/B";
    }

    /**
     * The first line of one simulated run's timeline, the same from {@code render --scenario}
     * and the workbench's Live tab: {@code "teach-kernel-section (simulation, seed 7)"}, the seeds
     * as {@link #seeds(List)} gives them ({@code "(simulation)"} without). It reads as the
     * picture of the run saved to a file does ("run.json (teach-kernel-section, simulation, seed
     * 7)", {@link Figures#datasetSubject}); render wrote "(scenario, seed 7)", the workbench
     * "(live run, seed 7)", for one run.
     */
    public static String runSubject(String scenario, List<Long> seeds) {
        return scenario + " (" + org.schedlab.model.Metadata.SIMULATION + seeds(seeds).map(t -> ", " + t).orElse("")
                + ")";
    }

    /**
     * The seeds of A's and B's runs: {@code seed 1}, {@code seeds 1..3 per side}, or each side's
     * when they differ or one side has none (an opened file): {@code A seed 1, B seed 5}; empty
     * when neither side has seeds.
     */
    public static Optional<String> seeds(List<Long> a, List<Long> b) {
        Optional<String> sa = seeds(a);
        Optional<String> sb = seeds(b);
        if (sa.isPresent() && sa.equals(sb)) {
            return Optional.of(sa.get() + (a.size() > 1 ? " per side" : ""));
        }
        List<String> sides = new ArrayList<>();
        sa.ifPresent(t -> sides.add("A " + t));
        sb.ifPresent(t -> sides.add("B " + t));
        return sides.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", sides));
    }

    /** One run's seeds: {@code seed 1}, {@code seeds 1..3} (consecutive), {@code seeds 1,5}; empty for none. */
    public static Optional<String> seeds(List<Long> s) {
        if (s.isEmpty()) {
            return Optional.empty();
        }
        if (s.size() == 1) {
            return Optional.of("seed " + s.get(0));
        }
        boolean consecutive = true;
        for (int i = 1; i < s.size(); i++) {
            consecutive &= s.get(i) == s.get(i - 1) + 1;
        }
        return Optional.of("seeds " + (consecutive ? s.get(0) + ".." + s.get(s.size() - 1)
                : String.join(",", s.stream().map(String::valueOf).toList())));
    }

    /**
     * The parameter line for one run: {@code "preemption=lazy slice_ms=3"} after {@code prefix},
     * or that it ran with the defaults.
     */
    public static String parameterLine(String prefix, java.util.Map<String, String> differing) {
        StringBuilder b = new StringBuilder(prefix);
        if (differing.isEmpty()) {
            b.append("scenario defaults");
        } else {
            b.append("differs from defaults: ");
            differing.forEach((k, v) -> b.append(k).append('=').append(v).append("  "));
        }
        return b.toString().strip();
    }

    /**
     * An A/B side's parameter line: {@code "B (test): arch=x86 preemption=lazy irqInatomic=off;
     * differs from defaults: slice_ms=3"} - every choice-type parameter with its value
     * ({@code choices}), then the other parameters that differ from the scenario's defaults. "B
     * (test): scenario defaults" never said x86 to a mail reader without the scenario file.
     */
    public static String parameterLine(String prefix, java.util.Map<String, String> choices,
                                       java.util.Map<String, String> differing) {
        if (choices.isEmpty()) {
            return parameterLine(prefix, differing);
        }
        StringBuilder b = new StringBuilder(prefix);
        choices.forEach((k, v) -> b.append(k).append('=').append(v).append(' '));
        b.setLength(b.length() - 1);
        if (differing.isEmpty()) {
            b.append("; the rest scenario defaults");
        } else {
            b.append("; differs from defaults:");
            differing.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        }
        return b.toString();
    }
}
