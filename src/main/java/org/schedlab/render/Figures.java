package org.schedlab.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.analysis.WiresharkTable;
import org.schedlab.model.DatasetCrop;
import org.schedlab.model.Metadata;
import org.schedlab.model.Version;

/**
 * The two figures a view exports, built the same way by the workbench (from what is on screen)
 * and by {@code schedlab render} (from its options): one timeline, or A over B with the delta
 * table. The caption's window counts from the start of the data, as the axis does.
 */
public final class Figures {
    /** The delta table's columns, as the A/B tab labels them. */
    public static final List<String> DELTA_HEADER = List.of("metric", "A (base)", "B (test)", "B/A");

    private Figures() {
    }

    /**
     * One timeline under its caption: the rows {@code panel} shows whole (see {@link WholeLanes}),
     * the caption naming lanes left out and a selected part of the window.
     */
    public static Figure timeline(String subject, List<String> parameterLines, TimelinePanel panel) {
        return timeline(subject, parameterLines, List.of(), panel);
    }

    /**
     * As above, for a recording whose import warned ({@code importWarnings}, as {@code schedlab
     * import} prints them): the caption says so under its other notes ({@link Caption#importNotes}),
     * so that a picture of a recording with missing sched_switch events or skipped lines does not
     * pass for a whole one once it is pasted into a thread without its terminal.
     */
    public static Figure timeline(String subject, List<String> parameterLines, List<String> importWarnings,
                                  TimelinePanel panel) {
        TimelinePanel p = WholeLanes.of(panel);
        List<String> notes = new ArrayList<>();
        WholeLanes.leftOut(p).ifPresent(notes::add);
        selection(p).ifPresent(notes::add);
        notes.addAll(Caption.importNotes(importWarnings));
        return Figure.single(captionFor(subject, parameterLines, notes, p), p);
    }

    /**
     * A over B on one window, then the delta table ({@code deltaRows}: metric, A, B, B/A as
     * formatted text; none leaves the table out). Both sides show the same lanes: those A shows
     * whole, and B scrolled to them lane for lane ({@link MatchedLanes}), whatever B was scrolled
     * to; the caption names what only one side shows (B run with fewer CPUs).
     */
    public static Figure compare(String subject, List<String> parameterLines, TimelinePanel a, TimelinePanel b,
                                 List<List<String>> deltaRows) {
        return compare(subject, parameterLines, a, b, deltaRows, List.of());
    }

    /**
     * As above, with each row's spread over the seeds ({@code rangeRows}: one per delta row, the
     * min..max cells drawn on a line under it as Copy table writes them; none for one seed).
     */
    public static Figure compare(String subject, List<String> parameterLines, TimelinePanel a, TimelinePanel b,
                                 List<List<String>> deltaRows, List<List<String>> rangeRows) {
        return compare(subject, parameterLines, a, b, deltaRows, rangeRows, List.of());
    }

    /**
     * As above, with {@code note} drawn under the table's rows (its items, wrapped to the
     * picture's width): the rows neither side has, which the table leaves out, named as the
     * copied text names them ({@code ComparisonTable.notInEitherItems}).
     */
    public static Figure compare(String subject, List<String> parameterLines, TimelinePanel a, TimelinePanel b,
                                 List<List<String>> deltaRows, List<List<String>> rangeRows, List<String> note) {
        return compare(subject, parameterLines, a, b, deltaRows, rangeRows, note, Optional.empty());
    }

    /**
     * As above, the table's title naming the span its counts cover ({@code span}, as
     * {@code ComparisonTable.span} writes it: "the measured 1,000 ms of each side (durationMs,
     * warm-up left out)"); without one it says "the whole runs".
     */
    public static Figure compare(String subject, List<String> parameterLines, TimelinePanel a, TimelinePanel b,
                                 List<List<String>> deltaRows, List<List<String>> rangeRows, List<String> note,
                                 Optional<String> span) {
        return compare(subject, parameterLines, a, b, deltaRows, rangeRows, note, span, List.of());
    }

    /**
     * As above, with {@code tableNotes} drawn under the table's rows and its note, each paragraph
     * from a line of its own, wrapped to the picture's width: the notes the copied text ends with
     * ({@code SummaryReport.abTableNotes}: what an rwsem's spinWhile and rwsem_* rows count, where
     * a run's waits end for runqlat), so that a picture pasted into a review thread explains its
     * rows as the text does. Drawn only with the table (rows or a note to draw).
     */
    public static Figure compare(String subject, List<String> parameterLines, TimelinePanel a, TimelinePanel b,
                                 List<List<String>> deltaRows, List<List<String>> rangeRows, List<String> note,
                                 Optional<String> span, List<String> tableNotes) {
        TimelinePanel pa = WholeLanes.of(a);
        TimelinePanel pb = WholeLanes.of(MatchedLanes.scrolledLike(b, a));
        // a counter both sides have is drawn to one scale: on its own, A's 200/s of D-SACKs
        // filled its track as B's 6,500/s filled B's, and read as the same burst
        boolean rescaled = false;
        List<TimelinePanel> shared = oneCounterScale(pa, pb);
        if (shared.get(0) != pa || shared.get(1) != pb) {
            rescaled = countersInView(shared.get(0)).stream().anyMatch(countersInView(shared.get(1))::contains);
            pa = shared.get(0);
            pb = shared.get(1);
        }
        Optional<TextTable> table = deltaRows.isEmpty() && note.isEmpty() ? Optional.empty()
                // the summaries are of the whole runs, the timelines above only a window of them
                : Optional.of(new TextTable("A/B deltas over " + span.orElse("the whole runs")
                        + ", not only the window drawn (B relative"
                        + " to A, as 'schedlab compare' prints them"
                        + (rangeRows.isEmpty() ? ")" : "; the mean over the seeds, min..max under it)"),
                        DELTA_HEADER, deltaRows, rangeRows, note, tableNotes));
        List<String> notes = new ArrayList<>();
        Optional<String> la = WholeLanes.leftOut(pa);
        Optional<String> lb = WholeLanes.leftOut(pb);
        if (la.equals(lb)) {
            la.ifPresent(n -> notes.add("A and B: " + n));
        } else {
            la.ifPresent(n -> notes.add("A: " + n));
            lb.ifPresent(n -> notes.add("B: " + n));
        }
        notes.addAll(MatchedLanes.differences(pa, "A", pb, "B"));
        if (rescaled) {
            notes.add(COUNTER_SCALE_NOTE);
        }
        // the range is selected on both sides at once
        selection(pa).ifPresent(notes::add);
        return new Figure(captionFor(subject, parameterLines, notes, pa), List.of(pa, pb), table);
    }

    /**
     * The s390 mail's Wireshark table for an A/B picture, as {@code schedlab compare} ends its
     * text ({@link WiresharkTable}): its column heads ({@code baseLabel} and {@code testLabel},
     * cut as the text cuts them), rows and counts, and under them the line naming the mail's rows
     * neither side counts; its title naming the span the counts cover ({@code span}, as for the
     * delta table). Empty unless both sides counted TCP ({@code base} and {@code test} not empty),
     * as {@code compare} prints it only then.
     */
    public static Optional<TextTable> tcpTable(String baseLabel, Map<String, ? extends Number> base, String testLabel,
                                               Map<String, ? extends Number> test, Optional<String> span) {
        if (base.isEmpty() || test.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TextTable(TCP_TITLE_START + span.orElse("the whole runs")
                + ", not only the window drawn",
                WiresharkTable.header(baseLabel, testLabel), WiresharkTable.cells(base, test), List.of(),
                WiresharkTable.leftOutItems(base, test)));
    }

    /** How the title of {@link #tcpTable} starts, as the A/B tab names its TCP tab. */
    public static final String TCP_TITLE_START = "TCP as Wireshark shows it, over ";

    /** The caption's line for counters drawn to one scale on A and B ({@link #oneCounterScale}). */
    static final String COUNTER_SCALE_NOTE =
            "counters on both A and B drawn to one scale, the higher max of the two (each label says its own)";

    /**
     * {@code a} and {@code b} with each counter they both have (same name and unit) drawn to one
     * scale, from the lower of their lowest values to the higher of their highest ({@link
     * CounterRowPainter#scale(List)}); the panels themselves when no scale changes.
     */
    static List<TimelinePanel> oneCounterScale(TimelinePanel a, TimelinePanel b) {
        var ca = a.data().dataset().counters();
        var cb = b.data().dataset().counters();
        double[][] sa = new double[ca.size()][];
        double[][] sb = new double[cb.size()][];
        for (int i = 0; i < sa.length; i++) {
            sa[i] = a.data().counterScale(i);
        }
        for (int j = 0; j < sb.length; j++) {
            sb[j] = b.data().counterScale(j);
        }
        boolean changed = false;
        for (int i = 0; i < sa.length; i++) {
            for (int j = 0; j < sb.length; j++) {
                if (ca.get(i).name().equals(cb.get(j).name()) && ca.get(i).unit().equals(cb.get(j).unit())) {
                    // from both series' values, not their scales: a flat series' scale has a made-up top
                    double[] one = CounterRowPainter.scale(List.of(ca.get(i), cb.get(j)));
                    changed |= !java.util.Arrays.equals(one, sa[i]) || !java.util.Arrays.equals(one, sb[j]);
                    sa[i] = one;
                    sb[j] = one;
                }
            }
        }
        if (!changed) {
            return List.of(a, b);
        }
        return List.of(withData(a, a.data().withCounterScales(sa)), withData(b, b.data().withCounterScales(sb)));
    }

    private static TimelinePanel withData(TimelinePanel p, TimelineData data) {
        return new TimelinePanel(p.label(), data, p.viewport(), p.spec(), p.options(), p.highlight());
    }

    /** The names of the counters whose tracks {@code p} draws. */
    private static List<String> countersInView(TimelinePanel p) {
        List<String> names = new ArrayList<>();
        for (TrackRow r : TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec()).visibleRows()) {
            if (r.kind() == TrackKind.COUNTER) {
                names.add(p.data().dataset().counters().get(r.ref()).name());
            }
        }
        return names;
    }

    /**
     * A sweep's plot as on screen, under a caption of what was swept ({@code subject}), the
     * parameter lines (what varies, the base's values that differ from the scenario's defaults),
     * {@code notes} (the metric plotted, runs left out) and the version; no time window, as each
     * point is whole runs.
     */
    public static Figure sweep(String subject, List<String> parameterLines, List<String> notes, SweepPlotPanel plot) {
        return Figure.sweep(new Caption(subject, parameterLines, notes, Optional.empty(), Version.current()), plot);
    }

    /**
     * "a.txt + b.txt (perf-sched-script+pgbench)", "run.json (pgbench-graviton4, simulation)":
     * what a dataset shown as {@code name} is, for a caption. A recording's source is the paths
     * of its files, which {@code name} already names: file names at most, never whole paths, so
     * the subject fits the picture's width.
     */
    public static String datasetSubject(String name, Metadata m) {
        return name + " (" + datasetOrigin(name, m) + ")";
    }

    /**
     * What {@link #datasetSubject} says in brackets after {@code name}: where the data came from
     * ("window 20..50 ms of runA.txt.gz, perf-sched-script", "teach-fair-share, simulation, seed 1,
     * window 20..40 ms"). The one text of a cut's origin: {@code table A B} says it under a side
     * that is a cut, as the caption says it.
     */
    public static String datasetOrigin(String name, Metadata m) {
        return String.join(" ", datasetOriginWords(name, m));
    }

    /**
     * {@link #datasetOrigin} as words to wrap between ({@code PlainText.wrapUncut}): a file name is
     * one word, spaces and all, so a wrapped line never splits "my run.txt" in two; the comma
     * between two parts ends the word before it.
     */
    public static List<String> datasetOriginWords(String name, Metadata m) {
        List<String> files = new ArrayList<>();
        for (String file : Metadata.fileNames(m.source())) {
            if (!file.isEmpty() && !name.contains(file)) {
                files.add(file);
            }
        }
        List<List<String>> parts = new ArrayList<>();
        // a window cut from a recording or a run (export --from-ms, DatasetCrop): its times run from
        // the cut's start, so "+5 ms" of the picture is 25 ms into the recording, which nothing else said
        // (in the words DatasetCrop writes it, ms after the start of the data cut; a file's own
        // "window" of another form, such as the bundled example's clock times, is left as it was)
        String window = m.parameters().get(DatasetCrop.WINDOW_KEY);
        if (!DatasetCrop.isCutWindow(window)) {
            window = null;
        }
        if (window != null && !m.simulated()) {
            List<String> cut = words("window " + window);
            if (!files.isEmpty()) {
                cut.add("of");
                for (int i = 0; i < files.size(); i++) {
                    cut.add(files.get(i) + (i < files.size() - 1 ? " +" : ""));
                }
            }
            parts.add(cut);
        } else {
            files.forEach(f -> parts.add(new ArrayList<>(List.of(f))));
        }
        parts.add(new ArrayList<>(List.of(m.format())));
        // a saved run's seed: the caption of a run must say which one it is, as a scenario's does
        m.seed().ifPresent(seed -> parts.add(words("seed " + seed)));
        if (window != null && m.simulated()) {
            parts.add(words("window " + window)); // of the run its scenario and seed name
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            List<String> part = parts.get(i);
            if (i < parts.size() - 1) {
                part.set(part.size() - 1, part.get(part.size() - 1) + ",");
            }
            out.addAll(part);
        }
        return out;
    }

    private static List<String> words(String text) {
        return new ArrayList<>(List.of(text.split(" ")));
    }

    /**
     * One side of an A/B picture of saved files, as its caption's parameter line, the same from
     * {@code render --view compare A B} and the workbench's A/B tab: {@code "A: none.json
     * (teach-kernel-section, simulation, seed 3): differs from defaults: preemption=lazy"}, what
     * {@link #datasetSubject} says the file is, then {@code differing}: a saved run's parameters
     * that differ from its scenario's defaults ({@code DefaultsDiff.ofRun}; the scenarios are not
     * this package's to read), empty for a recording, which has none to tell. The workbench wrote
     * "A (base): none.json", which said neither the scenario nor the seed of the run.
     */
    public static String datasetSideLine(String prefix, String name, Metadata m,
                                         Optional<Map<String, String>> differing) {
        return prefix + datasetSubject(name, m) + differing.map(d -> ": " + Caption.parameterLine("", d)).orElse("");
    }

    /**
     * "selected +12.0 ms .. +14.5 ms  (span 2.50 ms), between the blue lines": the range selected,
     * whole (as Copy summary of selection copies it), and where it lies against the window drawn.
     */
    private static Optional<String> selection(TimelinePanel p) {
        long origin = p.data().dataset().startNs();
        Viewport v = p.viewport();
        return Figure.markedRange(p).map(r -> {
            List<Long> ends = Figure.drawnEnds(p);
            String how = ends.size() == 2 ? "between the blue lines"
                    : ends.contains(r.endNs()) ? "from before the window to the blue line"
                    : ends.contains(r.startNs()) ? "from the blue line to past the window"
                    : r.startNs() < v.endNs() && r.endNs() > v.startNs() ? "beyond both edges of the window"
                    : "outside the window";
            return "selected " + Caption.stretchText(r.startNs() - origin, r.endNs() - origin) + ", " + how;
        });
    }

    private static Caption captionFor(String subject, List<String> parameterLines, List<String> notes,
                                      TimelinePanel p) {
        long origin = p.data().dataset().startNs();
        return Figure.caption(subject, parameterLines, notes, p.viewport().startNs() - origin,
                p.viewport().endNs() - origin);
    }
}
