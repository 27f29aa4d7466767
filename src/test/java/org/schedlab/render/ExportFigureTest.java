package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;

/**
 * What a figure for a review thread shows of the view it is made from: the data, not the
 * session's selection tint, badge or outline; whole lanes only, cropped to them, with the caption
 * saying which lanes are left out; a caption that stays inside the picture.
 */
class ExportFigureTest {
    private static final int WIDTH = 560;

    private static String lastCaptionLines(RecordingSurface s, double belowPx) {
        StringBuilder b = new StringBuilder();
        s.texts().stream().filter(t -> t.baselineYPx() > belowPx).forEach(t -> b.append(t.text()).append('\n'));
        return b.toString();
    }

    private static TimelinePanel twoCpus(PaintOptions options, double heightPx) {
        return new TimelinePanel("", TimelineData.of(RenderFixtures.twoCpus()), new Viewport(0, 4000, WIDTH, heightPx),
                TrackSpec.DEFAULT, options);
    }

    /** {@code cpus} CPUs, each busy with its own task for the whole 4 us. */
    private static Dataset manyCpus(int cpus) {
        DatasetBuilder b = Dataset.builder(Metadata.of("many", "test"));
        for (int c = 0; c < cpus; c++) {
            int t = b.addTask(100 + c, 100 + c, "w" + c);
            b.slice(c, 0, 4000, t, SliceState.USER);
        }
        return RenderFixtures.build(b);
    }

    @Test
    void aSelectionTheViewWasFittedToIsNeitherShadedNorBadgedNorIsTheClickedSliceOutlined() {
        // drag on the axis, F, export: the whole picture came out tinted blue with "4.00 us" on the axis
        PaintOptions options = PaintOptions.DEFAULT.withRange(Optional.of(new TimeRange(0, 4000)))
                .withSelected(Optional.of(new Selected(TrackKind.CPU, 0, 2000, 4000)));
        Figure f = Figures.timeline("fixture.json", List.of(), twoCpus(options, 220));
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        assertFalse(s.rects().stream().anyMatch(r -> r.argb() == StateColors.SELECTION_FILL), "no selection tint");
        assertFalse(s.rects().stream().anyMatch(r -> r.argb() == StateColors.SELECTION_EDGE), "no duration badge");
        assertFalse(s.lines().stream().anyMatch(l -> l.argb() == StateColors.SELECTION_EDGE),
                "a selection that is the window marks nothing");
        assertTrue(f.panels().get(0).options().selected().isEmpty(), "the clicked slice is not outlined");
        assertFalse(lastCaptionLines(s, 100).contains("selected"), lastCaptionLines(s, 100));
    }

    @Test
    void aSelectionInsideTheWindowIsMarkedByItsEdgesAndNamedInTheCaption() {
        PaintOptions options = PaintOptions.DEFAULT.withRange(Optional.of(new TimeRange(1000, 2000)));
        TimelinePanel panel = twoCpus(options, 220);
        Figure f = Figures.timeline("fixture.json", List.of(), panel);
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        assertFalse(s.rects().stream().anyMatch(r -> r.argb() == StateColors.SELECTION_FILL), "no tint");
        TimelineLayout layout = TimelineLayout.of(f.panels().get(0).viewport(), RenderFixtures.twoCpus(),
                TrackSpec.DEFAULT);
        List<Double> edges = s.lines().stream().filter(l -> l.argb() == StateColors.SELECTION_EDGE)
                .map(RecordingSurface.Line::x1Px).toList();
        assertEquals(List.of(Math.floor(layout.xOf(1000)) + 0.5, Math.floor(layout.xOf(2000)) + 0.5), edges);
        assertTrue(lastCaptionLines(s, layout.lanesBottomPx())
                .contains("selected +1.00 us .. +2.00 us  (span 1.00 us), between the blue lines"),
                lastCaptionLines(s, layout.lanesBottomPx()));
    }

    @Test
    void aSelectionReachingPastTheWindowIsNamedWholeAsCopySummaryOfSelectionCopiesIt() {
        // a range dragged, then the view zoomed to a part of it: the caption named the part in the
        // window ("selected +1.00 us .. +4.00 us") and a blue line stood at the window's edge,
        // while Copy summary of selection copied the whole range
        long origin = RenderFixtures.twoCpus().startNs();
        assertRangeMarked(0, 4000, 1000, 6000, List.of(1000L), "from the blue line to past the window");
        assertRangeMarked(1000, 4000, 500, 2000, List.of(2000L), "from before the window to the blue line");
        assertRangeMarked(1000, 3000, 500, 3500, List.of(), "beyond both edges of the window");
        assertRangeMarked(0, 3000, 3500, 3900, List.of(), "outside the window");
        assertRangeMarked(0, 4000, 1000, 2000, List.of(1000L, 2000L), "between the blue lines");
        assertEquals(0, origin, "the fixture's times are offsets");
    }

    /** A range {@code from..to} on a picture of {@code start..end}: the caption names it whole, how it lies, and its ends in the window are drawn. */
    private static void assertRangeMarked(long start, long end, long from, long to, List<Long> lines, String how) {
        PaintOptions options = PaintOptions.DEFAULT.withRange(Optional.of(new TimeRange(from, to)));
        TimelinePanel panel = new TimelinePanel("", TimelineData.of(RenderFixtures.twoCpus()),
                new Viewport(start, end, WIDTH, 220), TrackSpec.DEFAULT, options);
        Figure f = Figures.timeline("fixture.json", List.of(), panel);
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        TimelineLayout layout = TimelineLayout.of(f.panels().get(0).viewport(), RenderFixtures.twoCpus(),
                TrackSpec.DEFAULT);
        assertEquals(lines.stream().map(t -> Math.floor(layout.xOf(t)) + 0.5).toList(),
                s.lines().stream().filter(l -> l.argb() == StateColors.SELECTION_EDGE).map(RecordingSurface.Line::x1Px)
                        .toList(), from + ".." + to + " on " + start + ".." + end + ": the blue lines");
        assertEquals(Optional.of("selected " + Caption.stretchText(from, to) + ", " + how),
                f.caption().notes().stream().filter(n -> n.startsWith("selected")).findFirst(),
                from + ".." + to + " on " + start + ".." + end);
    }

    @Test
    void lanesThatStopShortAreCroppedNotFollowedByEmptySpace() {
        TimelinePanel onScreen = twoCpus(PaintOptions.DEFAULT, 700);
        TimelineLayout screen = TimelineLayout.of(onScreen.viewport(), RenderFixtures.twoCpus(), TrackSpec.DEFAULT);
        Figure f = Figures.timeline("fixture.json", List.of(), onScreen);
        Viewport v = f.panels().get(0).viewport();
        assertEquals(TimelineLayout.AXIS_HEIGHT_PX + screen.contentHeightPx() + TimelineLayout.LEGEND_HEIGHT_PX,
                v.heightPx(), 1e-9, "the legend follows the last lane");
        TimelineLayout cut = TimelineLayout.of(v, RenderFixtures.twoCpus(), TrackSpec.DEFAULT);
        assertEquals(screen.cpuLaneHeightPx(), cut.cpuLaneHeightPx(), "lanes as tall as on screen");
        assertEquals(List.of("fixture.json"), f.caption().lines().subList(0, 1));
        assertEquals(2, f.caption().lines().size(), "no note: every lane is in the picture");
    }

    @Test
    void onlyWholeLanesAndTheCaptionSaysWhichCpusAreShown() {
        Dataset d = manyCpus(40);
        // scrolled into the middle of a lane, the canvas ending in the middle of another
        Viewport screen = new Viewport(0, 4000, WIDTH, 203, 40);
        TimelineLayout onScreen = TimelineLayout.of(screen, d, TrackSpec.DEFAULT);
        assertTrue(onScreen.visibleRows().get(0).topPx() < onScreen.lanesTopPx(), "the fixture cuts the top lane");
        List<TrackRow> rows = onScreen.visibleRows();
        assertTrue(rows.get(rows.size() - 1).bottomPx() > onScreen.lanesBottomPx(), "and the bottom one");

        Figure f = Figures.timeline("many.json", List.of(), TimelinePanel.of("", TimelineData.of(d), screen));
        TimelineLayout cut = TimelineLayout.of(f.panels().get(0).viewport(), d, TrackSpec.DEFAULT);
        assertEquals(onScreen.cpuLaneHeightPx(), cut.cpuLaneHeightPx());
        List<TrackRow> shown = cut.visibleRows();
        for (TrackRow r : shown) {
            assertTrue(r.topPx() >= cut.lanesTopPx() - 1e-9 && r.bottomPx() <= cut.lanesBottomPx() + 1e-9,
                    "whole: " + r);
        }
        int first = shown.get(0).cpu();
        int last = shown.get(shown.size() - 1).cpu();
        assertTrue(first > 0 && last > first && last < 39, first + ".." + last);
        assertEquals(rows.get(1).cpu(), first, "from the first lane whole on screen");
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<String> labels = s.texts().stream().map(RecordingSurface.Text::text).filter(t -> t.matches("CPU \\d+"))
                .toList();
        assertEquals("CPU " + first, labels.get(0));
        assertEquals("CPU " + last, labels.get(labels.size() - 1));
        assertTrue(f.caption().lines().contains("CPUs " + first + "-" + last + " of 40 shown"), f.caption().lines()
                .toString());
    }

    @Test
    void aAndBSayEachWhichLanesTheyShowWhenTheyDiffer() {
        Dataset d = manyCpus(40);
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 203));
        TimelinePanel b = TimelinePanel.of("B", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 150));
        Figure f = Figures.compare("many A/B", List.of(), a, b, List.of());
        List<String> notes = f.caption().lines().stream().filter(l -> l.contains(" of 40 shown")).toList();
        assertEquals(2, notes.size(), f.caption().lines().toString());
        assertTrue(notes.get(0).matches("A: CPUs 0-\\d+ of 40 shown"), notes.get(0));
        assertTrue(notes.get(1).matches("B: CPUs 0-\\d+ of 40 shown"), notes.get(1));
        Figure tabled = Figures.compare("many A/B", List.of(), a, b, List.of(List.of("tps", "10", "5", "0.50x")));
        assertTrue(tabled.table().orElseThrow().title().startsWith("A/B deltas over the whole runs, not only the"
                + " window drawn"), "the picture shows a window, the table does not: " + tabled.table());
        Figure same = Figures.compare("many A/B", List.of(), a, a, List.of());
        assertEquals(1, same.caption().lines().stream().filter(l -> l.startsWith("A and B: CPUs 0-")).count(),
                same.caption().lines().toString());
    }

    /** One CPU and a D-SACK rate per 10 ms that peaks at {@code peak}. */
    private static Dataset dsacks(double peak) {
        DatasetBuilder b = Dataset.builder(Metadata.of("tcp", "test"));
        int t = b.addTask(100, 100, "vhost");
        b.slice(0, 0, 30_000_000L, t, SliceState.USER);
        DatasetBuilder.CounterBuilder c = b.counter("TcpExtTCPDSACKRecv", "1/s");
        c.add(0, 0);
        c.add(10_000_000L, peak);
        c.add(20_000_000L, 0);
        return RenderFixtures.build(b);
    }

    @Test
    void aCounterBothSidesHaveIsDrawnToOneScaleAndTheCaptionSaysSo() {
        // s390-uperf full over lazy: A's 200 D-SACKs/s filled A's track as B's 6,500/s filled B's,
        // so the picture showed the same burst on both sides
        TimelineData a = TimelineData.of(dsacks(200));
        TimelineData b = TimelineData.of(dsacks(6500));
        assertEquals(200, a.counterScale(0)[1], "each on its own scale on screen");
        Viewport v = new Viewport(0, 30_000_000L, WIDTH, 400);
        Figure f = Figures.compare("tcp A/B", List.of(), TimelinePanel.of("A", a, v), TimelinePanel.of("B", b, v),
                List.of());
        for (TimelinePanel p : f.panels()) {
            double[] scale = p.data().counterScale(0);
            assertEquals(0, scale[0]);
            assertEquals(6500, scale[1], p.label() + " is drawn to the higher max");
        }
        assertEquals("max 200 1/s", f.panels().get(0).data().counterRangeLabel(0), "A's label keeps its own max");
        assertTrue(f.caption().lines().contains(Figures.COUNTER_SCALE_NOTE), f.caption().lines().toString());

        Figure same = Figures.compare("tcp A/B", List.of(), TimelinePanel.of("A", b, v), TimelinePanel.of("B", b, v),
                List.of());
        assertFalse(same.caption().lines().contains(Figures.COUNTER_SCALE_NOTE), "nothing to say when they agree");
    }

    @Test
    void aCounterAlwaysZeroOnOneSideLeavesTheOthersMaxAsTheScale() {
        // no D-SACK on A (its track's own scale tops out at a made-up 1, nothing to draw), 0.2/s on B:
        // one scale is B's max, not A's made-up top that drew B's burst at a fifth of its track
        TimelineData a = TimelineData.of(dsacks(0));
        TimelineData b = TimelineData.of(dsacks(0.2));
        Viewport v = new Viewport(0, 30_000_000L, WIDTH, 400);
        Figure f = Figures.compare("tcp A/B", List.of(), TimelinePanel.of("A", a, v), TimelinePanel.of("B", b, v),
                List.of());
        for (TimelinePanel p : f.panels()) {
            assertEquals(0.2, p.data().counterScale(0)[1], 1e-12, p.label() + " is drawn to the higher max");
        }
        assertEquals("always 0 1/s", f.panels().get(0).data().counterRangeLabel(0));
        // both flat: nothing to share, each keeps its own scale
        Figure flat = Figures.compare("tcp A/B", List.of(), TimelinePanel.of("A", a, v), TimelinePanel.of("B", a, v),
                List.of());
        assertEquals(1, flat.panels().get(1).data().counterScale(0)[1]);
        assertFalse(flat.caption().lines().contains(Figures.COUNTER_SCALE_NOTE));
    }

    @Test
    void theDeltaTablesTitleNamesTheSpanItsCountsCover() {
        Dataset d = manyCpus(4);
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 203));
        Figure f = Figures.compare("A/B", List.of(), a, a, List.of(List.of("tps", "10", "5", "0.50x")), List.of(),
                List.of(), java.util.Optional.of("the measured 1,000 ms of each side (durationMs, warm-up left out)"));
        assertTrue(f.table().orElseThrow().title().startsWith("A/B deltas over the measured 1,000 ms of each side"
                + " (durationMs, warm-up left out), not only the window drawn"), f.table().orElseThrow().title());
    }

    /** The CPU numbers a figure's panel shows whole, top to bottom. */
    private static List<Integer> cpusShown(TimelinePanel p) {
        TimelineLayout l = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
        return l.visibleRows().stream().filter(r -> r.kind() == TrackKind.CPU && r.topPx() >= l.lanesTopPx() - 1e-9
                && r.bottomPx() <= l.lanesBottomPx() + 1e-9).map(TrackRow::cpu).toList();
    }

    @Test
    void bShowsTheLanesAShowsWhateverBWasScrolledTo() {
        // A scrolled down to the middle CPUs, B left at the top: the figure showed A's CPUs 15-25
        // over B's CPUs 0-10, lane for lane as if they were the same CPUs
        Dataset d = manyCpus(40);
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 203, 200));
        TimelinePanel b = TimelinePanel.of("B", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 203, 0));
        Figure f = Figures.compare("many A/B", List.of(), a, b, List.of());
        List<Integer> shownA = cpusShown(f.panels().get(0));
        assertTrue(shownA.get(0) > 10, "A as scrolled: " + shownA);
        assertEquals(shownA, cpusShown(f.panels().get(1)), "B shows the same CPUs");
        String first = shownA.get(0) + "-" + shownA.get(shownA.size() - 1);
        assertTrue(f.caption().lines().contains("A and B: CPUs " + first + " of 40 shown"),
                f.caption().lines().toString());
        assertFalse(f.caption().lines().stream().anyMatch(l -> l.startsWith("only on")), f.caption().lines().toString());
        // the other way round: B scrolled, A at the top - A's lanes are the picture's
        Figure g = Figures.compare("many A/B", List.of(), b, a, List.of());
        assertEquals(List.of(0), cpusShown(g.panels().get(1)).subList(0, 1), "B follows A to the top");
    }

    @Test
    void cpusOnlyOneSideHasAreNamedInTheCaption() {
        // B run with fewer CPUs (the cpus slider): A scrolled to its last CPUs, which B lacks
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(manyCpus(40)), new Viewport(0, 4000, WIDTH, 203, 10_000));
        TimelinePanel b = TimelinePanel.of("B", TimelineData.of(manyCpus(32)), new Viewport(0, 4000, WIDTH, 203, 0));
        Figure f = Figures.compare("many A/B", List.of(), a, b, List.of());
        List<Integer> shownA = cpusShown(f.panels().get(0));
        List<Integer> shownB = cpusShown(f.panels().get(1));
        assertEquals(39, shownA.get(shownA.size() - 1));
        assertTrue(shownA.get(0) < 32, "the fixture has A show some CPUs B has: " + shownA);
        assertEquals(31, shownB.get(shownB.size() - 1), "B as far down as it goes: " + shownB);
        assertEquals(shownA.size(), shownB.size(), "lane for lane");
        List<String> lines = f.caption().lines();
        assertTrue(lines.contains("only on A: CPUs 32-39 (B has 32 CPUs)"), lines.toString());
        assertTrue(lines.contains("only on B: CPUs " + shownB.get(0) + "-" + (shownA.get(0) - 1)), lines.toString());

        // none of A's CPUs on B: B's last CPUs in the places of A's
        TimelinePanel small = TimelinePanel.of("B", TimelineData.of(manyCpus(16)), new Viewport(0, 4000, WIDTH, 203, 0));
        Figure g = Figures.compare("many A/B", List.of(), a, small, List.of());
        List<Integer> shownSmall = cpusShown(g.panels().get(1));
        assertEquals(15, shownSmall.get(shownSmall.size() - 1), shownSmall.toString());
        assertTrue(g.caption().lines().contains("only on A: CPUs " + shownA.get(0) + "-39 (B has 16 CPUs)"),
                g.caption().lines().toString());
    }

    @Test
    void taskLanesAreMatchedByNameNotByPlace() {
        // B has no lane for w0: its w1 lane lines up with A's w1, not with A's w0
        Dataset d = manyCpus(4);
        TrackSpec specA = new TrackSpec(List.of(0, 1, 2), java.util.Set.of());
        TrackSpec specB = new TrackSpec(List.of(1, 2), java.util.Set.of());
        Viewport screen = new Viewport(0, 4000, WIDTH, 160);
        TimelineLayout la0 = TimelineLayout.of(screen, d, specA);
        TrackRow w1 = la0.find(TrackKind.TASK, 1).orElseThrow();
        Viewport scrolledA = new Viewport(0, 4000, WIDTH, 160, w1.topPx() - la0.lanesTopPx());
        TimelineLayout la = TimelineLayout.of(scrolledA, d, specA);
        TimelineLayout lb = TimelineLayout.of(screen, d, specB);
        double scroll = MatchedLanes.scrollLike(la, lb);
        TimelineLayout lbScrolled = TimelineLayout.of(new Viewport(0, 4000, WIDTH, 160, scroll), d, specB);
        assertEquals(la.find(TrackKind.TASK, 1).orElseThrow().topPx(),
                lbScrolled.find(TrackKind.TASK, 1).orElseThrow().topPx(), 1e-9);

        TimelinePanel a = new TimelinePanel("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 400), specA,
                PaintOptions.DEFAULT);
        TimelinePanel b = new TimelinePanel("B", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 400), specB,
                PaintOptions.DEFAULT);
        Figure f = Figures.compare("tasks A/B", List.of(), a, b, List.of());
        assertTrue(f.caption().lines().contains("only on A: task lane " + d.task(0).label()),
                f.caption().lines().toString());
    }

    /**
     * A's Tasks group folded, B's open: the caption said "only on B: task lanes ..." of lanes A
     * has, folded. A lane the other side has in a folded group is named as folded there.
     */
    @Test
    void lanesTheOtherSideHasFoldedAreSaidToBeFoldedThereNotMissing() {
        Dataset d = manyCpus(2);
        TrackSpec open = new TrackSpec(List.of(0, 1), java.util.Set.of());
        TrackSpec folded = open.collapsing(TrackGroup.TASKS);
        TimelinePanel a = new TimelinePanel("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 400), folded,
                PaintOptions.DEFAULT);
        TimelinePanel b = new TimelinePanel("B", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 400), open,
                PaintOptions.DEFAULT);
        List<String> lines = Figures.compare("tasks A/B", List.of(), a, b, List.of()).caption().lines();
        String lanes = "task lanes " + d.task(0).label() + ", " + d.task(1).label();
        assertTrue(lines.contains("folded on A: " + lanes), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("only on")), lines.toString());
        List<String> other = Figures.compare("tasks A/B", List.of(), b, a, List.of()).caption().lines();
        assertTrue(other.contains("folded on B: " + lanes), other.toString());

        // a lane B has and A has not at all is still only on B, beside the folded ones
        TrackSpec oneFolded = new TrackSpec(List.of(0), java.util.Set.of()).collapsing(TrackGroup.TASKS);
        TimelinePanel a1 = new TimelinePanel("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 400), oneFolded,
                PaintOptions.DEFAULT);
        List<String> mixed = Figures.compare("tasks A/B", List.of(), a1, b, List.of()).caption().lines();
        assertTrue(mixed.contains("folded on A: task lane " + d.task(0).label()), mixed.toString());
        assertTrue(mixed.contains("only on B: task lane " + d.task(1).label()), mixed.toString());
    }

    @Test
    void everyCaptionLineStaysInsideThePictureInTheFontItIsDrawnIn() {
        int width = 420;
        // fits 404 px at the 12 px the caption was measured in, not at the subject's 13 px
        String subject = "run-a.txt.gz + run-b.txt (perf-sched-script+pgbench)";
        String path = "/work/shared/data/real/pgbench-local/runA_perf_sched_script.txt.gz,"
                + "/work/shared/data/real/pgbench-local/runA_pgbench.txt";
        Caption c = new Caption(subject, List.of("source " + path), 0, 4000, "9.9-test");
        TimelinePanel p = TimelinePanel.of("", TimelineData.of(RenderFixtures.twoCpus()),
                new Viewport(0, 4000, width, 220));
        Figure f = Figure.single(c, p);
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<RecordingSurface.Text> caption = s.texts().stream().filter(t -> t.baselineYPx() > 220).toList();
        caption.forEach(t -> assertTrue(t.rightPx() <= width - Figure.PAD_PX + 1e-9, "inside the picture: " + t));
        String all = lastCaptionLines(s, 220);
        assertTrue(all.contains("/work/shared/data") && all.contains("runA_pgbench.txt"),
                "a word wider than a line keeps its start and end: " + all);
        assertTrue(all.contains("\u2026"), all);
        assertTrue(caption.stream().filter(t -> t.text().contains("perf-sched-script")).allMatch(
                t -> t.fontSizePx() == Figure.SUBJECT_FONT_PX), "the subject's lines in the subject's font");
        assertEquals(f.heightPx(s), (int) Math.ceil(caption.get(caption.size() - 1).baselineYPx()
                + Figure.CAPTION_LINE_PX * 0.25 + Figure.PAD_PX));
    }

    @Test
    void aRecordingIsNamedByItsFilesNotTheirPaths() {
        assertEquals("runA_perf_sched_script.txt.gz + runA_pgbench.txt (perf-sched-script+pgbench)",
                Figures.datasetSubject("runA_perf_sched_script.txt.gz + runA_pgbench.txt",
                        Metadata.of("/work/shared/data/real/pgbench-local/runA_perf_sched_script.txt.gz, "
                                + "/work/shared/data/real/pgbench-local/runA_pgbench.txt", "perf-sched-script+pgbench")));
        assertEquals("runA.json (runA_perf_sched_script.txt.gz, perf-sched-script)",
                Figures.datasetSubject("runA.json", Metadata.of("/data/runA_perf_sched_script.txt.gz", "perf-sched-script")));
        assertEquals("run.json (pgbench-graviton4, simulation)",
                Figures.datasetSubject("run.json", Metadata.of("pgbench-graviton4", "simulation")));
        // a saved run says its seed, as a scenario's picture does: without it the run cannot be made again
        assertEquals("lazy.json (teach-kernel-section, simulation, seed 7)", Figures.datasetSubject("lazy.json",
                new Metadata("teach-kernel-section", "simulation", java.util.Map.of(), java.util.OptionalLong.of(7),
                        "0.1.0")));
        assertEquals("trace.json (t.txt, test)",
                Figures.datasetSubject("trace.json", Metadata.of("C:\\traces\\t.txt", "test")));
        // a window cut from a recording of two files says so, the files once (export --from-ms)
        assertEquals("cut.json (window 20..50 ms of runA_perf_sched_script.txt.gz + runA_pgbench.txt,"
                + " perf-sched-script+pgbench)", Figures.datasetSubject("cut.json", new Metadata(
                "/d/runA_perf_sched_script.txt.gz, /d/runA_pgbench.txt", "perf-sched-script+pgbench",
                java.util.Map.of("window", "20..50 ms"), java.util.OptionalLong.empty(), "0.1.0")));
        // a file's own "window" in other words (the bundled example's clock times) is left as it was
        assertEquals("rec.json (runA.txt, perf-sched-script)", Figures.datasetSubject("rec.json", new Metadata(
                "/d/runA.txt", "perf-sched-script", java.util.Map.of("window", "330.000000 s .. 330.050000 s"),
                java.util.OptionalLong.empty(), "0.1.0")));
        // and of a saved run, after the run's seed
        assertEquals("cut.json (teach-kernel-section, simulation, seed 7, window 20..50 ms)", Figures.datasetSubject("cut.json",
                new Metadata("teach-kernel-section", "simulation", java.util.Map.of("window", "20..50 ms"),
                        java.util.OptionalLong.of(7), "0.1.0")));
    }

    @Test
    void theWindowLineStaysLast() {
        Caption c = new Caption("s", List.of("p"), List.of("CPUs 0-6 of 96 shown"), 0, 4000, "9.9-test");
        List<String> lines = c.lines();
        assertEquals(List.of("s", "p", "CPUs 0-6 of 96 shown"), lines.subList(0, 3));
        Matcher m = Pattern.compile("window \\+0 \\.\\. \\+4\\.00 us  \\(span 4\\.00 us\\)    SchedLab 9\\.9-test")
                .matcher(lines.get(3));
        assertTrue(m.matches(), lines.get(3));
    }

    /** Case C's counts of a short run, as a run summary's tcp object has them. */
    private static final java.util.Map<String, Long> FULL = java.util.Map.of("dsack", 2L, "partialAcks", 3L,
            "karnAcks", 2L, "spuriousRetrans", 2L, "fastRetrans", 2L, "dupAcks", 3L, "lostSegments", 1L,
            "outOfOrder", 1L, "retransSegs", 2L);
    private static final java.util.Map<String, Long> LAZY = java.util.Map.of("dsack", 293L, "partialAcks", 619L,
            "karnAcks", 286L, "spuriousRetrans", 293L, "fastRetrans", 288L, "dupAcks", 746L, "lostSegments", 88L,
            "outOfOrder", 252L, "retransSegs", 288L);

    @Test
    void anABPictureOfTwoRunsCountingTcpDrawsTheWiresharkTableUnderTheDeltasWithTheTextsCells() {
        // the picture carried the delta table and its notes, not the table 'compare' ends with and
        // the A/B tab shows: pasted beside the s390 mail, it had no D-SACK / fast retransmission rows
        Dataset d = manyCpus(4);
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, WIDTH, 203));
        Optional<String> span = Optional.of("the measured 30 ms of each side (durationMs, warm-up left out)");
        Figure plain = Figures.compare("s390-uperf  A/B", List.of(), a, a, List.of(List.of("tcp.dsack", "2", "293",
                "x146.50")), List.of(), List.of(), span);
        Optional<TextTable> tcp = Figures.tcpTable("full", FULL, "lazy", LAZY, span);
        Figure f = plain.withTcpTable(tcp);

        TextTable t = f.tcpTable().orElseThrow();
        assertEquals(List.of(plain.table().orElseThrow(), t), f.tables(), "the delta table, then the TCP table");
        assertEquals(List.of("Wireshark warning / note", "full", "lazy", "change"), t.header());
        // the same cells as the text's rows: "| D-SACK Sequence  |  2 |  293 |  x147 |"
        List<List<String>> textRows = org.schedlab.analysis.WiresharkTable.render("full", FULL, "lazy", LAZY).lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| Wireshark"))
                .map(l -> java.util.Arrays.stream(l.substring(1, l.length() - 1).split("\\|")).map(String::strip).toList())
                .toList();
        assertEquals(8, textRows.size(), textRows.toString());
        assertEquals(textRows, t.rows());
        assertEquals(org.schedlab.analysis.WiresharkTable.leftOut(FULL, LAZY).replace('\n', ' '), String.join(" ", t.note()),
                "the line under the text's table, named under the rows");
        assertTrue(t.title().startsWith(Figures.TCP_TITLE_START + span.get()), t.title());

        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        RecordingSurface without = new RecordingSurface();
        plain.paint(without);
        assertTrue(f.heightPx(s) >= plain.heightPx(without) + (t.rows().size() + 3) * Figure.TABLE_ROW_PX,
                "taller by the table's rows: " + plain.heightPx(without) + " -> " + f.heightPx(s));
        List<String> drawn = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertFalse(without.texts().stream().anyMatch(x -> x.text().equals("Wireshark warning / note")));
        int head = drawn.indexOf("Wireshark warning / note");
        assertTrue(head > drawn.indexOf("tcp.dsack"), "under the delta table: " + drawn);
        assertTrue(head < drawn.indexOf("s390-uperf  A/B"), "above the caption: " + drawn);
        List<String> cells = t.rows().stream().flatMap(List::stream).toList();
        assertEquals(cells, drawn.subList(head + 4, head + 4 + cells.size()), "each row's cells, in order");
        assertTrue(drawn.contains("D-SACK Sequence") && drawn.contains("x147") && drawn.contains("x88.0"), drawn.toString());

        // two runs that did not both count TCP: no table, as compare prints none
        assertTrue(Figures.tcpTable("none", java.util.Map.of(), "full", java.util.Map.of(), span).isEmpty());
        assertTrue(Figures.tcpTable("A", FULL, "B", java.util.Map.of(), span).isEmpty());
        assertTrue(plain.tcpTable().isEmpty());
        assertEquals(List.of(plain.table().orElseThrow()), plain.tables());
    }

    @Test
    void theWiresharkTableIsFittedToANarrowPictureAndItsTitleWrapped() {
        // 300 px (render --width allows 250): its 36-column labels and counts ran past the right edge
        int narrow = 300;
        Dataset d = manyCpus(4);
        TimelinePanel a = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, narrow, 203));
        Optional<String> span = Optional.of("the measured 30 ms of each side (durationMs, warm-up left out)");
        Figure f = Figures.compare("s390-uperf  A/B", List.of(), a, a, List.of(List.of("tcp.dsack", "2", "293",
                "x146.50")), List.of(), List.of(), span).withTcpTable(Figures.tcpTable("full", FULL, "lazy", LAZY, span));
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<RecordingSurface.Text> texts = s.texts();
        int head = texts.stream().map(RecordingSurface.Text::text).toList().indexOf("Wireshark warning / note");
        int end = texts.stream().map(RecordingSurface.Text::text).toList().indexOf("s390-uperf  A/B");
        for (RecordingSurface.Text x : texts.subList(head - 2, end)) {
            assertTrue(x.rightPx() <= narrow - Figure.PAD_PX + 1e-9, "inside the picture: " + x);
        }
        RecordingSurface.Text label = texts.stream().filter(x -> x.text().equals("Partial Acknowledgement of a segment"))
                .findFirst().orElseThrow();
        assertTrue(label.fontSizePx() < Figure.TABLE_FONT_PX && label.fontSizePx() >= Figure.MIN_TABLE_FONT_PX,
                "smaller, not cut: " + label);
        // the title on more lines, each inside the picture
        assertTrue(texts.stream().filter(x -> x.text().startsWith(Figures.TCP_TITLE_START)).findFirst().orElseThrow()
                .rightPx() <= narrow, texts.toString());
        assertTrue(texts.get(head - 1).text().startsWith("  "), "the title's last line: " + texts.get(head - 1));
        assertEquals(f.heightPx(s), (int) Math.ceil(texts.get(texts.size() - 1).baselineYPx()
                + Figure.CAPTION_LINE_PX * 0.25 + Figure.PAD_PX), 2, "the height takes in the wrapped title");
        // the caption starts as far under the table's last line as in a 4000 px picture, whose title
        // is one line: the wrapped title's lines are the table's, not the caption's
        TimelinePanel wideA = TimelinePanel.of("A", TimelineData.of(d), new Viewport(0, 4000, 4000, 203));
        Figure wide = Figures.compare("s390-uperf  A/B", List.of(), wideA, wideA, List.of(List.of("tcp.dsack", "2",
                "293", "x146.50")), List.of(), List.of(), span).withTcpTable(Figures.tcpTable("full", FULL, "lazy", LAZY,
                span));
        RecordingSurface ws = new RecordingSurface();
        wide.paint(ws);
        List<String> wideDrawn = ws.texts().stream().map(RecordingSurface.Text::text).toList();
        int wideEnd = wideDrawn.indexOf("s390-uperf  A/B");
        assertEquals(1, ws.texts().stream().filter(x -> x.text().startsWith(Figures.TCP_TITLE_START)).count(),
                "one line at 4000 px");
        assertEquals(ws.texts().get(wideEnd).baselineYPx() - ws.texts().get(wideEnd - 1).baselineYPx(),
                texts.get(end).baselineYPx() - texts.get(end - 1).baselineYPx(), 1e-9,
                "caption under the table's last line: " + texts.get(end - 1) + " / " + texts.get(end));
    }
}
