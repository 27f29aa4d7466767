package org.schedlab.workspace;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.schedlab.render.Bookmark;
import org.schedlab.render.ColorMode;

/**
 * One saved workbench state. Every part is optional except the colour mode and the tab: a
 * workspace saved with nothing open is valid and restores an empty Dataset tab.
 *
 * @param dataset   what the Dataset tab showed (files or a built-in example), its bookmarks and window
 * @param live      the Live tab's run, if it had one
 * @param ab        the A/B tab's setup, if it had one
 * @param colorMode how CPU lanes are coloured
 * @param tab       the tab on show
 * @param panels    the side panels' selected tabs and folded groups (empty: as a new window shows them)
 * @param fitCpuLanes "Fit CPU lanes" (View menu, {@code K}): every timeline's CPU lanes fitted to its height
 */
public record Workspace(Optional<DatasetPart> dataset, Optional<SimRun> live, Optional<AbSetup> ab,
                        ColorMode colorMode, Tab tab, Panels panels, boolean fitCpuLanes) {
    /** The format version this code writes and reads. */
    public static final int FORMAT_VERSION = 1;

    public Workspace {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(live, "live");
        Objects.requireNonNull(ab, "ab");
        Objects.requireNonNull(colorMode, "colorMode");
        Objects.requireNonNull(tab, "tab");
        Objects.requireNonNull(panels, "panels");
    }

    /** CPU lanes at their own heights. */
    public Workspace(Optional<DatasetPart> dataset, Optional<SimRun> live, Optional<AbSetup> ab,
                     ColorMode colorMode, Tab tab, Panels panels) {
        this(dataset, live, ab, colorMode, tab, panels, false);
    }

    /** With the panels as a new window shows them. */
    public Workspace(Optional<DatasetPart> dataset, Optional<SimRun> live, Optional<AbSetup> ab,
                     ColorMode colorMode, Tab tab) {
        this(dataset, live, ab, colorMode, tab, Panels.NONE);
    }

    /** Nothing open, colours by task, the Dataset tab. */
    public static Workspace empty() {
        return new Workspace(Optional.empty(), Optional.empty(), Optional.empty(), ColorMode.BY_TASK, Tab.DATASET);
    }

    public Workspace withDataset(Optional<DatasetPart> d) {
        return new Workspace(d, live, ab, colorMode, tab, panels, fitCpuLanes);
    }

    public Workspace withLive(Optional<SimRun> l) {
        return new Workspace(dataset, l, ab, colorMode, tab, panels, fitCpuLanes);
    }

    public Workspace withAb(Optional<AbSetup> a) {
        return new Workspace(dataset, live, a, colorMode, tab, panels, fitCpuLanes);
    }

    public Workspace withColorMode(ColorMode c) {
        return new Workspace(dataset, live, ab, c, tab, panels, fitCpuLanes);
    }

    public Workspace withTab(Tab t) {
        return new Workspace(dataset, live, ab, colorMode, t, panels, fitCpuLanes);
    }

    public Workspace withPanels(Panels p) {
        return new Workspace(dataset, live, ab, colorMode, tab, p, fitCpuLanes);
    }

    public Workspace withFitCpuLanes(boolean fit) {
        return new Workspace(dataset, live, ab, colorMode, tab, panels, fit);
    }

    /**
     * The state of the panels beside the timelines, by name: {@code tabs}, the tab selected in each
     * tabbed panel (the Dataset tab's side panel: {@code "datasetSide" -> "locks"}); {@code groups},
     * whether each foldable group is open ({@code "liveUnusedParameters" -> true}); {@code dividers},
     * where each split pane's dividers sit, as fractions 0..1 of its width or height, first divider
     * first ({@code "ab" -> [0.34, 0.66]}); {@code dividersBeforeFit}, for a split whose dividers
     * "Fit CPU lanes" moved (A/B's, saved with the mode on), where they were before it: where
     * turning it off puts them back. A panel, group or split not named shows as in a new
     * window; a name this version does not have is ignored. {@code notes}: what reading the file
     * had to change to use it (a divider outside 0..1 clamped), one line each naming file, line and
     * column; never written, and empty for panels taken from a window.
     */
    public record Panels(Map<String, String> tabs, Map<String, Boolean> groups, Map<String, List<Double>> dividers,
                         Map<String, List<Double>> dividersBeforeFit, List<String> notes) {
        /** Nothing named: every panel as a new window shows it. */
        public static final Panels NONE = new Panels(Map.of(), Map.of());

        public Panels {
            tabs = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tabs));
            groups = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(groups));
            dividers = checked(dividers);
            dividersBeforeFit = checked(dividersBeforeFit);
            notes = List.copyOf(notes);
        }

        /** Without positions from before "Fit CPU lanes" (saved with it off, or by an older SchedLab). */
        public Panels(Map<String, String> tabs, Map<String, Boolean> groups, Map<String, List<Double>> dividers,
                      List<String> notes) {
            this(tabs, groups, dividers, Map.of(), notes);
        }

        /** Tabs and groups only. */
        public Panels(Map<String, String> tabs, Map<String, Boolean> groups) {
            this(tabs, groups, Map.of(), List.of());
        }

        private static Map<String, List<Double>> checked(Map<String, List<Double>> dividers) {
            java.util.TreeMap<String, List<Double>> d = new java.util.TreeMap<>();
            dividers.forEach((name, at) -> {
                for (double x : at) {
                    if (!(x >= 0 && x <= 1)) {
                        throw new IllegalArgumentException("divider " + x + " of \"" + name + "\" outside 0..1");
                    }
                }
                d.put(name, List.copyOf(at));
            });
            return java.util.Collections.unmodifiableMap(d);
        }

        /** Nothing of these named: what a window shows, without notes. */
        public boolean isEmpty() {
            return tabs.isEmpty() && groups.isEmpty() && dividers.isEmpty() && dividersBeforeFit.isEmpty();
        }
    }

    /** The workbench's tabs, by the name the file uses. */
    public enum Tab {
        DATASET("dataset"), AB("ab"), LIVE("live"), SWEEP("sweep");

        private final String key;

        Tab(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Optional<Tab> ofKey(String key) {
            for (Tab t : values()) {
                if (t.key.equals(key)) {
                    return Optional.of(t);
                }
            }
            return Optional.empty();
        }
    }

    /** A visible time range, in the dataset's own clock. */
    public record TimeWindow(long startNs, long endNs) {
        public TimeWindow {
            if (endNs <= startNs) {
                throw new IllegalArgumentException("window end " + endNs + " must be after its start " + startNs);
            }
        }
    }

    /**
     * The Dataset tab: the files opened together (absolute paths) or one of the examples shipped
     * with SchedLab (its resource name), the user's bookmarks with their notes, the view window,
     * and the tasks with a lane of their own, top to bottom, by {@code comm[tid]} (empty: the
     * lanes the data opens with).
     */
    public record DatasetPart(List<Path> files, Optional<String> example, List<Bookmark> bookmarks,
                              Optional<TimeWindow> window, Optional<List<String>> taskLanes) {
        public DatasetPart {
            files = List.copyOf(files);
            bookmarks = List.copyOf(bookmarks);
            Objects.requireNonNull(example, "example");
            Objects.requireNonNull(window, "window");
            taskLanes = taskLanes.map(List::copyOf);
            new Sources(files, example); // the same rule: files or an example
        }

        /** With the task lanes the data opens with. */
        public DatasetPart(List<Path> files, Optional<String> example, List<Bookmark> bookmarks,
                           Optional<TimeWindow> window) {
            this(files, example, bookmarks, window, Optional.empty());
        }

        /** Where the data comes from, without the view's bookmarks and window. */
        public Sources sources() {
            return new Sources(files, example);
        }
    }

    /**
     * What a dataset was read from: files read together into one dataset (absolute paths), or one
     * of the examples shipped with SchedLab (its resource name).
     */
    public record Sources(List<Path> files, Optional<String> example) {
        public Sources {
            files = List.copyOf(files);
            Objects.requireNonNull(example, "example");
            if (files.isEmpty() == example.isEmpty()) {
                throw new IllegalArgumentException("a dataset is either files or an example, not both or neither");
            }
        }
    }

    /**
     * Whether a saved scenario reference names a scenario file rather than a built-in (built-in
     * names carry no extension; files are {@code .json}, as {@code ScenarioCatalog.find} reads them).
     */
    public static boolean isScenarioFile(String reference) {
        return reference.endsWith(".json");
    }

    /**
     * A simulated run: a built-in scenario by name (a scenario file by its path), the parameters that differ from the
     * scenario's values (without the seed) and the seed, plus the view window on its timeline and
     * the user's bookmarks on it (the same parameters and seed give the same run, so they mark the
     * same moments again). {@code scenarioValues}: every parameter's value in the scenario when the
     * run was saved (the seed among them), so opening it can tell when the scenario has changed
     * since - the parameters alone would then give another run; empty in a workspace saved
     * before they were kept. {@code scenarioText}: a short hash of each part of the scenario's
     * text when saved (its title, description, notes, explanation, parameter explanations; see
     * {@code ScenarioText}), so opening can tell that only its words changed; empty in a workspace
     * saved before they were kept. {@code taskLanes}: the tasks picked under "Task lanes", by
     * {@code comm[tid]} as {@link DatasetPart#taskLanes()}; empty: none picked, the run's own lanes.
     */
    public record SimRun(String scenario, Map<String, String> parameters, long seed, Optional<TimeWindow> window,
                         List<Bookmark> bookmarks, Optional<Map<String, String>> scenarioValues,
                         Optional<Map<String, String>> scenarioText, Optional<List<String>> taskLanes) {
        public SimRun {
            Objects.requireNonNull(scenario, "scenario");
            parameters = withoutSeed(parameters);
            Objects.requireNonNull(window, "window");
            bookmarks = List.copyOf(bookmarks);
            scenarioValues = copyOf(scenarioValues);
            scenarioText = copyOf(scenarioText);
            taskLanes = taskLanes.map(List::copyOf);
        }

        /** With the lanes the run opens with (no tasks picked under "Task lanes"). */
        public SimRun(String scenario, Map<String, String> parameters, long seed, Optional<TimeWindow> window,
                      List<Bookmark> bookmarks, Optional<Map<String, String>> scenarioValues,
                      Optional<Map<String, String>> scenarioText) {
            this(scenario, parameters, seed, window, bookmarks, scenarioValues, scenarioText, Optional.empty());
        }

        /** Without the hashes of the scenario's text (a workspace saved before they were kept). */
        public SimRun(String scenario, Map<String, String> parameters, long seed, Optional<TimeWindow> window,
                      List<Bookmark> bookmarks, Optional<Map<String, String>> scenarioValues) {
            this(scenario, parameters, seed, window, bookmarks, scenarioValues, Optional.empty());
        }

        /** Without the scenario's values (a workspace saved before they were). */
        public SimRun(String scenario, Map<String, String> parameters, long seed, Optional<TimeWindow> window,
                      List<Bookmark> bookmarks) {
            this(scenario, parameters, seed, window, bookmarks, Optional.empty());
        }

        /** Without bookmarks. */
        public SimRun(String scenario, Map<String, String> parameters, long seed, Optional<TimeWindow> window) {
            this(scenario, parameters, seed, window, List.of());
        }

        /** The parameters with the seed among them, as the parameter panel takes them. */
        public Map<String, String> parametersWithSeed() {
            Map<String, String> m = new LinkedHashMap<>(parameters);
            m.put("seed", Long.toString(seed));
            return m;
        }
    }

    /**
     * One side of A/B: its parameters and seed, and the data put on that side from the Dataset
     * tab, if it showed data rather than its simulation ({@code data}: what that data was read
     * from, which need not be what the Dataset tab shows now; it shows again once read); the
     * user's bookmarks on what the side showed.
     */
    public record AbSide(Map<String, String> parameters, long seed, Optional<Sources> data, List<Bookmark> bookmarks) {
        public AbSide {
            parameters = withoutSeed(parameters);
            Objects.requireNonNull(data, "data");
            bookmarks = List.copyOf(bookmarks);
        }

        /** Without bookmarks. */
        public AbSide(Map<String, String> parameters, long seed, Optional<Sources> data) {
            this(parameters, seed, data, List.of());
        }

        /** A side that shows its simulation. */
        public AbSide(Map<String, String> parameters, long seed) {
            this(parameters, seed, Optional.empty());
        }

        public Map<String, String> parametersWithSeed() {
            Map<String, String> m = new LinkedHashMap<>(parameters);
            m.put("seed", Long.toString(seed));
            return m;
        }
    }

    /**
     * A/B: one scenario, two sides, how many seeds each side runs, the shared view window,
     * whether the two sides' lanes scroll together ("Link lanes", on unless turned off), and the
     * scenario's values and the hashes of its text when saved (as {@link SimRun#scenarioValues()}
     * and {@link SimRun#scenarioText()}), and the tasks picked under "Task lanes" for both sides
     * (as {@link SimRun#taskLanes()}).
     */
    public record AbSetup(String scenario, AbSide a, AbSide b, int seedsPerSide, Optional<TimeWindow> window,
            boolean lanesLinked, Optional<Map<String, String>> scenarioValues, Optional<Map<String, String>> scenarioText,
            Optional<List<String>> taskLanes) {
        /** With the lanes each run opens with (no tasks picked under "Task lanes"). */
        public AbSetup(String scenario, AbSide a, AbSide b, int seedsPerSide, Optional<TimeWindow> window,
                       boolean lanesLinked, Optional<Map<String, String>> scenarioValues,
                       Optional<Map<String, String>> scenarioText) {
            this(scenario, a, b, seedsPerSide, window, lanesLinked, scenarioValues, scenarioText, Optional.empty());
        }

        /** Without the hashes of the scenario's text (a workspace saved before they were kept). */
        public AbSetup(String scenario, AbSide a, AbSide b, int seedsPerSide, Optional<TimeWindow> window,
                       boolean lanesLinked, Optional<Map<String, String>> scenarioValues) {
            this(scenario, a, b, seedsPerSide, window, lanesLinked, scenarioValues, Optional.empty());
        }

        /** With the lanes linked, as the A/B tab starts. */
        public AbSetup(String scenario, AbSide a, AbSide b, int seedsPerSide, Optional<TimeWindow> window) {
            this(scenario, a, b, seedsPerSide, window, true);
        }

        /** Without the scenario's values (a workspace saved before they were). */
        public AbSetup(String scenario, AbSide a, AbSide b, int seedsPerSide, Optional<TimeWindow> window,
                       boolean lanesLinked) {
            this(scenario, a, b, seedsPerSide, window, lanesLinked, Optional.empty());
        }

        public AbSetup {
            Objects.requireNonNull(scenario, "scenario");
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
            Objects.requireNonNull(window, "window");
            if (seedsPerSide < 1) {
                throw new IllegalArgumentException("seeds per side must be at least 1, not " + seedsPerSide);
            }
            scenarioValues = copyOf(scenarioValues);
            scenarioText = copyOf(scenarioText);
            taskLanes = taskLanes.map(List::copyOf);
        }
    }

    private static Optional<Map<String, String>> copyOf(Optional<Map<String, String>> values) {
        Objects.requireNonNull(values, "scenarioValues");
        return values.map(v -> java.util.Collections.unmodifiableMap(new LinkedHashMap<>(v)));
    }

    private static Map<String, String> withoutSeed(Map<String, String> parameters) {
        Map<String, String> m = new LinkedHashMap<>(parameters);
        m.remove("seed");
        return java.util.Collections.unmodifiableMap(m);
    }
}
