package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;

class TimelineLayoutTest {

    @Test
    void timeAndPixelsConvertBothWays() {
        TimelineLayout l = TimelineLayout.of(new Viewport(1_000, 2_000, TimelineLayout.LABEL_WIDTH_PX + 500, 400), 2);
        assertEquals(2.0, l.nsPerPx());
        assertEquals(TimelineLayout.LABEL_WIDTH_PX, l.xOf(1_000));
        assertEquals(TimelineLayout.LABEL_WIDTH_PX + 250, l.xOf(1_500));
        assertEquals(1_500, l.timeAt(l.xOf(1_500)));
    }

    @Test
    void hitTestingFindsTheRowThatWasDrawnThereAndNothingInTheGaps() {
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1000, 600, 400), 3);
        assertEquals(TrackKind.HEADER, l.rowAt(l.lanesTopPx() + 1).orElseThrow().kind());
        for (int i = 0; i < 3; i++) {
            TrackRow row = l.cpuLane(i);
            assertEquals(i, l.rowAt(row.topPx()).orElseThrow().cpu());
            assertEquals(i, l.rowAt(row.bottomPx() - 0.01).orElseThrow().cpu());
            assertTrue(l.rowAt(row.bottomPx() + 0.5).isEmpty(), "gap below lane " + i);
        }
        assertTrue(l.rowAt(5).isEmpty(), "the axis is no row");
        assertTrue(l.rowAt(399).isEmpty(), "the legend is no row");
    }

    @Test
    void fewLanesGrowToAComfortableHeightAndManyLanesScroll() {
        TimelineLayout few = TimelineLayout.of(new Viewport(0, 1000, 600, 800), 2);
        assertEquals(TimelineLayout.MAX_CPU_HEIGHT_PX, few.cpuLaneHeightPx());
        assertEquals(0, few.maxScrollPx());

        TimelineLayout many = TimelineLayout.of(new Viewport(0, 1000, 600, 400, 1e9), 96);
        assertEquals(TimelineLayout.MIN_CPU_HEIGHT_PX, many.cpuLaneHeightPx());
        assertTrue(many.maxScrollPx() > 0);
        assertEquals(many.maxScrollPx(), many.scrollPx(), "scroll stops at the last lane");
        TrackRow last = many.cpuLane(95);
        assertTrue(last.bottomPx() <= many.lanesBottomPx() && last.bottomPx() > many.lanesBottomPx() - 10,
                "last lane sits at the bottom when scrolled to the end");
        assertEquals(95, many.rowAt(last.topPx() + 1).orElseThrow().cpu());
    }

    @Test
    void onlyTheVisibleRowsOf96CpusAreLaidOutForDrawing() {
        TimelineLayout many = TimelineLayout.of(new Viewport(0, 1000, 600, 400, 300), 96);
        List<TrackRow> rows = many.visibleRows();
        assertTrue(rows.size() < 40, "a window's worth of rows, got " + rows.size());
        for (TrackRow r : rows) {
            assertTrue(r.bottomPx() > many.lanesTopPx() && r.topPx() < many.lanesBottomPx(), r.toString());
        }
        int first = rows.get(0).cpu();
        assertTrue(first > 10, "scrolled past the first lanes, starts at " + first);
    }

    @Test
    void groupsComeInOrderAndCollapseToTheirHeader() {
        Dataset d = LockHolderPreemption.dataset();
        Viewport vp = new Viewport(d.startNs(), d.endNs(), 1200, 2000);
        TimelineLayout open = TimelineLayout.of(vp, d, new TrackSpec(List.of(0, 10), Set.of()));
        List<TrackRow> rows = open.visibleRows();
        assertEquals(TrackGroup.CPUS, rows.get(0).group());
        assertEquals("CPUs (10)", rows.get(0).label());
        assertEquals(1 + 10 + 1 + 2 + 1 + 1 + 1 + 3, rows.size());
        assertEquals(TrackKind.TASK, rows.get(12).kind());
        assertEquals("postgres[5000]", rows.get(12).label());
        assertEquals(TrackKind.LOCK, rows.get(15).kind());
        assertEquals(LockHolderPreemption.LOCK, rows.get(15).label());
        assertEquals(TrackKind.COUNTER, rows.get(17).kind());

        TimelineLayout folded = TimelineLayout.of(vp, d, new TrackSpec(List.of(0), Set.of(TrackGroup.CPUS,
                TrackGroup.COUNTERS)));
        List<TrackRow> left = folded.visibleRows();
        assertEquals(List.of(TrackKind.HEADER, TrackKind.HEADER, TrackKind.TASK, TrackKind.HEADER, TrackKind.LOCK,
                TrackKind.HEADER), left.stream().map(TrackRow::kind).toList());
    }

    @Test
    void throughputComesFirstAndTheKernelsNetworkCountersLastWhateverTheFilesOrder() throws Exception {
        // an nstat snapshot read before the pgbench log, as a file chooser sorts them
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("runA", "merged"));
        int t = b.addTask(1, 1, "postgres");
        b.slice(0, 0, 1_000_000, t, org.schedlab.model.SliceState.USER);
        for (String nstat : new String[] {"IpInReceives", "IcmpInMsgs", "TcpRetransSegs", "TcpExtTCPDSACKRecv"}) {
            b.counter(nstat, "count").add(0, 5);
        }
        b.counter("pgbench latency", "ms").add(0, 7.3);
        b.counter("pgbench tps", "tps").add(0, 2100);
        Dataset d = b.build();
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1_000_000, 600, 2000), d, TrackSpec.DEFAULT);
        List<String> counters = new java.util.ArrayList<>();
        for (int i = 0; i < l.rowCount(); i++) {
            if (l.row(i).kind() == TrackKind.COUNTER) {
                counters.add(d.counters().get(l.row(i).ref()).name());
            }
        }
        assertEquals(List.of("pgbench tps", "pgbench latency", "IpInReceives", "IcmpInMsgs", "TcpRetransSegs",
                "TcpExtTCPDSACKRecv"), counters);
    }
    /**
     * The bundled recording with its perf lock contention: 2 CPUs and 34 lock lanes in the Dataset
     * tab of a 1280 x 720 window (about 430 px of lanes). The lock lanes scroll whatever the CPU
     * lanes get, so the CPU lanes - what ran where - keep a readable height on the first screen.
     */
    @Test
    void manyLockLanesDoNotSqueezeTheCpuLanesToTheMinimum() throws Exception {
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("locks", "merged"));
        int t = b.addTask(1, 1, "postgres");
        b.slice(0, 0, 1_000_000, t, org.schedlab.model.SliceState.USER);
        b.slice(1, 0, 1_000_000, t, org.schedlab.model.SliceState.USER);
        for (int l = 0; l < 34; l++) {
            b.lock("0xffff8886" + l, "spin", false).hold(l * 1_000, l * 1_000 + 500, t);
        }
        Dataset d = b.build();
        double height = 430 + TimelineLayout.AXIS_HEIGHT_PX + TimelineLayout.LEGEND_HEIGHT_PX;
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1_000_000, 900, height), d, TrackSpec.DEFAULT);
        assertEquals(34 + 2 + 2, l.rowCount());
        assertTrue(l.cpuLaneHeightPx() >= 40, "CPU lanes " + l.cpuLaneHeightPx() + " px beside lock lanes of "
                + TimelineLayout.LOCK_HEIGHT_PX + " px");
        assertTrue(l.cpuLane(1).bottomPx() < l.lanesTopPx() + 215, "both CPU lanes in the upper half");
        assertTrue(l.maxScrollPx() > 0, "the lock lanes scroll");

        // rows that fit keep giving the CPU lanes all the room left, as before
        TimelineLayout few = TimelineLayout.of(new Viewport(0, 1_000_000, 900, 2000), d, TrackSpec.DEFAULT);
        assertEquals(TimelineLayout.MAX_CPU_HEIGHT_PX, few.cpuLaneHeightPx());
    }

    /**
     * A teaching scenario in one pane of the A/B tab (about 117 px of lanes): one CPU, tasks A and
     * B, three counters that scroll. The CPU lane took half of the pane, and task B - whose
     * wake-up the lesson is about - was cut off under A; it now stays in view with the CPU.
     */
    @Test
    void oneCpuInAShortPaneLeavesItsTaskLanesInView() throws Exception {
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("teach", "simulation"));
        int a = b.addTask(2001, 2001, "A");
        int bTask = b.addTask(2002, 2002, "B");
        b.slice(0, 0, 900_000, a, org.schedlab.model.SliceState.KERNEL);
        b.slice(0, 900_000, 1_000_000, bTask, org.schedlab.model.SliceState.USER);
        for (String c : List.of("throughput", "waiting for a CPU", "spinning CPUs")) {
            b.counter(c, "count").add(0, 1).add(500_000, 2);
        }
        Dataset d = b.build();
        double height = 117 + TimelineLayout.AXIS_HEIGHT_PX + TimelineLayout.LEGEND_HEIGHT_PX;
        TrackSpec spec = TrackSpec.DEFAULT.withTaskLanes(List.of(a, bTask));
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1_000_000, 900, height), d, spec);
        TrackRow taskB = l.visibleRows().stream().filter(r -> r.kind() == TrackKind.TASK && r.ref() == bTask)
                .findFirst().orElseThrow(() -> new AssertionError("task B not in view: " + l.visibleRows()));
        assertTrue(taskB.bottomPx() <= l.lanesBottomPx(), "task B whole: " + taskB + " above " + l.lanesBottomPx());
        assertTrue(l.cpuLaneHeightPx() >= 18, "the CPU lane still readable: " + l.cpuLaneHeightPx());
        assertTrue(l.maxScrollPx() > 0, "the counters scroll");
    }

    /**
     * teach-remote-wakeup in an A/B side on a laptop (73 px of lanes): two CPUs, tasks W, A and
     * B, three counters. The CPU lanes and the three task lanes cannot all be in sight; the pane
     * opens on the task lanes from their header, the CPU lanes a scroll up - and at the top where
     * everything fits, or where the CPU lanes fill the pane themselves.
     */
    @Test
    void twoCpusInAShortPaneOpenOnTheirTaskLanes() throws Exception {
        double height = 73 + TimelineLayout.AXIS_HEIGHT_PX + TimelineLayout.LEGEND_HEIGHT_PX;
        Dataset two = remoteWakeup(2);
        TrackSpec spec = TrackSpec.DEFAULT.withTaskLanes(List.of(0, 1, 2));
        TimelineLayout top = TimelineLayout.of(new Viewport(0, 1_000_000, 900, height), two, spec);
        double open = top.openingScrollPx();
        TimelineLayout l = TimelineLayout.of(new Viewport(0, 1_000_000, 900, height, open), two, spec);
        assertEquals("Tasks (3)", l.visibleRows().get(0).label(), "the Tasks header on top: " + l.visibleRows());
        assertEquals(l.lanesTopPx(), l.visibleRows().get(0).topPx(), 1e-9, "the header whole");
        for (int t = 0; t < 3; t++) {
            TrackRow row = l.find(TrackKind.TASK, t).orElseThrow();
            assertTrue(row.topPx() >= l.lanesTopPx() && row.bottomPx() <= l.lanesBottomPx(),
                    "task " + two.task(t).label() + " whole: " + row + " in " + l.lanesTopPx() + ".."
                            + l.lanesBottomPx());
        }
        assertTrue(l.cpuLane(1).bottomPx() <= l.lanesTopPx(), "the CPU lanes above: " + l.cpuLane(1));

        assertEquals(0, TimelineLayout.of(new Viewport(0, 1_000_000, 900, 600), two, spec).openingScrollPx(),
                "all in sight: the top");
        Dataset many = remoteWakeup(96);
        assertEquals(0, TimelineLayout.of(new Viewport(0, 1_000_000, 900, height), many, spec).openingScrollPx(),
                "96 CPU lanes fill the pane: the top");
        assertEquals(0, TimelineLayout.of(new Viewport(0, 1_000_000, 900, height), two,
                spec.collapsing(TrackGroup.TASKS)).openingScrollPx(), "task lanes folded: the top");
    }

    /** {@code cpus} CPUs, W on the last, A then B on CPU 0, and the counters a teaching run has. */
    private static Dataset remoteWakeup(int cpus) throws Exception {
        org.schedlab.model.DatasetBuilder b = Dataset.builder(org.schedlab.model.Metadata.of("teach", "simulation"));
        int w = b.addTask(3003, 3003, "W");
        int a = b.addTask(3001, 3001, "A");
        int bTask = b.addTask(3002, 3002, "B");
        b.slice(cpus - 1, 0, 1_000_000, w, org.schedlab.model.SliceState.USER);
        b.slice(0, 0, 900_000, a, org.schedlab.model.SliceState.USER);
        b.slice(0, 900_000, 1_000_000, bTask, org.schedlab.model.SliceState.USER);
        for (String c : List.of("throughput", "waiting for a CPU", "spinning CPUs")) {
            b.counter(c, "count").add(0, 1).add(500_000, 2);
        }
        return b.build();
    }
}
