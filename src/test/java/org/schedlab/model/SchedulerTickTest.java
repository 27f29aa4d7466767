package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

/** The tick period the simulator ticks by and the timeline draws by, and where a dataset's HZ comes from. */
class SchedulerTickTest {
    private static Metadata meta(String format, Map<String, String> params) {
        return new Metadata("t", format, params, OptionalLong.empty(), Version.current());
    }

    @Test
    void thePeriodIsASecondOverHzInWholeNanoseconds() {
        assertEquals(4_000_000L, SchedulerTick.periodNs(250));
        assertEquals(1_000_000L, SchedulerTick.periodNs(1000));
        assertEquals(3_333_333L, SchedulerTick.periodNs(300));
        assertThrows(IllegalArgumentException.class, () -> SchedulerTick.periodNs(0));
    }

    @Test
    void aPeriodNotWholeInNanosecondsRoundsToTheNearestAsTickNsecDoes() {
        // TICK_NSEC is (NSEC_PER_SEC + HZ/2) / HZ: alpha's HZ=1024 ticks every 976,562.5 ns, taken as 976,563
        assertEquals(976_563L, SchedulerTick.periodNs(1024));
        assertEquals(OptionalLong.of(976_563L), SchedulerTick.periodNs(meta(Metadata.SIMULATION, Map.of("hz", "1024"))));
        // a third of a nanosecond stays below the half
        assertEquals(3_333_333L, SchedulerTick.periodNs(300));
    }

    @Test
    void onlyASimulatedRunThatNamesAPositiveHzHasTicks() {
        assertEquals(OptionalInt.of(300), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of("hz", "300"))));
        assertEquals(OptionalLong.of(3_333_333L), SchedulerTick.periodNs(meta(Metadata.SIMULATION, Map.of("hz", "300"))));
        assertEquals(OptionalInt.empty(), SchedulerTick.hz(meta("perf-sched-script", Map.of("hz", "250"))));
        assertEquals(OptionalInt.empty(), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of())));
        assertEquals(OptionalInt.empty(), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of("hz", "auto"))));
        assertEquals(OptionalInt.empty(), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of("hz", "0"))));
        assertEquals(OptionalLong.empty(), SchedulerTick.periodNs(meta("ftrace", Map.of())));
        // more than 1e9 ticks a second are less than 1 ns apart: past 2e9 the period rounds to 0
        assertEquals(OptionalInt.of(1_000_000_000), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of("hz", "1000000000"))));
        assertEquals(OptionalInt.empty(), SchedulerTick.hz(meta(Metadata.SIMULATION, Map.of("hz", "2100000000"))));
    }
}
