package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;

/**
 * The Key listed every lock-lane entry ("holder off CPU", "spinning waiters", "sleeping
 * waiters") whenever a lock lane was shown: zoomed into a window of pgbench-graviton4 without a
 * spinner it keyed the red of spinning waiters that no column drew, taking room from what was
 * drawn. Each is keyed where a lock lane in view draws it, as the CPU strips are.
 * {@link LockHolderPreemption}: the holder is off its CPU over [150,350) us, backends spin
 * [165,470), the sleeper sleeps [200,480).
 */
class LockKeyInViewTest {
    private static final List<String> LOCK_KEYS = List.of("write hold", "holder off CPU", "spinning waiters",
            "sleeping waiters");
    private final Dataset d = LockHolderPreemption.dataset();

    /** The lock-lane entries of the Key over {@code fromUs..toUs}, the lock lane in view. */
    private List<String> lockKeys(long fromUs, long toUs) {
        Viewport vp = new Viewport(us(fromUs), us(toUs), TimelineLayout.LABEL_WIDTH_PX + 600, 1400);
        TimelineData data = TimelineData.prepare(d, () -> false);
        TrackSpec spec = new TrackSpec(List.of(), Set.of());
        assertTrue(TimelineLayout.of(vp, d, spec).visibleRows().stream().anyMatch(r -> r.kind() == TrackKind.LOCK),
                "the lock lane is in view");
        FrameSummary f = new TimelineRenderer().render(data, vp, spec, HighlightIndex.NONE, PaintOptions.DEFAULT,
                new RecordingSurface());
        return f.keys().stream().map(LegendEntry::label).filter(LOCK_KEYS::contains).toList();
    }

    @Test
    void aWindowWithAllOfThemKeysAll() {
        assertEquals(List.of("holder off CPU", "spinning waiters", "sleeping waiters"), lockKeys(0, 600));
    }

    @Test
    void aWindowWithoutASpinnerKeysNoSpinningWaiters() {
        assertEquals(List.of("sleeping waiters"), lockKeys(472, 478), "only the sleeper waits there");
    }

    @Test
    void aWindowWithWaitersButTheHolderOnItsCpuKeysNoHatching() {
        assertEquals(List.of("spinning waiters", "sleeping waiters"), lockKeys(360, 460));
    }

    @Test
    void aWindowBeforeTheLockIsTakenKeysNoneOfThem() {
        assertEquals(List.of(), lockKeys(0, 90));
    }
}
