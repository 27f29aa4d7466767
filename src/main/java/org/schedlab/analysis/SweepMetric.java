package org.schedlab.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One measure of a run a sweep can plot beside throughput: a profile site's share of CPU time,
 * an operation's latency mean or p99, or a lock's mean wait or holder preemptions. Which ones a
 * sweep has comes from its runs' summaries ({@link SweepStats#metrics}), never from the scenario.
 *
 * <p>{@link #id()} is the name the CLI's {@code sweep --metric} takes; for latency and locks it
 * is summary.csv's column name ({@code latencyUs.transaction.p99},
 * {@code buffer_strategy_lock.waitUs.mean}), for a site {@code SITE.share}.
 */
public record SweepMetric(Kind kind, String name) {

    /** What is measured; each kind has one unit. */
    public enum Kind {
        SHARE(".share", Unit.SHARE, " share"),
        LATENCY_MEAN(".mean", Unit.MICROS, " mean"),
        LATENCY_P99(".p99", Unit.MICROS, " p99"),
        LOCK_WAIT_MEAN(".waitUs.mean", Unit.MICROS, " mean wait"),
        LOCK_HOLDER_PREEMPTIONS(".holderPreemptions", Unit.COUNT, " holder preemptions");

        private final String idSuffix;
        private final Unit unit;
        private final String labelSuffix;

        Kind(String idSuffix, Unit unit, String labelSuffix) {
            this.idSuffix = idSuffix;
            this.unit = unit;
            this.labelSuffix = labelSuffix;
        }
    }

    /** A fraction of all CPU time (0..1), microseconds, or a count per run. */
    public enum Unit { SHARE, MICROS, COUNT }

    private static final String LATENCY = "latencyUs.";

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

    /** What the chooser and the plot call it: {@code transaction p99}, {@code buffer_strategy_lock mean wait}. */
    public String label() {
        return name + kind.labelSuffix;
    }

    /** The CLI's name for it (see the class comment). */
    public String id() {
        return kind == Kind.LATENCY_MEAN || kind == Kind.LATENCY_P99
                ? LATENCY + name + kind.idSuffix : name + kind.idSuffix;
    }

    /**
     * The metric {@code id} names, or empty when it has none of the forms {@link #id()} makes.
     * {@code latencyUs.OP.mean|p99} is an operation's latency; else the suffix says the kind.
     */
    public static java.util.Optional<SweepMetric> parse(String id) {
        if (id.startsWith(LATENCY)) {
            for (Kind k : List.of(Kind.LATENCY_MEAN, Kind.LATENCY_P99)) {
                if (id.endsWith(k.idSuffix) && id.length() > LATENCY.length() + k.idSuffix.length()) {
                    return java.util.Optional.of(new SweepMetric(k,
                            id.substring(LATENCY.length(), id.length() - k.idSuffix.length())));
                }
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
     * time (it ran too little to rank). An operation or lock the run does not report has no
     * value, nor has a latency or wait of no samples (count 0: the summary's zeros are not a
     * time anyone waited) - a missing measure is not a 0 on the plot.
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
            case LATENCY_MEAN, LATENCY_P99 -> {
                JsonNode v = ClientLatency.figure(summary, name, kind == Kind.LATENCY_MEAN ? "mean" : "p99");
                return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
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

    /** A lock's {@code waitUs.field}: none when no acquisition waited (count 0). */
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
