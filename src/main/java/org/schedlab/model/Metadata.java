package org.schedlab.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Where a dataset came from: {@code source} (file names or scenario name), {@code format}
 * (e.g. "perf-sched-script", "simulation"), the parameters that produced it (simulations:
 * every effective value, in a stable order), the seed if any and the SchedLab version.
 */
public record Metadata(String source, String format, Map<String, String> parameters,
                       OptionalLong seed, String schedlabVersion) {
    public Metadata {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(schedlabVersion, "schedlabVersion");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(parameters)));
    }

    public static Metadata of(String source, String format) {
        return new Metadata(source, format, Map.of(), OptionalLong.empty(), Version.current());
    }
}
