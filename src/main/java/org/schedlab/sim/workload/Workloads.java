package org.schedlab.sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The workloads on the classpath, found through {@link ServiceLoader}. */
public final class Workloads {
    private Workloads() {
    }

    public static List<Workload> all() {
        return Holder.ALL;
    }

    /** Loaded once: workloads are stateless factories and the classpath does not change. */
    private static final class Holder {
        static final List<Workload> ALL = load();

        private static List<Workload> load() {
            List<Workload> out = new ArrayList<>();
            for (Workload w : ServiceLoader.load(Workload.class, Workloads.class.getClassLoader())) {
                out.add(w);
            }
            out.sort((a, b) -> a.name().compareTo(b.name()));
            return List.copyOf(out);
        }
    }

    public static Optional<Workload> byName(String name) {
        return all().stream().filter(w -> w.name().equals(name)).findFirst();
    }
}
