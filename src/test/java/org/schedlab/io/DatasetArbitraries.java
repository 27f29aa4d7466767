package org.schedlab.io;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Intervals;
import org.schedlab.model.InvalidDatasetException;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;
import org.schedlab.model.WaitMode;

/**
 * Valid datasets of every shape: random tasks, CPUs (some empty), slices of every state incl.
 * idle without a task, task lanes, exclusive and shared locks with spin/sleep waiters, counters
 * (some empty), marks, metadata with and without a seed. Built through DatasetBuilder, so each
 * one is valid by construction; sizes stay small so shrinking finds minimal failures.
 */
final class DatasetArbitraries {
    private DatasetArbitraries() {
    }

    /** Text a real comm, lock or counter name can hold: quotes, escapes, control and non-ASCII characters. */
    static Arbitrary<String> text() {
        return Arbitraries.strings().withCharRange(' ', '~').withChars('\n', '\t', '"', '\\', '\u0000', 'ü', '中', '→')
                .ofMaxLength(12);
    }

    record Span(long gapNs, long durNs, int task, int code) {
    }

    record Sample(long gapNs, double value) {
    }

    record MarkSpec(long tNs, int kind, int cpu, int task, String note) {
    }

    record LockSpec(String kind, boolean shared, List<Span> holds, List<Span> waits) {
    }

    record CounterSpec(String unit, List<Sample> samples) {
    }

    record TaskSpec(int tid, int pid, String comm) {
    }

    private static Arbitrary<Span> spans(int codes) {
        return Combinators.combine(Arbitraries.longs().between(0, 2_000_000_000L),
                Arbitraries.longs().between(0, 2_000_000_000L), Arbitraries.integers().between(-1, 1_000),
                Arbitraries.integers().between(0, codes - 1)).as(Span::new);
    }

    static Arbitrary<Metadata> metadata() {
        Arbitrary<OptionalLong> seed = Arbitraries.oneOf(Arbitraries.just(OptionalLong.empty()),
                Arbitraries.longs().map(OptionalLong::of));
        Arbitrary<Map<String, String>> params = Arbitraries.maps(text(), text()).ofMaxSize(4);
        return Combinators.combine(text(), text(), params, seed, text()).as(Metadata::new);
    }

    static Arbitrary<Dataset> datasets() {
        Arbitrary<List<TaskSpec>> tasks = Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), text())
                .as(TaskSpec::new).list().ofMaxSize(6);
        Arbitrary<List<List<Span>>> cpus = spans(SliceState.values().length).list().ofMaxSize(12).list().ofMaxSize(4);
        Arbitrary<List<List<Span>>> taskLanes = spans(TaskState.values().length).list().ofMaxSize(8).list().ofMaxSize(4);
        Arbitrary<List<LockSpec>> locks = Combinators.combine(text(), Arbitraries.of(true, false),
                spans(1).list().ofMaxSize(6), spans(WaitMode.values().length).list().ofMaxSize(6))
                .as(LockSpec::new).list().ofMaxSize(3);
        Arbitrary<Double> values = Arbitraries.doubles().withSpecialValue(-0.0).withSpecialValue(Double.MAX_VALUE)
                .withSpecialValue(Double.MIN_VALUE).withSpecialValue(1e-300)
                .withSpecialValue(Double.NaN); // a gap: no value until the next sample
        Arbitrary<List<CounterSpec>> counters = Combinators.combine(text(),
                Combinators.combine(Arbitraries.longs().between(0, 1_000_000_000L), values).as(Sample::new)
                        .list().ofMaxSize(8)).as(CounterSpec::new).list().ofMaxSize(3);
        Arbitrary<List<MarkSpec>> marks = Combinators.combine(Arbitraries.longs().between(-1_000_000L, 50_000_000_000L),
                Arbitraries.integers().between(0, MarkKind.values().length - 1), Arbitraries.integers().between(-1, 100),
                Arbitraries.integers().between(-1, 100), text()).as(MarkSpec::new).list().ofMaxSize(8);
        Arbitrary<Long> originNs = Arbitraries.longs().between(-1_000_000_000_000_000L, 1_000_000_000_000_000_000L);
        return Combinators.combine(metadata(), tasks, cpus, taskLanes, locks, counters, marks, originNs)
                .as(DatasetArbitraries::build);
    }

    private static Dataset build(Metadata meta, List<TaskSpec> tasks, List<List<Span>> cpus,
                                 List<List<Span>> taskLanes, List<LockSpec> locks, List<CounterSpec> counters,
                                 List<MarkSpec> marks, long originNs) {
        DatasetBuilder b = Dataset.builder(meta);
        for (TaskSpec t : tasks) {
            b.addTask(t.tid(), t.pid(), t.comm());
        }
        int nTasks = tasks.size();
        b.cpuCount(cpus.size());
        for (int c = 0; c < cpus.size(); c++) {
            long t = originNs;
            for (Span s : cpus.get(c)) {
                SliceState state = SliceState.values()[s.code()];
                int task = nTasks == 0 || (s.task() < 0 && state.allowsNoTask()) ? Intervals.NO_TASK
                        : Math.floorMod(s.task(), nTasks);
                if (task == Intervals.NO_TASK && !state.allowsNoTask()) {
                    state = SliceState.IDLE;
                }
                t += s.gapNs();
                b.slice(c, t, t + s.durNs(), task, state);
                t += s.durNs();
            }
        }
        for (int i = 0; i < taskLanes.size() && nTasks > 0; i++) {
            int task = (i * 7) % nTasks;
            if (i > 0 && task == 0) {
                break; // every task gets at most one lane
            }
            long t = originNs;
            for (Span s : taskLanes.get(i)) {
                t += s.gapNs();
                b.taskState(task, t, t + s.durNs(), TaskState.values()[s.code()]);
                t += s.durNs();
            }
        }
        for (int i = 0; i < locks.size(); i++) {
            LockSpec l = locks.get(i);
            DatasetBuilder.LockBuilder lock = b.lock("lock" + i + ":" + l.kind(), l.kind(), l.shared());
            if (nTasks == 0) {
                continue;
            }
            long t = originNs;
            for (Span s : l.holds()) {
                // Shared holds may overlap and arrive unordered; exclusive ones follow each other.
                long start = l.shared() ? originNs + s.gapNs() : t + s.gapNs();
                lock.hold(start, start + s.durNs(), Math.floorMod(s.task(), nTasks));
                t = start + s.durNs();
            }
            for (Span s : l.waits()) {
                long start = originNs + s.gapNs();
                lock.waitFor(start, start + s.durNs(), Math.floorMod(s.task(), nTasks), WaitMode.values()[s.code()]);
            }
        }
        for (int i = 0; i < counters.size(); i++) {
            CounterSpec c = counters.get(i);
            DatasetBuilder.CounterBuilder counter = b.counter("counter" + i + ":" + c.unit(), c.unit());
            long t = originNs;
            for (Sample s : c.samples()) {
                t += s.gapNs();
                counter.add(t, s.value());
            }
        }
        int nCpus = cpus.size();
        for (MarkSpec m : marks) {
            int cpu = m.cpu() < 0 || nCpus == 0 ? -1 : m.cpu() % nCpus;
            int task = m.task() < 0 || nTasks == 0 ? Intervals.NO_TASK : m.task() % nTasks;
            b.mark(MarkKind.values()[m.kind()], originNs + m.tNs(), cpu, task, m.note());
        }
        try {
            return b.build();
        } catch (InvalidDatasetException e) {
            throw new AssertionError("generator made an invalid dataset: " + e.getMessage(), e);
        }
    }
}
