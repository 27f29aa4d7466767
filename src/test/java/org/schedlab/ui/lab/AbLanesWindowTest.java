package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.ComparisonTable;
import org.schedlab.render.Figure;
import org.schedlab.render.RecordingSurface;
import org.schedlab.render.TextTable;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.TrackKind;
import org.schedlab.render.TrackRow;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.lab.CompareViewModel.Side;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A/B lanes in the real window, headless: scrolling one side's lanes scrolls the other to the
 * same CPUs while "Link lanes" is on (and a rerun keeps them), not when it is off; the exported
 * picture shows A's lanes on both sides either way; with several seeds its table carries the
 * min..max lines of Copy table.
 */
@ExtendWith(ApplicationExtension.class)
class AbLanesWindowTest extends FxRobot {
    /** Eight CPUs: more lanes than a card shows, so they scroll. */
    private static final Map<String, String> EIGHT = Map.of("cpus", "8", "durationMs", "300");

    @RegisterExtension
    final LabWindowFixture fx = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        fx.show(stage);
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 30, condition);
    }

    private static Map<String, String> with(Map<String, String> m, String k, String v) {
        Map<String, String> out = new java.util.HashMap<>(m);
        out.put(k, v);
        return out;
    }

    private TimelineView view(Side s) {
        return fx.ui.comparePane().card(s).timelineView();
    }

    private void openEightCpus(int seeds) throws TimeoutException {
        CompareViewModel vm = fx.lab.compare();
        interact(() -> {
            vm.seedsProperty().set(seeds);
            vm.open(LabFixtures.teach(), with(EIGHT, "preemption", "none"), with(EIGHT, "preemption", "full"));
            fx.ui.showCompare();
        });
        waitUntil("both sides painted and the table", () -> !vm.rows().isEmpty() && !vm.rowsStaleProperty().get()
                && view(Side.A).lastPaintedViewport().isPresent() && view(Side.B).lastPaintedViewport().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The label of the first lane whose top is in sight (CPU lanes only, as the test scrolls among them). */
    private static String firstWholeCpu(TimelineLayout l) {
        return l.visibleRows().stream().filter(r -> r.kind() == TrackKind.CPU && r.topPx() >= l.lanesTopPx() - 1e-9)
                .findFirst().map(TrackRow::label).orElse("none");
    }

    private String firstWholeCpu(Side s) {
        String[] got = new String[1];
        interact(() -> got[0] = firstWholeCpu(view(s).currentLayout()));
        return got[0];
    }

    private void scrollDown(Side s, int times) {
        interact(() -> view(s).requestFocus());
        for (int i = 0; i < times; i++) {
            type(KeyCode.DOWN);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Figure exported() {
        Figure[] f = new Figure[1];
        interact(() -> f[0] = LabViewSources.compare(fx.lab.compare(), fx.ui.comparePane()).figure().orElseThrow());
        return f[0];
    }

    private static List<String> cpusShown(TimelinePanel p) {
        TimelineLayout l = TimelineLayout.of(p.viewport(), p.data().dataset(), p.spec());
        return l.visibleRows().stream().filter(r -> r.kind() == TrackKind.CPU).map(TrackRow::label).toList();
    }

    @Test
    void scrollingOneSideScrollsTheOtherToTheSameCpusUntilTheLinkIsOff() throws Exception {
        openEightCpus(1);
        double[] max = new double[1];
        interact(() -> max[0] = view(Side.A).currentLayout().maxScrollPx());
        assertTrue(max[0] > 40, "the fixture's lanes scroll: " + max[0]);
        assertEquals("CPU 0", firstWholeCpu(Side.A));

        scrollDown(Side.A, 1);
        String a = firstWholeCpu(Side.A);
        assertTrue(!a.equals("CPU 0") && !a.equals("none"), "A scrolled: " + a);
        assertEquals(a, firstWholeCpu(Side.B), "B follows A lane for lane");

        scrollDown(Side.B, 1);
        assertEquals(firstWholeCpu(Side.B), firstWholeCpu(Side.A), "and A follows B");

        clickOn("#ab-link-lanes");
        assertTrue(!fx.lab.compare().lanesLinkedProperty().get(), "unlinked");
        String before = firstWholeCpu(Side.A);
        interact(() -> view(Side.B).viewModel().laneScrollPxProperty().set(0)); // B's scroll bar to the top
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("CPU 0", firstWholeCpu(Side.B));
        assertEquals(before, firstWholeCpu(Side.A), "unlinked, A stays");

        // the picture compares like with like all the same: A's lanes on both sides
        Figure f = exported();
        List<String> shownA = cpusShown(f.panels().get(0));
        assertEquals(before, shownA.get(0));
        assertEquals(shownA, cpusShown(f.panels().get(1)));
        assertTrue(f.caption().lines().stream().anyMatch(l -> l.startsWith("A and B: CPUs " + before.substring(4) + "-")),
                f.caption().lines().toString());

        clickOn("#ab-link-lanes");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, firstWholeCpu(Side.B), "linked again: B joins A");
    }

    @Test
    void aRerunOfOneSideKeepsTheLanesInSight() throws Exception {
        openEightCpus(1);
        scrollDown(Side.A, 1);
        String a = firstWholeCpu(Side.A);
        assertTrue(!a.equals("CPU 0"), a);
        var oldB = view(Side.B).viewModel().dataset();
        interact(() -> fx.lab.compare().panel(Side.B).param("preemption").orElseThrow().set("lazy"));
        waitUntil("B's new run painted", () -> view(Side.B).viewModel().dataset() != oldB
                && view(Side.B).lastPaintedViewport().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(a, firstWholeCpu(Side.B), "the new run opens at the CPUs A shows, not at CPU 0");
        assertEquals(a, firstWholeCpu(Side.A));
    }

    @Test
    void withSeveralSeedsThePicturesTableHasTheSpreadUnderEachMeanAsCopyTableHas() throws Exception {
        openEightCpus(2);
        Figure f = exported();
        TextTable t = f.table().orElseThrow();
        List<List<String>> ranges = ComparisonTable.rangeCells(fx.lab.compare().rows());
        assertEquals(ranges, t.underRows(), "a min..max line under every row");
        String copied = fx.lab.compare().tableText();
        for (List<String> r : ranges) {
            assertTrue(copied.lines().anyMatch(l -> l.matches("\\s+" + java.util.regex.Pattern.quote(r.get(1)) + "\\s+"
                    + java.util.regex.Pattern.quote(r.get(2)))), "as Copy table has it: " + r + "\n" + copied);
        }
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<String> drawn = s.texts().stream().map(RecordingSurface.Text::text).toList();
        assertTrue(drawn.containsAll(List.of(ranges.get(0).get(1), ranges.get(0).get(2))),
                "throughput's spread is drawn: " + drawn);
        assertTrue(t.title().contains("min..max"), t.title());
    }
}
