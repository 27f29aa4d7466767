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
    private final String file;
    private final Path baseDir;

    private WorkspaceReader(JsonParser p, String file, Path baseDir) {
        this.p = p;
        this.file = file;
        this.baseDir = baseDir;
    }

    /** Reads a workspace; {@code open} gives a fresh stream each call (the file is read twice). */
    static Workspace read(IoSupplier open, String file, Path baseDir) throws IOException, WorkspaceFormatException {
        try {
            try (InputStream in = open.get(); JsonParser p = WorkspaceJson.JSON.createParser(in)) {
                new WorkspaceReader(p, file, baseDir).checkVersion();
            }
            try (InputStream in = open.get(); JsonParser p = WorkspaceJson.JSON.createParser(in)) {
                return new WorkspaceReader(p, file, baseDir).workspace();
            }
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String what = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
            throw new WorkspaceFormatException(file, at == null ? 1 : Math.max(1, at.getLineNr()),
                    at == null ? 1 : Math.max(1, at.getColumnNr()),
                    "not valid JSON (" + firstLine(what) + ")");
        }
    }

    /** A source of fresh input streams. */
    @FunctionalInterface
    interface IoSupplier {
        InputStream get() throws IOException;
    }

    private void checkVersion() throws IOException, WorkspaceFormatException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw error("expected a SchedLab workspace (a JSON object starting with {\"" + WorkspaceJson.VERSION_FIELD
                    + "\": 1), found " + found());
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            if (p.currentName().equals(WorkspaceJson.VERSION_FIELD)) {
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                    throw error("expected the workspace format version (an integer, 1) for \""
                            + WorkspaceJson.VERSION_FIELD + "\", found " + found());
                }
                long v = p.getLongValue();
                if (v > Workspace.FORMAT_VERSION) {
                    throw error("workspace format " + v + " was written by a newer SchedLab; this version opens format "
                            + Workspace.FORMAT_VERSION);
                }
                if (v < 1) {
                    throw error("expected workspace format version 1, found " + v);
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
        while ((field = nextField("the workspace", "schedlabWorkspace, savedBy, tab, colorMode, dataset, live, ab"))
                != null) {
            switch (field) {
                case "schedlabWorkspace":
                    p.nextToken(); // checked by the first pass
                    break;
                case "savedBy":
                    readString(field);
                    break;
                case "tab":
                    JsonLocation at = p.currentLocation();
                    String t = readString(field);
                    w = w.withTab(Workspace.Tab.ofKey(t).orElseThrow(() -> errorAt(at,
                            "expected a tab (dataset, ab, live or sweep) for \"tab\", found \"" + t + "\"")));
                    break;
                case "colorMode":
                    w = w.withColorMode(colorMode());
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
                default:
                    throw new IllegalStateException(field); // nextField only returns known names
            }
        }
        return w;
    }

    private ColorMode colorMode() throws IOException, WorkspaceFormatException {
        String m = readString("colorMode");
        if (m.equals("task")) {
            return ColorMode.BY_TASK;
        }
        if (m.equals("state")) {
            return ColorMode.BY_STATE;
        }
        throw error("expected \"task\" or \"state\" for \"colorMode\", found \"" + m + "\"");
    }

    private Workspace.DatasetPart dataset() throws IOException, WorkspaceFormatException {
        JsonLocation start = expectObject("dataset");
        List<Path> files = new ArrayList<>();
        Optional<String> example = Optional.empty();
        List<Bookmark> bookmarks = new ArrayList<>();
        Optional<Workspace.TimeWindow> window = Optional.empty();
        String field;
        while ((field = nextField("\"dataset\"", "files, example, view, bookmarks")) != null) {
            switch (field) {
                case "files":
                    expectNext(JsonToken.START_ARRAY, "an array of file names for \"files\"");
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (p.currentToken() != JsonToken.VALUE_STRING) {
                            throw error("expected a file name (a string) in \"files\", found " + found());
                        }
                        files.add(path(p.getText()));
                    }
                    break;
                case "example":
                    example = Optional.of(readString(field));
                    break;
                case "view":
                    window = Optional.of(window());
                    break;
                default: // bookmarks
                    expectNext(JsonToken.START_ARRAY, "an array of bookmarks for \"bookmarks\"");
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        bookmarks.add(bookmark());
                    }
                    break;
            }
        }
        if (files.isEmpty() == example.isEmpty()) {
            throw errorAt(start, "expected \"dataset\" to name either \"files\" (at least one) or an \"example\"");
        }
        return new Workspace.DatasetPart(files, example, bookmarks, window);
    }

    private Bookmark bookmark() throws IOException, WorkspaceFormatException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error("expected a bookmark {\"tNs\": ..., \"note\": ...}, found " + found());
        }
        JsonLocation start = p.currentTokenLocation();
        Long tNs = null;
        String note = "";
        String field;
        while ((field = nextField("a bookmark", "tNs, note")) != null) {
            if (field.equals("tNs")) {
                tNs = readLong(field);
            } else {
                note = readString(field);
            }
        }
        return new Bookmark(required(tNs, start, "a bookmark", "tNs"), note);
    }

    private Workspace.TimeWindow window() throws IOException, WorkspaceFormatException {
        JsonLocation start = expectObject("view");
        Long s = null;
        Long e = null;
        String field;
        while ((field = nextField("\"view\"", "startNs, endNs")) != null) {
            if (field.equals("startNs")) {
                s = readLong(field);
            } else {
                e = readLong(field);
            }
        }
        long startNs = required(s, start, "\"view\"", "startNs");
        long endNs = required(e, start, "\"view\"", "endNs");
        if (endNs <= startNs) {
            throw errorAt(start, "expected \"endNs\" after \"startNs\" in \"view\", found " + startNs + " .. " + endNs);
        }
        return new Workspace.TimeWindow(startNs, endNs);
    }

    private Workspace.SimRun simRun() throws IOException, WorkspaceFormatException {
        JsonLocation start = expectObject("live");
        String scenario = null;
        Map<String, String> params = Map.of();
        Long seed = null;
        Optional<Workspace.TimeWindow> window = Optional.empty();
        String field;
        while ((field = nextField("\"live\"", "scenario, parameters, seed, view")) != null) {
            switch (field) {
                case "scenario":
                    scenario = readString(field);
                    break;
                case "parameters":
                    params = parameters();
                    break;
                case "seed":
                    seed = readLong(field);
                    break;
                default:
                    window = Optional.of(window());
                    break;
            }
        }
        return new Workspace.SimRun(required(scenario, start, "\"live\"", "scenario"), params,
                required(seed, start, "\"live\"", "seed"), window);
    }

    private Workspace.AbSetup ab() throws IOException, WorkspaceFormatException {
        JsonLocation start = expectObject("ab");
        String scenario = null;
        int seeds = 1;
        Workspace.AbSide a = null;
        Workspace.AbSide b = null;
        Optional<Workspace.TimeWindow> window = Optional.empty();
        String field;
        while ((field = nextField("\"ab\"", "scenario, seedsPerSide, a, b, view")) != null) {
            switch (field) {
                case "scenario":
                    scenario = readString(field);
                    break;
                case "seedsPerSide":
                    long n = readLong(field);
                    if (n < 1 || n > 1000) {
                        throw error("expected \"seedsPerSide\" between 1 and 1000, found " + n);
                    }
                    seeds = (int) n;
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
        return new Workspace.AbSetup(required(scenario, start, "\"ab\"", "scenario"), required(a, start, "\"ab\"", "a"),
                required(b, start, "\"ab\"", "b"), seeds, window);
    }

    private Workspace.AbSide side(String name) throws IOException, WorkspaceFormatException {
        JsonLocation start = expectObject(name);
        Map<String, String> params = Map.of();
        Long seed = null;
        boolean datasetTab = false;
        String field;
        while ((field = nextField("side \"" + name + "\"", "parameters, seed, datasetTab")) != null) {
            switch (field) {
                case "parameters":
                    params = parameters();
                    break;
                case "seed":
                    seed = readLong(field);
                    break;
                default:
                    JsonToken t = p.nextToken();
                    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                        throw error("expected true or false for \"datasetTab\", found " + found());
                    }
                    datasetTab = t == JsonToken.VALUE_TRUE;
                    break;
            }
        }
        return new Workspace.AbSide(params, required(seed, start, "side \"" + name + "\"", "seed"), datasetTab);
    }

    private Map<String, String> parameters() throws IOException, WorkspaceFormatException {
        expectObject("parameters");
        Map<String, String> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            if (v == null || !v.isScalarValue() || v == JsonToken.VALUE_NULL) {
                throw error("expected a value (a string) for parameter \"" + key + "\", found " + found());
            }
            m.put(key, p.getText());
        }
        return m;
    }

    private Path path(String text) throws WorkspaceFormatException {
        try {
            Path f = Path.of(text);
            return (f.isAbsolute() ? f : baseDir.resolve(f)).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw error("expected a file name in \"files\", found \"" + text + "\" (" + e.getReason() + ")");
        }
    }

    // --- token helpers -----------------------------------------------------------------------

    private JsonLocation expectObject(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.START_OBJECT, "an object for \"" + field + "\"");
        return p.currentTokenLocation();
    }

    /** The next field name of the object being read (null at its end); names outside {@code known} fail. */
    private String nextField(String where, String known) throws IOException, WorkspaceFormatException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
            return null;
        }
        if (t != JsonToken.FIELD_NAME) {
            throw error("expected a field name or '}' in " + where + ", found " + found());
        }
        String name = p.currentName();
        for (String k : known.split(", ")) {
            if (k.equals(name)) {
                return name;
            }
        }
        throw error("unknown field \"" + name + "\" in " + where + " (expected one of: " + known + ")");
    }

    private void expectNext(JsonToken expected, String what) throws IOException, WorkspaceFormatException {
        if (p.nextToken() != expected) {
            throw error("expected " + what + ", found " + found());
        }
    }

    private String readString(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.VALUE_STRING, "a string for \"" + field + "\"");
        return p.getText();
    }

    private long readLong(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.VALUE_NUMBER_INT, "an integer for \"" + field + "\"");
        return p.getLongValue();
    }

    private <T> T required(T value, JsonLocation objectStart, String where, String field)
            throws WorkspaceFormatException {
        if (value == null) {
            throw errorAt(objectStart, "expected a field \"" + field + "\" in " + where + ", it is missing");
        }
        return value;
    }

    private String found() throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            return "end of file";
        }
        switch (t) {
            case START_OBJECT:
                return "an object";
            case START_ARRAY:
                return "an array";
            case VALUE_STRING:
                return "string \"" + abbreviate(p.getText()) + "\"";
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return "number " + abbreviate(p.getText());
            case END_OBJECT:
                return "'}'";
            case END_ARRAY:
                return "']'";
            default:
                return p.getText();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private WorkspaceFormatException error(String detail) {
        return errorAt(p.currentTokenLocation(), detail);
    }

    private WorkspaceFormatException errorAt(JsonLocation at, String detail) {
        return new WorkspaceFormatException(file, Math.max(1, at.getLineNr()), Math.max(1, at.getColumnNr()), detail);
    }
}
