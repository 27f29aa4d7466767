package org.schedlab.bench;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Before/after timing of one scenario in one JVM: each build is loaded by its own class loader
 * (its own classes, JIT code and statistics) and their runs alternate, A B, B A, A B ..., so
 * both see the same machine - on a shared 2-core box the speed of separate JVMs drifts by
 * 10-30 % from minute to minute, which hides any change of a few per cent; paired runs in one
 * JVM put the median of the B/A ratios within about +-3 %. The B side is often biased, though: the
 * same code on both sides measured median B/A 1.002-1.081, five runs of six above 1.01, more on a
 * busier machine (BENCHMARKS, "Fifty-fifth session"), so for a change of a few per cent run both
 * orders (A B, then B A) and take sqrt(forward / reverse), in which the bias cancels. Prints the
 * simulating thread's CPU time per run (summary-only runs, as {@code schedlab bench} times them,
 * unless {@code --record-ms N} asks for the record window the live workspace uses - then the
 * recorder's appends and the dataset's build are timed too).
 *
 * <p>Usage: {@code SimulatorAB [--record-ms N] BEFORE_CLASSPATH AFTER_CLASSPATH [pairs] [scenario] [key=value...]},
 * e.g. {@code /tmp/before.jar target/classes:$(cat cp.txt) 8 pgbench-graviton4}; a class path
 * lists jars or class directories separated by {@link File#pathSeparator}, with the libraries
 * (HdrHistogram, Jackson) on it when it is a class directory.
 */
public final class SimulatorAB {
    private SimulatorAB() {
    }

    /** One build's entry point: {@code Simulation.run(scenario, overrides, options, cancelled)}. */
    private record Build(Method run, Object scenario, Object options) {
        static Build load(String classPath, String scenarioName, long recordMs) throws Exception {
            List<URL> urls = new ArrayList<>();
            for (String e : classPath.split(File.pathSeparator)) {
                if (!e.isBlank()) {
                    urls.add(new File(e).toURI().toURL());
                }
            }
            ClassLoader cl = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
            Object scenario = cl.loadClass("org.schedlab.sim.scenario.ScenarioCatalog")
                    .getMethod("find", String.class).invoke(null, scenarioName);
            Class<?> optionsType = cl.loadClass("org.schedlab.sim.Simulation$Options");
            Object options = recordMs > 0
                    ? optionsType.getMethod("recording", long.class).invoke(null, recordMs)
                    : optionsType.getMethod("summaryOnly").invoke(null);
            for (Method m : cl.loadClass("org.schedlab.sim.Simulation").getMethods()) {
                Class<?>[] p = m.getParameterTypes();
                if (m.getName().equals("run") && p.length == 4 && p[3] == BooleanSupplier.class) {
                    return new Build(m, scenario, options);
                }
            }
            throw new IllegalStateException("no Simulation.run(Scenario, Map, Options, BooleanSupplier) on " + classPath);
        }

        /** The simulating thread's CPU time of one run, and (recording runs) its dataset build's wall time. */
        long[] run(Map<String, String> overrides) throws Exception {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long c0 = mx.getCurrentThreadCpuTime();
            BooleanSupplier never = () -> false;
            Object result = run.invoke(null, scenario, overrides, options, never);
            long cpuMs = (mx.getCurrentThreadCpuTime() - c0) / 1_000_000;
            Object timings = result.getClass().getMethod("timings").invoke(result);
            long datasetNs = (long) timings.getClass().getMethod("datasetNs").invoke(timings);
            return new long[] {cpuMs, datasetNs / 1000};
        }
    }

    public static void main(String[] allArgs) throws Exception {
        long recordMs = 0;
        String[] args = allArgs;
        if (args.length > 1 && args[0].equals("--record-ms")) {
            recordMs = Long.parseLong(args[1]);
            args = Arrays.copyOfRange(args, 2, args.length);
        }
        if (args.length < 2) {
            System.err.println("usage: SimulatorAB [--record-ms N] BEFORE_CLASSPATH AFTER_CLASSPATH [pairs] [scenario]"
                    + " [key=value...]");
            System.exit(2);
        }
        int pairs = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        String scenario = args.length > 3 ? args[3] : "pgbench-graviton4";
        Map<String, String> overrides = new LinkedHashMap<>();
        for (int i = 4; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            overrides.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        Build a = Build.load(args[0], scenario, recordMs);
        Build b = Build.load(args[1], scenario, recordMs);
        for (int i = 0; i < 2; i++) { // warm-up: both builds compiled before anything counts
            a.run(overrides);
            b.run(overrides);
        }
        long[] ta = new long[pairs];
        long[] tb = new long[pairs];
        long[] da = new long[pairs];
        long[] db = new long[pairs];
        double[] ratio = new double[pairs];
        for (int r = 0; r < pairs; r++) {
            long[] ra;
            long[] rb;
            if (r % 2 == 0) {
                ra = a.run(overrides);
                rb = b.run(overrides);
            } else {
                rb = b.run(overrides);
                ra = a.run(overrides);
            }
            ta[r] = ra[0];
            tb[r] = rb[0];
            da[r] = ra[1];
            db[r] = rb[1];
            ratio[r] = tb[r] / (double) ta[r];
            System.out.printf(Locale.ROOT, "pair %d  A %d ms  B %d ms  B/A %.3f%s%n", r, ta[r], tb[r], ratio[r],
                    recordMs > 0 ? String.format(Locale.ROOT, "  (dataset A %.1f ms  B %.1f ms)", da[r] / 1e3, db[r] / 1e3)
                            : "");
        }
        if (recordMs > 0) {
            Arrays.sort(da);
            Arrays.sort(db);
            System.out.printf(Locale.ROOT, "dataset build (wall): A min %.1f median %.1f ms | B min %.1f median %.1f ms%n",
                    da[0] / 1e3, da[pairs / 2] / 1e3, db[0] / 1e3, db[pairs / 2] / 1e3);
        }
        Arrays.sort(ta);
        Arrays.sort(tb);
        Arrays.sort(ratio);
        System.out.printf(Locale.ROOT, "A min %d median %d ms | B min %d median %d ms | median B/A %.3f (%d pairs, %s%s)%n",
                ta[0], ta[pairs / 2], tb[0], tb[pairs / 2], ratio[pairs / 2], pairs, scenario,
                recordMs > 0 ? ", recording " + recordMs + " ms" : "");
    }
}
