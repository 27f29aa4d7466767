package org.schedlab.ui.lab;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Optional;

import javafx.beans.value.ObservableValue;

/**
 * Prints when the first screen's steps reach the screen, in milliseconds since the JVM started
 * (so a launch's class loading and JIT are in the figures): each side's run starting, its
 * timeline painted, its summary in, the A/B table filled, what the look-ahead does, and (from
 * {@code WorkbenchApp}) the Dataset tab's first exact frame of what was opened. Turned on
 * with {@code -Dschedlab.firstScreenTimes=true} (the app, see {@code WorkbenchApp}); a measurement
 * aid for launches taken over and over (docs/BENCHMARKS.md), silent otherwise. Every line is
 * printed on the FX thread as the event reaches it, so the times are when the user could see it.
 * Later runs' phases, tables and runs ahead go on being printed; the painted and summary lines are
 * the first screen's only.
 */
public final class FirstScreenTimes {
    /** The system property that turns the lines on. */
    public static final String PROPERTY = "schedlab.firstScreenTimes";

    private final PrintStream out;

    private FirstScreenTimes(PrintStream out) {
        this.out = out;
    }

    /** Whether the app was started with {@value #PROPERTY}. */
    public static boolean wanted() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** Follows {@code lab}'s A/B sides, table and look-ahead, printing one line per step to {@code out}. */
    public static FirstScreenTimes follow(LabViewModel lab, PrintStream out) {
        FirstScreenTimes t = new FirstScreenTimes(out);
        CompareViewModel compare = lab.compare();
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            RunViewModel run = compare.side(s);
            String side = s.name();
            run.phaseProperty().addListener((obs, was, now) -> t.line(side + " " + now.name().toLowerCase(Locale.ROOT)));
            once(run.timelineLatencyProperty(), l -> t.line(side + " timeline painted: " + l.timelineText()));
            once(run.latencyProperty(), l -> t.line(side + " summary in: " + l.text()));
        }
        compare.rows().addListener((javafx.collections.ListChangeListener<Object>) c -> {
            if (!compare.rows().isEmpty()) {
                t.line("table shown (" + compare.rows().size() + " rows)");
            }
        });
        lab.lookaheadStatusProperty().addListener((obs, was, now) ->
                t.line(now.isEmpty() ? "look-ahead idle" : now));
        return t;
    }

    /** Prints {@code what} with the time since the JVM started. */
    public void line(String what) {
        out.printf(Locale.ROOT, "first screen %7d ms: %s%n", ManagementFactory.getRuntimeMXBean().getUptime(), what);
    }

    private static <T> void once(ObservableValue<Optional<T>> value, java.util.function.Consumer<T> then) {
        value.addListener(new javafx.beans.value.ChangeListener<Optional<T>>() {
            @Override
            public void changed(ObservableValue<? extends Optional<T>> o, Optional<T> was, Optional<T> now) {
                if (now.isPresent()) {
                    value.removeListener(this);
                    then.accept(now.get());
                }
            }
        });
    }
}
