package org.schedlab.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Where a dataset came from: {@code source} (file names or scenario name), {@code format}
 * (e.g. "perf-sched-script", "simulation"), the parameters that produced it (simulations:
 * every effective value, in a stable order), the seed if any, the SchedLab version and the
 * warnings of the import that made it ({@code importWarnings}, as the user was shown them: lines
 * not understood, events a recording misses). The warnings travel with the data, so a saved and
 * reopened recording still says it is not whole, as its import did.
 */
public record Metadata(String source, String format, Map<String, String> parameters,
                       OptionalLong seed, String schedlabVersion, List<String> importWarnings) {
    public Metadata {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(schedlabVersion, "schedlabVersion");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(parameters)));
        importWarnings = List.copyOf(importWarnings);
    }

    /** Metadata of data no import warned about (a simulation, a clean recording). */
    public Metadata(String source, String format, Map<String, String> parameters, OptionalLong seed,
                    String schedlabVersion) {
        this(source, format, parameters, seed, schedlabVersion, List.of());
    }

    /**
     * The parameter that says where the logs' own relative times (pgbench's, YCSB's: from 0) were
     * put on a trace's clock, in ns.
     */
    public static final String CLOCK_ALIGNED_AT_NS = "relativeClockAlignedAtNs";

    /** The format of a simulated run's dataset, whose parameters are the run's settings. */
    public static final String SIMULATION = "simulation";

    /** Whether this is a simulated run's (its parameters are settings, not a file's figures). */
    public boolean simulated() {
        return SIMULATION.equals(format);
    }

    public static Metadata of(String source, String format) {
        return new Metadata(source, format, Map.of(), OptionalLong.empty(), Version.current());
    }

    /**
     * A source's files by name, for captions and headings that have no room for paths:
     * "/a/b/run.txt.gz, /a/b/pgbench.txt" gives [run.txt.gz, pgbench.txt]; a scenario's name is
     * its own; a part that ends in a separator stays whole.
     */
    public static java.util.List<String> fileNames(String source) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String part : source.split(", ")) {
            String p = part.strip();
            String name = p.substring(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
            out.add(name.isEmpty() ? p : name);
        }
        return out;
    }
}
