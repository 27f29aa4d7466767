package org.schedlab.sim.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The built-in scenarios: {@code example-data/scenarios/*.json} is the one source of truth;
 * the build copies it to {@code scenarios/} on the classpath, where this catalog lists and
 * loads them by name (from the jar or from a classes directory alike).
 */
public final class ScenarioCatalog {
    static final String DIR = "scenarios";

    private ScenarioCatalog() {
    }

    /**
     * Names of the built-in scenarios, sorted. Listed once per process: the class path does not
     * change while it runs, and listing it opens and walks the application's jar (10-40 ms), which
     * the workbench would otherwise repeat on the FX thread at every scenario pick.
     */
    public static List<String> names() {
        List<String> n = listed;
        if (n == null) {
            n = List.copyOf(list()); // two threads asking at once may both list: same answer
            listed = n;
        }
        return n;
    }

    /** The built-in names once listed (a listing that failed is tried again next time). */
    private static volatile List<String> listed;

    private static List<String> list() {
        TreeSet<String> names = new TreeSet<>();
        ClassLoader cl = ScenarioCatalog.class.getClassLoader();
        try {
            Enumeration<URL> roots = cl.getResources(DIR);
            while (roots.hasMoreElements()) {
                URL url = roots.nextElement();
                if (url.getProtocol().equals("jar")) {
                    JarURLConnection conn = (JarURLConnection) url.openConnection();
                    conn.setUseCaches(false);
                    try (JarFile jar = conn.getJarFile()) {
                        Enumeration<JarEntry> entries = jar.entries();
                        while (entries.hasMoreElements()) {
                            String n = entries.nextElement().getName();
                            if (n.startsWith(DIR + "/") && n.endsWith(".json") && n.indexOf('/', DIR.length() + 1) < 0) {
                                names.add(n.substring(DIR.length() + 1, n.length() - 5));
                            }
                        }
                    }
                } else if (url.getProtocol().equals("file")) {
                    try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
                        files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".json"))
                                .forEach(f -> names.add(f.substring(0, f.length() - 5)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("listing built-in scenarios", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("bad classpath URL for built-in scenarios", e);
        }
        return new ArrayList<>(names);
    }

    public static List<Scenario> all() throws ScenarioException {
        List<Scenario> out = new ArrayList<>();
        for (String n : names()) {
            out.add(builtIn(n));
        }
        return out;
    }

    /**
     * How many scenarios this thread has read here (a built-in's resource, a scenario file): a
     * window test's way to see that the FX thread, which never waits on reading or parsing, reads
     * none as it builds a picture.
     */
    public static int readsOnThisThread() {
        return READS.get()[0];
    }

    private static final ThreadLocal<int[]> READS = ThreadLocal.withInitial(() -> new int[1]);

    public static Scenario builtIn(String name) throws ScenarioException {
        READS.get()[0]++;
        String res = DIR + "/" + name + ".json";
        InputStream in = ScenarioCatalog.class.getClassLoader().getResourceAsStream(res);
        if (in == null) {
            throw new ScenarioException("unknown scenario '" + name + "'; built-in: " + String.join(", ", names())
                    + " (or give a scenario .json file)");
        }
        try (InputStreamReader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            Scenario s = ScenarioLoader.parse(r, res, BUILT_IN);
            if (!s.name().equals(name)) {
                throw new ScenarioException(res + ": \"name\" is " + s.name() + ", expected " + name);
            }
            return s;
        } catch (IOException e) {
            throw new ScenarioException(res + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** A built-in by name, or a scenario file when {@code nameOrFile} is a path that exists. */
    public static Scenario find(String nameOrFile) throws ScenarioException {
        if (nameOrFile.isBlank()) {
            return builtIn(nameOrFile); // as a path "" is the working directory: "is a directory" misled
        }
        Path p = Path.of(nameOrFile);
        if (Files.isDirectory(p) && !names().contains(nameOrFile)) {
            throw new ScenarioException(nameOrFile + ": is a directory, expected a scenario .json file or a built-in name");
        }
        boolean builtInName = names().contains(nameOrFile);
        if (!builtInName && Files.exists(p) && !Files.isRegularFile(p)) {
            // a device or a pipe (<(jq ... s.json)) was taken for a name: "unknown scenario '/dev/fd/63'"
            throw new ScenarioException(nameOrFile + ": is not a regular file (a pipe or a device); expected a"
                    + " scenario .json file (save it to a file first) or a built-in name");
        }
        boolean aPath = nameOrFile.indexOf('/') >= 0 || nameOrFile.indexOf(java.io.File.separatorChar) >= 0;
        if (nameOrFile.endsWith(".json") || Files.isRegularFile(p) || (aPath && !builtInName)) {
            if (!Files.isRegularFile(p)) {
                throw new ScenarioException(nameOrFile + ": no such scenario file");
            }
            READS.get()[0]++;
            return ScenarioLoader.load(p);
        }
        return builtIn(nameOrFile);
    }

    /** {@link Scenario#origin()} of the scenarios this catalog ships. */
    public static final String BUILT_IN = "built-in";

    /**
     * The values of {@code params} a built-in scenario of the same workload would refuse, each as
     * {@code key=value, outside the built-in scenario NAME's range R}: a scenario file may widen a
     * workload parameter's range, and these are the first suspects when its workload then fails.
     */
    public static List<String> outsideBuiltInRanges(Scenario scenario, Params params) throws ScenarioException {
        List<String> out = new ArrayList<>();
        for (Scenario b : all()) {
            if (!b.workload().equals(scenario.workload())) {
                continue;
            }
            for (java.util.Map.Entry<String, String> e : params.asMap().entrySet()) {
                ParamDef def = b.params().get(e.getKey());
                if (def == null) {
                    continue;
                }
                try {
                    def.validate(e.getValue());
                } catch (ScenarioException outside) {
                    out.add(e.getKey() + "=" + e.getValue() + ", outside the built-in scenario " + b.name()
                            + "'s range " + def.rangeText());
                }
            }
            break;
        }
        return out;
    }
}
