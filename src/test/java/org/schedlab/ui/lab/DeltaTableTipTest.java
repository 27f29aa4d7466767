package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The A/B tab's delta table lists case B's {@code mmap_lock spinWhile.handoff}, where v5.10's
 * spinning readers' CPU went, and {@code mmap_lock rwsem_opt_rlock}, n/a on the backport's side,
 * with nothing on screen to say what either counts: the metric's tooltip says it, as the notes
 * under {@code compare}'s table do. Other rows keep their name alone.
 */
@ExtendWith(ApplicationExtension.class)
class DeltaTableTipTest {
    @Test
    void anRwsemsRowsSayWhatTheyCountInTheirTooltip() {
        String handoff = DeltaTable.tip("mmap_lock spinWhile.handoff");
        assertTrue(handoff.startsWith("mmap_lock spinWhile.handoff\n"), handoff);
        assertTrue(handoff.contains("handoff = nobody held it, but HANDOFF reserved it for the woken first waiter"),
                handoff);
        assertTrue(handoff.contains("add up to the lock's part of cpu.spin"), handoff);
        String event = DeltaTable.tip("mmap_lock rwsem_opt_rlock");
        assertTrue(event.contains("lock_event_counts") && event.contains("n/a where that kernel has no such counter"),
                event);
        assertEquals("throughput (ops/s)", DeltaTable.tip("throughput (ops/s)"));
    }

    /** The table's metric column makes its cells with that tooltip: a plain cell had the name alone. */
    @Test
    void theMetricColumnsCellsHaveThatTooltip() {
        DeltaTable table = org.schedlab.ui.FxWait.onFx(() -> new DeltaTable(new CompareViewModel(
                javafx.concurrent.Task::run, new ManualScheduler(), new LabFixtures.CountingRunner())));
        @SuppressWarnings("unchecked")
        var metric = (javafx.scene.control.TableColumn<org.schedlab.analysis.SummaryComparison.Row, String>)
                table.getColumns().get(0);
        var cell = org.schedlab.ui.FxWait.onFx(() -> metric.getCellFactory().call(metric));
        assertTrue(cell instanceof SummaryTable.TipCell<?>, cell.getClass().getName());
        assertEquals(DeltaTable.tip("mmap_lock spinWhile.handoff"),
                ((SummaryTable.TipCell<?>) cell).tipText("mmap_lock spinWhile.handoff"));
    }
}
