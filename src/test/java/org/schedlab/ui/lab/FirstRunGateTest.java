package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

import javafx.concurrent.Task;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.HeldExecutor;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On a two-core machine the first screen's A runs alone until its window is in, then B starts:
 * two cold runs side by side share the cores with Java's compiler and both come later. Any end
 * of the first run opens the gate, so a waiting run never waits for good.
 */
@ExtendWith(ApplicationExtension.class)
class FirstRunGateTest extends FxRobot {
    private static final Map<String, String> SHORT = Map.of("durationMs", "300");
    private final ManualScheduler clock = new ManualScheduler();

    /** The simulator, behind a gate that starts closed (a two-core machine). */
    private static final class GatedRunner extends LabFixtures.CountingRunner {
        final FirstRunGate gate = FirstRunGate.forCores(2);

        @Override
        public FirstRunGate gate() {
            return gate;
        }
    }

    private static Map<String, String> with(String model) {
        java.util.LinkedHashMap<String, String> m = new java.util.LinkedHashMap<>(SHORT);
        m.put("preemption", model);
        return m;
    }

    @Test
    void onTwoCoresTheFirstRunGoesAloneAndOnFourNothingWaits() {
        assertFalse(FirstRunGate.forCores(2).isOpen());
        assertFalse(FirstRunGate.forCores(1).isOpen());
        assertSame(FirstRunGate.NONE, FirstRunGate.forCores(4));
        assertFalse(FirstRunGate.NONE.claim("a"));
        assertFalse(FirstRunGate.NONE.claim("b"), "an open gate never queues a run");
        FirstRunGate g = FirstRunGate.closed();
        assertFalse(g.claim("a"), "the first run goes at once");
        assertTrue(g.claim("b"));
        g.release("b");
        assertFalse(g.isOpen(), "only the first run opens it");
        g.release("a");
        assertTrue(g.isOpen());
        assertFalse(g.claim("c"), "open for good");
        assertEquals(0, g.await(() -> false), 1_000_000, "an open gate does not wait");
    }

    @Test
    void aWaitingRunGivesUpWhenCancelled() {
        FirstRunGate g = FirstRunGate.closed();
        g.claim("a");
        assertThrows(CancellationException.class, () -> g.await(() -> true));
        assertFalse(g.isOpen());
    }

    @Test
    void theFirstScreensBStartsWhenAsWindowIsInAndSaysWhyItWaits() throws Exception {
        GatedRunner runner = new GatedRunner();
        HeldExecutor held = new HeldExecutor();
        CompareViewModel vm = new CompareViewModel(held, clock, runner);
        interact(() -> vm.open(LabFixtures.teach(), with("none"), with("full")));
        assertEquals(2, held.held.size());
        RunTask a = (RunTask) held.held.get(0);
        RunTask b = (RunTask) held.held.get(1);
        Thread bThread = new Thread(b, "test-b");
        bThread.start();
        // the side's status line (the task's message, on the FX thread) says why nothing moves
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> vm.side(CompareViewModel.Side.B).statusProperty().get().startsWith("waiting for the first run"));
        assertTrue(runner.calls.isEmpty(), "B does not simulate while A has not reached its window");
        assertTrue(bThread.isAlive());

        interact(a::run); // A simulates on this thread; its window opens the gate
        bThread.join(30_000);
        assertFalse(bThread.isAlive(), "B ran once A's window was in");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("scenario", "full"), runner.calls.stream().map(c -> c.getOrDefault("preemption", "scenario")).toList());
        assertEquals(0, a.queuedNs());
        assertTrue(b.queuedNs() > 0, "B's wait is measured: its latency line names it");
        assertEquals("full", vm.side(CompareViewModel.Side.B).timeline().dataset().metadata().parameters().get("preemption"));
        assertTrue(runner.gate.isOpen());
    }

    @Test
    void aFirstRunCancelledBeforeItStartedLetsTheOthersGo() throws Exception {
        GatedRunner runner = new GatedRunner();
        HeldExecutor held = new HeldExecutor();
        CompareViewModel vm = new CompareViewModel(held, clock, runner);
        interact(() -> vm.open(LabFixtures.teach(), with("none"), with("full")));
        Task<?> a = held.held.get(0);
        Task<?> b = held.held.get(1);
        interact(() -> vm.side(CompareViewModel.Side.A).cancel()); // A never runs
        assertTrue(a.isCancelled());
        assertTrue(runner.gate.isOpen(), "a first run that ends without running opens the gate");
        Thread bThread = new Thread(b, "test-b");
        bThread.start();
        bThread.join(30_000);
        assertFalse(bThread.isAlive(), "B did not wait for a run that will never come");
        assertEquals(List.of("full"), runner.calls.stream().map(c -> c.getOrDefault("preemption", "scenario")).toList());
    }

    @Test
    void theLatencyLineNamesTheWaitForTheFirstRun() {
        Latency l = new Latency(0, 2_100_000_000L, 1_500_000_000L, 40_000_000L, 0, 0, 90_000_000L);
        assertEquals("timeline in 3730 ms (waited 2100 ms for the first run, simulate 1500 ms to the window's end,"
                + " dataset 40 ms, paint 90 ms)", l.timelineText());
        Latency none = new Latency(0, 0, 700_000_000L, 40_000_000L, 0, 0, 90_000_000L);
        assertFalse(none.timelineText().contains("waited"));
    }
}
