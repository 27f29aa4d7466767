package org.schedlab.workspace;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.io.JsonTokens;
import org.schedlab.render.Bookmark;
import org.schedlab.render.ColorMode;

/**
 * Reads a workspace strictly: every field must be one this version knows, with the type it
 * expects, so a typo or a hand edit gone wrong is reported where it is rather than silently
 * dropped. The version is checked first, in a quick pass of its own, so a file from a newer
 * SchedLab says so instead of complaining about the fields it added.
 */
final class WorkspaceReader {
    private final JsonParser p;
    private final WorkspaceTokens tok;
    private final String file;
    private final Path baseDir;
    /** Sides of an older file that said {@code "datasetTab": true} rather than naming their data. */
    private final java.util.Set<String> datasetTabSides = new java.util.HashSet<>();

    private WorkspaceReader(JsonParser p, String file, Path baseDir) {
        this.p = p;
        this.tok = new WorkspaceTokens(p, file);
        this.file = file;
        this.baseDir = baseDir;
    }

    /** Reads a workspace; {@code open} gives a fresh stream each call (the file is read twice). */
    static Workspace read(IoSupplier open, String file, Path baseDir) throws IOException, WorkspaceFormatException {
        try (InputStream in = open.get(); JsonParser p = WorkspaceJson.JSON.createParser(in)) {
            try {
                new WorkspaceReader(p, file, baseDir).checkVersion();
            } catch (JsonProcessingException e) {
                throw malformed(file, e, p);
            }
        }
        try (InputStream in = open.get(); JsonParser p = WorkspaceJson.JSON.createParser(in)) {
            try {
                WorkspaceReader r = new WorkspaceReader(p, file, baseDir);
                Workspace w = r.workspace();
                if (p.nextToken() != null) {
                    // two saves run together, or junk appended: not silently the first half
                    throw r.tok.error("expected the end of the file after the workspace object, found " + r.tok.found());
                }
                return w;
            } catch (JsonProcessingException e) {
                throw malformed(file, e, p);
            }
        }
    }

    /** A read limit (nesting depth) carries no location: where the parser stopped is where the file goes wrong. */
    private static WorkspaceFormatException malformed(String file, JsonProcessingException e, JsonParser p) {
        JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
        return new WorkspaceFormatException(file, Math.max(1, at.getLineNr()), Math.max(1, at.getColumnNr()),
                "not valid JSON (" + JsonTokens.problem(e) + ")");
    }

    /** A source of fresh input streams. */
    @FunctionalInterface
    interface IoSupplier {
        InputStream get() throws IOException;
    }

    private void checkVersion() throws IOException, WorkspaceFormatException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw tok.error("expected a SchedLab workspace (a JSON object starting with {\"" + WorkspaceJson.VERSION_FIELD
                    + "\": 1), found " + tok.found());
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            if (p.currentName().equals(WorkspaceJson.VERSION_FIELD)) {
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                    throw tok.error("expected the workspace format version (an integer, 1) for \""
                            + WorkspaceJson.VERSION_FIELD + "\", found " + tok.found());
                }
                java.math.BigInteger v = p.getBigIntegerValue(); // any integer: a long's range is no limit here
                if (v.compareTo(java.math.BigInteger.valueOf(Workspace.FORMAT_VERSION)) > 0) {
                    throw tok.error("workspace format " + v + " was written by a newer SchedLab; this version opens format "
                            + Workspace.FORMAT_VERSION);
                }
                if (v.signum() < 1) {
                    throw tok.error("expected workspace format version 1, found " + v);
                }
                return;
            }
            p.nextToken();
            p.skipChildren();
        }
        throw new WorkspaceFormatException(file, 1, 1, "not a SchedLab workspace: expected a field \""
                + WorkspaceJson.VERSION_FIELD + "\": 1 (is this a dataset? open it with File > Open)");
    }

    private Workspace workspace() throws IOException, WorkspaceFormatException {
        p.nextToken(); // '{', checked by the first pass
        Workspace w = Workspace.empty();
        String field;
        while ((field = tok.nextField("the workspace", "schedlabWorkspace, savedBy, tab, colorMode, fitCpuLanes, dataset, live, ab, panels"))
                != null) {
            switch (field) {
                case "schedlabWorkspace":
                    p.nextToken(); // checked by the first pass
                    break;
                case "savedBy":
                    tok.readString(field);
                    break;
                case "tab":
                    JsonLocation at = p.currentLocation();
                    String t = tok.readString(field);
                    w = w.withTab(Workspace.Tab.ofKey(t).orElseThrow(() -> tok.errorAt(at,
                            "expected a tab (dataset, ab, live or sweep) for \"tab\", found \"" + t + "\"")));
                    break;
                case "colorMode":
                    w = w.withColorMode(colorMode());
                    break;
                case "fitCpuLanes":
                    w = w.withFitCpuLanes(tok.readBoolean(field));
                    break;
                case "dataset":
                    w = w.withDataset(Optional.of(dataset()));
                    break;
                case "live":
                    w = w.withLive(Optional.of(simRun()));
                    break;
                case "ab":
                    w = w.withAb(Optional.of(ab()));
                    break;
                case "panels":
                    w = w.withPanels(panels());
                    break;
                default:
                    throw new IllegalStateException(field); // nextField only returns known names
            }
        }
        return withDatasetTabSides(w);
    }

    /** An older file's {@code "datasetTab": true} side gets the files of the workspace's Dataset tab. */
    private Workspace withDatasetTabSides(Workspace w) {
        if (datasetTabSides.isEmpty() || w.ab().isEmpty()) {
            return w;
        }
        Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
        Workspace.AbSetup ab = w.ab().get();
        Workspace.AbSide a = datasetTabSides.contains("a") && ab.a().data().isEmpty()
                ? new Workspace.AbSide(ab.a().parameters(), ab.a().seed(), tab, ab.a().bookmarks()) : ab.a();
        Workspace.AbSide b = datasetTabSides.contains("b") && ab.b().data().isEmpty()
                ? new Workspace.AbSide(ab.b().parameters(), ab.b().seed(), tab, ab.b().bookmarks()) : ab.b();
        return w.withAb(Optional.of(new Workspace.AbSetup(ab.scenario(), a, b, ab.seedsPerSide(), ab.window(),
                ab.lanesLinked(), ab.scenarioValues(), ab.scenarioText(), ab.taskLanes())));
    }

    private ColorMode colorMode() throws IOException, WorkspaceFormatException {
        String m = tok.readString("colorMode");
        if (m.equals("task")) {
            return ColorMode.BY_TASK;
        }
        if (m.equals("state")) {
            return ColorMode.BY_STATE;
        }
        throw tok.error("expected \"task\" or \"state\" for \"colorMode\", found \"" + m + "\"");
    }

    private Workspace.DatasetPart dataset() throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject("dataset");
        List<Path> files = new ArrayList<>();
        Optional<String> example = Optional.empty();
        List<Bookmark> bookmarks = new ArrayList<>();
        Optional<Workspace.TimeWindow> window = Optional.empty();
        Optional<List<String>> taskLanes = Optional.empty();
        String field;
        while ((field = tok.nextField("\"dataset\"", "files, example, view, bookmarks, taskLanes")) != null) {
            switch (field) {
                case "files":
                    files(files);
                    break;
                case "example":
                    example = Optional.of(tok.readString(field));
                    break;
                case "view":
                    window = Optional.of(window());
                    break;
                case "taskLanes":
                    taskLanes = Optional.of(taskLanes());
                    break;
                default: // bookmarks
                    bookmarks = bookmarks();
                    break;
            }
        }
        if (files.isEmpty() == example.isEmpty()) {
            throw tok.errorAt(start, "expected \"dataset\" to name either \"files\" (at least one) or an \"example\"");
        }
        return new Workspace.DatasetPart(files, example, bookmarks, window, taskLanes);
    }

    private void files(List<Path> files) throws IOException, WorkspaceFormatException {
        tok.expectNext(JsonToken.START_ARRAY, "an array of file names for \"files\"");
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw tok.error("expected a file name (a string) in \"files\", found " + tok.found());
            }
            files.add(path(p.getText()));
        }
    }

    /** An A/B side's data: {@code {"files": [...]}} or {@code {"example": NAME}}. */
    private Workspace.Sources sources(String where) throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject("data");
        List<Path> files = new ArrayList<>();
        Optional<String> example = Optional.empty();
        String field;
        while ((field = tok.nextField(where, "files, example")) != null) {
            if (field.equals("files")) {
                files(files);
            } else {
                example = Optional.of(tok.readString(field));
            }
        }
        if (files.isEmpty() == example.isEmpty()) {
            throw tok.errorAt(start, "expected " + where + " to name either \"files\" (at least one) or an \"example\"");
        }
        return new Workspace.Sources(files, example);
    }

    private List<String> taskLanes() throws IOException, WorkspaceFormatException {
        tok.expectNext(JsonToken.START_ARRAY, "an array of tasks (\"comm[tid]\") for \"taskLanes\"");
        List<String> tasks = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw tok.error("expected a task (a string \"comm[tid]\") in \"taskLanes\", found " + tok.found());
            }
            tasks.add(p.getText());
        }
        return tasks;
    }

    private List<Bookmark> bookmarks() throws IOException, WorkspaceFormatException {
        tok.expectNext(JsonToken.START_ARRAY, "an array of bookmarks for \"bookmarks\"");
        List<Bookmark> bookmarks = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            bookmarks.add(bookmark());
        }
        // in time order, as the timeline keeps them (a hand edit need not); equal times keep theirs
        bookmarks.sort(java.util.Comparator.comparingLong(Bookmark::tNs));
        return bookmarks;
    }

    private Bookmark bookmark() throws IOException, WorkspaceFormatException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw tok.error("expected a bookmark {\"tNs\": ..., \"note\": ...}, found " + tok.found());
        }
        JsonLocation start = p.currentTokenLocation();
        Long tNs = null;
        String note = "";
        String field;
        while ((field = tok.nextField("a bookmark", "tNs, note")) != null) {
            if (field.equals("tNs")) {
                tNs = tok.readLong(field);
            } else {
                note = tok.readString(field);
            }
        }
        return new Bookmark(tok.required(tNs, start, "a bookmark", "tNs"), note);
    }

    private Workspace.TimeWindow window() throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject("view");
        Long s = null;
        Long e = null;
        String field;
        while ((field = tok.nextField("\"view\"", "startNs, endNs")) != null) {
            if (field.equals("startNs")) {
                s = tok.readLong(field);
            } else {
                e = tok.readLong(field);
            }
        }
        long startNs = tok.required(s, start, "\"view\"", "startNs");
        long endNs = tok.required(e, start, "\"view\"", "endNs");
        if (endNs <= startNs) {
            throw tok.errorAt(start, "expected \"endNs\" after \"startNs\" in \"view\", found " + startNs + " .. " + endNs);
        }
        return new Workspace.TimeWindow(startNs, endNs);
    }

    private Workspace.SimRun simRun() throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject("live");
        String scenario = null;
        Map<String, String> params = Map.of();
        Long seed = null;
        Optional<Workspace.TimeWindow> window = Optional.empty();
        List<Bookmark> bookmarks = List.of();
        Optional<Map<String, String>> scenarioValues = Optional.empty();
        Optional<Map<String, String>> scenarioText = Optional.empty();
        Optional<List<String>> taskLanes = Optional.empty();
        String field;
        while ((field = tok.nextField("\"live\"",
                "scenario, parameters, seed, view, bookmarks, scenarioValues, scenarioText, taskLanes")) != null) {
            switch (field) {
                case "taskLanes":
                    taskLanes = Optional.of(taskLanes());
                    break;
                case "scenario":
                    scenario = scenario(tok.readString(field));
                    break;
                case "scenarioValues":
                    scenarioValues = Optional.of(parameters(field));
                    break;
                case "scenarioText":
                    scenarioText = Optional.of(strings(field, "a hash (a string)"));
                    break;
                case "parameters":
                    params = parameters();
                    break;
                case "seed":
                    seed = tok.readLong(field);
                    break;
                case "bookmarks":
                    bookmarks = bookmarks();
                    break;
                default:
                    window = Optional.of(window());
                    break;
            }
        }
        return new Workspace.SimRun(tok.required(scenario, start, "\"live\"", "scenario"), params,
                tok.required(seed, start, "\"live\"", "seed"), window, bookmarks, scenarioValues, scenarioText, taskLanes);
    }

    private Workspace.AbSetup ab() throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject("ab");
        String scenario = null;
        int seeds = 1;
        Workspace.AbSide a = null;
        Workspace.AbSide b = null;
        Optional<Workspace.TimeWindow> window = Optional.empty();
        String field;
        boolean lanesLinked = true;
        Optional<Map<String, String>> scenarioValues = Optional.empty();
        Optional<Map<String, String>> scenarioText = Optional.empty();
        Optional<List<String>> taskLanes = Optional.empty();
        while ((field = tok.nextField("\"ab\"",
                "scenario, seedsPerSide, lanesLinked, a, b, view, scenarioValues, scenarioText, taskLanes")) != null) {
            switch (field) {
                case "taskLanes":
                    taskLanes = Optional.of(taskLanes());
                    break;
                case "scenario":
                    scenario = scenario(tok.readString(field));
                    break;
                case "scenarioValues":
                    scenarioValues = Optional.of(parameters(field));
                    break;
                case "scenarioText":
                    scenarioText = Optional.of(strings(field, "a hash (a string)"));
                    break;
                case "seedsPerSide":
                    long n = tok.readLong(field);
                    if (n < 1 || n > 1000) {
                        throw tok.error("expected \"seedsPerSide\" between 1 and 1000, found " + n);
                    }
                    seeds = (int) n;
                    break;
                case "lanesLinked":
                    lanesLinked = tok.readBoolean(field);
                    break;
                case "a":
                    a = side("a");
                    break;
                case "b":
                    b = side("b");
                    break;
                default:
                    window = Optional.of(window());
                    break;
            }
        }
        return new Workspace.AbSetup(tok.required(scenario, start, "\"ab\"", "scenario"), tok.required(a, start, "\"ab\"", "a"),
                tok.required(b, start, "\"ab\"", "b"), seeds, window, lanesLinked, scenarioValues, scenarioText, taskLanes);
    }

    private Workspace.AbSide side(String name) throws IOException, WorkspaceFormatException {
        JsonLocation start = tok.expectObject(name);
        String where = "side \"" + name + "\"";
        Map<String, String> params = Map.of();
        Long seed = null;
        Optional<Workspace.Sources> data = Optional.empty();
        List<Bookmark> bookmarks = List.of();
        String field;
        while ((field = tok.nextField(where, "parameters, seed, data, bookmarks, datasetTab")) != null) {
            switch (field) {
                case "parameters":
                    params = parameters();
                    break;
                case "seed":
                    seed = tok.readLong(field);
                    break;
                case "data":
                    data = Optional.of(sources("\"data\" of " + where));
                    break;
                case "bookmarks":
                    bookmarks = bookmarks();
                    break;
                default:
                    // written before a side kept its own files: "the Dataset tab's data", whose
                    // files the workspace's "dataset" names (resolved once the whole file is read)
                    if (tok.readBoolean(field)) {
                        datasetTabSides.add(name);
                    }
                    break;
            }
        }
        return new Workspace.AbSide(params, tok.required(seed, start, where, "seed"), data, bookmarks);
    }

    /**
     * {@code "panels"}: {@code "tabs"} (panel name to tab name), {@code "groups"} (group name to
     * "open" or "folded") and {@code "dividers"} (split name to its dividers' positions). Names are
     * not checked here: one this version does not have is ignored when the workspace is shown, as a
     * panel of a later version would be.
     */
    private Workspace.Panels panels() throws IOException, WorkspaceFormatException {
        tok.expectObject("panels");
        Map<String, String> tabs = Map.of();
        Map<String, Boolean> groups = new LinkedHashMap<>();
        Map<String, List<Double>> dividers = Map.of();
        Map<String, List<Double>> beforeFit = Map.of();
        List<String> notes = new ArrayList<>();
        String field;
        while ((field = tok.nextField("\"panels\"", "tabs, groups, dividers, dividersBeforeFit")) != null) {
            if (field.equals("tabs")) {
                tabs = strings(field, "a tab's name (a string)");
            } else if (field.equals("dividers") || field.equals("dividersBeforeFit")) {
                Map<String, List<Double>> read = dividers(field, notes);
                if (field.equals("dividers")) {
                    dividers = read;
                } else {
                    beforeFit = read;
                }
            } else {
                for (Map.Entry<String, String> e : strings(field, "\"open\" or \"folded\"").entrySet()) {
                    if (!e.getValue().equals("open") && !e.getValue().equals("folded")) {
                        throw tok.error("expected \"open\" or \"folded\" for group \"" + e.getKey() + "\", found \""
                                + e.getValue() + "\"");
                    }
                    groups.put(e.getKey(), e.getValue().equals("open"));
                }
            }
        }
        return new Workspace.Panels(tabs, groups, dividers, beforeFit, notes);
    }

    /**
     * {@code "dividers"} ({@code field}; or {@code "dividersBeforeFit"}, where "Fit CPU lanes" found
     * them): each split's divider positions, an array of numbers. A position outside
     * 0..1 (a hand edit) is clamped to the nearer end and noted in {@code notes}, the rest of the
     * file still opening: a divider at the edge is a layout the user can drag back, not a reason to
     * refuse the study.
     */
    private Map<String, List<Double>> dividers(String field, List<String> notes)
            throws IOException, WorkspaceFormatException {
        tok.expectObject(field);
        Map<String, List<Double>> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            String what = "an array of divider positions (numbers from 0 to 1) for \"" + name + "\" in \"" + field + "\"";
            tok.expectNext(JsonToken.START_ARRAY, what);
            List<Double> at = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.VALUE_NUMBER_INT && p.currentToken() != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw tok.error("expected a divider position (a number from 0 to 1) in \"" + name
                            + "\" of \"" + field + "\", found " + tok.found());
                }
                double x = p.getDoubleValue(); // JSON has no NaN; 1e999 reads as infinity, clamped too
                double clamped = Math.max(0, Math.min(1, x));
                if (clamped != x) {
                    JsonLocation here = p.currentTokenLocation();
                    notes.add(tok.errorAt(here, "divider position " + p.getText() + " in \"" + name
                            + "\" of \"" + field + "\" is outside 0..1; using " + (clamped == 0 ? "0" : "1")).getMessage());
                }
                at.add(clamped);
            }
            m.put(name, at);
        }
        return m;
    }

    /** An object of names with string values ({@code what} each value is expected to be). */
    private Map<String, String> strings(String field, String what) throws IOException, WorkspaceFormatException {
        tok.expectObject(field);
        Map<String, String> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            if (p.nextToken() != JsonToken.VALUE_STRING) {
                throw tok.error("expected " + what + " for \"" + key + "\" in \"" + field + "\", found " + tok.found());
            }
            m.put(key, p.getText());
        }
        return m;
    }

    private Map<String, String> parameters() throws IOException, WorkspaceFormatException {
        return parameters("parameters");
    }

    /** {@code "parameters"} or {@code "scenarioValues"}: parameter names with their values. */
    private Map<String, String> parameters(String field) throws IOException, WorkspaceFormatException {
        tok.expectObject(field);
        Map<String, String> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            if (v == null || !v.isScalarValue() || v == JsonToken.VALUE_NULL) {
                throw tok.error("expected a value (a string) for parameter \"" + key + "\", found " + tok.found());
            }
            m.put(key, p.getText());
        }
        return m;
    }

    /** A scenario file saved relative to the workspace comes back as its absolute path; a name as it is. */
    private String scenario(String text) throws WorkspaceFormatException {
        if (!Workspace.isScenarioFile(text)) {
            return text;
        }
        try {
            Path f = Path.of(text);
            return (f.isAbsolute() ? f : baseDir.resolve(f)).toAbsolutePath().normalize().toString();
        } catch (InvalidPathException e) {
            throw tok.error("expected a scenario name or a scenario file in \"scenario\", found \"" + text + "\" ("
                    + e.getReason() + ")");
        }
    }

    private Path path(String text) throws WorkspaceFormatException {
        try {
            Path f = Path.of(text);
            return (f.isAbsolute() ? f : baseDir.resolve(f)).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw tok.error("expected a file name in \"files\", found \"" + text + "\" (" + e.getReason() + ")");
        }
    }
}
