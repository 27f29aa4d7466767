package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One measure of a run a sweep can plot beside throughput: a profile site's share of CPU time, a
 * kind of CPU time's share ({@code cpu.spin}: where case B's spinning readers' CPU goes, {@code
 * cpu.idle}, {@code cpu.steal}),
 * an operation's latency mean or p99, a comm group's run-queue latency (wake-up or preemption to
 * running: mean, p50, p99, max), or a lock's mean wait or holder preemptions. Which ones a sweep
 * has comes from its runs' summaries ({@link SweepStats#metrics}), never from the scenario.
 *
 * <p>{@link #id()} is the name the CLI's {@code sweep --metric} takes; for latency, run-queue
 * latency and locks it is summary.csv's column name, the summary's path to the figure
 * ({@code latencyUs.transaction.p99}, {@code runqlatUs.B.p99}, {@code cpu.spin},
 * {@code buffer_strategy_lock.waitUs.mean}), for a site {@code SITE.share}.
 */
public record SweepMetric(Kind kind, String name) {

    /** What is measured; each kind has one unit. */
    public enum Kind {
        SHARE("", ".share", Unit.SHARE, "", " share"),
        // the summary's cpu.MODE, as summary.csv's columns name them; labelled "CPU spin": the
        // machine's CPU time, not a site's
        CPU_MODE(CPU, "", Unit.SHARE, "CPU ", ""),
        LATENCY_MEAN(LATENCY, ".mean", Unit.MICROS, "", " mean"),
        LATENCY_P99(LATENCY, ".p99", Unit.MICROS, "", " p99"),
        // as the summary's runqlatUs.COMM has them (its count is how many waits, not a time);
        // labelled "runqlat B p99": a comm alone ("B p99") read as an operation's latency
        RUNQLAT_MEAN(RUNQLAT, ".mean", Unit.MICROS, "runqlat ", " mean"),
        RUNQLAT_P50(RUNQLAT, ".p50", Unit.MICROS, "runqlat ", " p50"),
        RUNQLAT_P99(RUNQLAT, ".p99", Unit.MICROS, "runqlat ", " p99"),
        RUNQLAT_MAX(RUNQLAT, ".max", Unit.MICROS, "runqlat ", " max"),
        LOCK_WAIT_MEAN("", ".waitUs.mean", Unit.MICROS, "", " mean wait"),
        LOCK_HOLDER_PREEMPTIONS("", ".holderPreemptions", Unit.COUNT, "", " holder preemptions");

        /** The run-queue latency kinds, in the order the chooser and summary.csv list them. */
        public static final List<Kind> RUNQLAT_FIGURES = List.of(RUNQLAT_MEAN, RUNQLAT_P50, RUNQLAT_P99, RUNQLAT_MAX);

        private final String idPrefix;
        private final String idSuffix;
        private final Unit unit;
        private final String labelPrefix;
        private final String labelSuffix;

        Kind(String idPrefix, String idSuffix, Unit unit, String labelPrefix, String labelSuffix) {
            this.idPrefix = idPrefix;
            this.idSuffix = idSuffix;
            this.unit = unit;
            this.labelPrefix = labelPrefix;
            this.labelSuffix = labelSuffix;
        }

        /** The summary's field under {@code latencyUs.OP} or {@code runqlatUs.COMM}: mean, p50, p99, max. */
        private String field() {
            return idSuffix.substring(1);
        }
    }

    /** A fraction of all CPU time (0..1), microseconds, or a count per run. */
    public enum Unit { SHARE, MICROS, COUNT }

    private static final String LATENCY = "latencyUs.";
    private static final String RUNQLAT = "runqlatUs.";
    private static final String CPU = "cpu.";

    /** The summary's kinds of CPU time ({@code cpu.MODE}), in its order; they sum to 1. */
    public static final List<String> CPU_MODES = List.of("user", "kernel", "fault", "spin", "runnableWait", "idle",
            "steal");

    public SweepMetric {
        if (kind == null || name == null) {
            throw new IllegalArgumentException("a sweep metric needs a kind and a name");
        }
    }

    public static SweepMetric share(String site) {
        return new SweepMetric(Kind.SHARE, site);
    }

    public Unit unit() {
        return kind.unit;
    }

    /**
     * What the chooser and the plot call it: {@code transaction p99}, {@code runqlat B p99},
     * {@code buffer_strategy_lock mean wait}.
     */
    public String label() {
        return kind.labelPrefix + name + kind.labelSuffix;
    }

    /** The CLI's name for it (see the class comment). */
    public String id() {
        return kind.idPrefix + name + kind.idSuffix;
    }

    /**
     * The metric {@code id} names, or empty when it has none of the forms {@link #id()} makes.
     * {@code cpu.MODE} is a kind of CPU time ({@link #CPU_MODES}; another {@code cpu.X} is taken
     * as a site's share if it ends so), {@code latencyUs.OP.mean|p99} is an operation's latency, {@code runqlatUs.COMM.mean|p50|p99|max}
     * a comm group's run-queue latency; else the suffix says the kind.
     */
    public static java.util.Optional<SweepMetric> parse(String id) {
        if (id.startsWith(CPU) && CPU_MODES.contains(id.substring(CPU.length()))) {
            return java.util.Optional.of(new SweepMetric(Kind.CPU_MODE, id.substring(CPU.length())));
        }
        List<Kind> prefixed = new java.util.ArrayList<>(List.of(Kind.LATENCY_MEAN, Kind.LATENCY_P99));
        prefixed.addAll(Kind.RUNQLAT_FIGURES);
        for (Kind k : prefixed) {
            if (id.startsWith(k.idPrefix) && id.endsWith(k.idSuffix)
                    && id.length() > k.idPrefix.length() + k.idSuffix.length()) {
                return java.util.Optional.of(new SweepMetric(k,
                        id.substring(k.idPrefix.length(), id.length() - k.idSuffix.length())));
            }
        }
        for (Kind k : List.of(Kind.SHARE, Kind.LOCK_WAIT_MEAN, Kind.LOCK_HOLDER_PREEMPTIONS)) {
            if (id.endsWith(k.idSuffix) && id.length() > k.idSuffix.length()) {
                return java.util.Optional.of(new SweepMetric(k, id.substring(0, id.length() - k.idSuffix.length())));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * This metric in one run's summary. A site the run's profile does not list is 0 of its CPU
     * time (it ran too little to rank). An operation, comm group or lock the run does not report
     * has no value, nor has a latency or wait of no samples (count 0: the summary's zeros are not
     * a time anyone waited) - a missing measure is not a 0 on the plot.
     */
    public OptionalDouble valueIn(JsonNode summary) {
        switch (kind) {
            case SHARE -> {
                for (JsonNode p : summary.path("profile")) {
                    if (p.path("site").asText().equals(name)) {
                        return OptionalDouble.of(p.path("share").asDouble());
                    }
                }
                return OptionalDouble.of(0);
            }
            case CPU_MODE -> {
                JsonNode v = summary.path("cpu").path(name);
                return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
            }
            case LATENCY_MEAN, LATENCY_P99 -> {
                JsonNode v = ClientLatency.figure(summary, name, kind.field());
                return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
            }
            case RUNQLAT_MEAN, RUNQLAT_P50, RUNQLAT_P99, RUNQLAT_MAX -> {
                return timed(summary.path("runqlatUs").path(name), kind.field());
            }
            case LOCK_WAIT_MEAN -> {
                return timed(lock(summary).path("waitUs"), "mean");
            }
            default -> {
                JsonNode v = lock(summary).path("holderPreemptions");
                return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
            }
        }
    }

    /** A lock's {@code waitUs.field}, a comm's {@code runqlatUs.field}: none when nothing waited (count 0). */
    private static OptionalDouble timed(JsonNode latency, String field) {
        JsonNode v = latency.path(field);
        JsonNode count = latency.path("count");
        if (!v.isNumber() || (count.isNumber() && count.asLong() == 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(v.asDouble());
    }

    private JsonNode lock(JsonNode summary) {
        for (JsonNode l : summary.path("locks")) {
            if (l.path("name").asText().equals(name)) {
                return l;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    @Override
    public String toString() {
        return label();
    }
}
