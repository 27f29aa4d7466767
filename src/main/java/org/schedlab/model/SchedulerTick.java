package org.schedlab.model;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The scheduler tick of a simulated machine: every CPU ticks together at each multiple of
 * {@link #periodNs} from simulated time 0. The simulator schedules its ticks by this rule and the
 * timeline draws them by it, so a preemption that waited for the tick (a lazy request, a slice
 * expiry) sits exactly under a drawn tick. Recordings carry no tick: a perf or ftrace trace says
 * nothing of the traced kernel's HZ or of the phase of its ticks.
 */
public final class SchedulerTick {
    /** The parameter of a simulated run's metadata that holds its resolved HZ. */
    public static final String HZ_PARAMETER = "hz";

    private SchedulerTick() {
    }

    /**
     * The time between two ticks at {@code hz} ticks a second, in whole nanoseconds rounded to the
     * nearest, as the kernel's TICK_NSEC ({@code (NSEC_PER_SEC + HZ/2) / HZ}) rounds it: the same as
     * 1 s / HZ cut to whole ns for the HZ a run can have (100, 250, 300, 1000), but not for one a
     * dataset names otherwise (alpha's 1024: 976,563 ns, not 976,562).
     */
    public static long periodNs(int hz) {
        if (hz < 1) {
            throw new IllegalArgumentException("hz must be >= 1, was " + hz);
        }
        return (1_000_000_000L + hz / 2) / hz;
    }

    /**
     * The HZ a dataset's ticks came at: a simulated run's resolved {@value #HZ_PARAMETER}
     * parameter; empty for a recording, or for a simulated dataset that does not say (a file
     * written by hand, a value that is not a positive number).
     */
    public static OptionalInt hz(Metadata m) {
        if (!m.simulated()) {
            return OptionalInt.empty();
        }
        String v = m.parameters().get(HZ_PARAMETER);
        return v == null ? OptionalInt.empty() : parseHz(v);
    }

    /** The most ticks a second a dataset may name: more would put ticks less than 1 ns apart. */
    public static final int MAX_HZ = 1_000_000_000;

    /**
     * {@code value} as an HZ ticks can be drawn at: a whole number from 1 to {@value #MAX_HZ},
     * blanks around it allowed; empty for anything else (a typo such as {@code 25O}, {@code 0},
     * {@code 250.0}).
     */
    public static OptionalInt parseHz(String value) {
        try {
            int hz = Integer.parseInt(value.strip());
            return hz >= 1 && hz <= MAX_HZ ? OptionalInt.of(hz) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * What is wrong with a simulated dataset's {@value #HZ_PARAMETER} parameter {@code value}, for
     * the warning of the file that gives it: empty when {@link #parseHz} reads it. Without a
     * readable HZ the run's timeline has no scheduler ticks, which the text says. The whole value
     * is checked, as {@link #hz(Metadata)} reads it; {@code shown} is only how the text quotes it
     * (cut short, its control characters made visible): a value checked as quoted ended in "..."
     * past 40 characters and was called damaged while its ticks were drawn.
     */
    public static java.util.Optional<String> hzProblem(String value, java.util.function.UnaryOperator<String> shown) {
        if (parseHz(value).isPresent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("parameter " + HZ_PARAMETER + " is \"" + shown.apply(value) + "\", expected the"
                + " scheduler tick rate, a whole number of ticks a second from 1 to " + MAX_HZ
                + " (such as 250): no scheduler ticks are drawn");
    }

    /** {@link #periodNs(int)} of {@link #hz(Metadata)}: empty when the dataset's ticks are unknown. */
    public static OptionalLong periodNs(Metadata m) {
        OptionalInt hz = hz(m);
        return hz.isPresent() ? OptionalLong.of(periodNs(hz.getAsInt())) : OptionalLong.empty();
    }
}
