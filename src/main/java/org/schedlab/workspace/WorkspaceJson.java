package org.schedlab.workspace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.schedlab.render.Bookmark;
import org.schedlab.render.ColorMode;

/**
 * Writes a {@link Workspace} as JSON. Files inside the workspace's own directory are written
 * relative to it, so a folder holding recordings and the workspace can be moved or shared and
 * still opens; other files keep their absolute path. Parameters are written as strings, in the
 * order the parameter panel lists them, so saving twice gives the same bytes.
 */
public final class WorkspaceJson {
    /** Strict about duplicate fields: two "seed"s in a hand-edited file are an error, not a guess. */
    static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    /** The field that says "this is a workspace" and which format version. */
    public static final String VERSION_FIELD = "schedlabWorkspace";

    private WorkspaceJson() {
    }

    /**
     * Writes {@code w}; {@code workspaceDir} is where the file goes (paths under it become relative).
     * The stream is left open.
     */
    public static void write(Workspace w, Path workspaceDir, String savedBy, OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField(VERSION_FIELD, Workspace.FORMAT_VERSION);
            g.writeStringField("savedBy", savedBy);
            g.writeStringField("tab", w.tab().key());
            g.writeStringField("colorMode", colorModeKey(w.colorMode()));
            if (w.fitCpuLanes()) {
                g.writeBooleanField("fitCpuLanes", true); // off unless turned on: older files stay as they were
            }
            if (w.dataset().isPresent()) {
                writeDataset(g, w.dataset().get(), workspaceDir);
            }
            if (w.live().isPresent()) {
                Workspace.SimRun r = w.live().get();
                g.writeObjectFieldStart("live");
                g.writeStringField("scenario", scenarioText(r.scenario(), workspaceDir));
                writeScenarioValues(g, r.scenarioValues());
                writeScenarioText(g, r.scenarioText());
                writeParameters(g, r.parameters());
                g.writeNumberField("seed", r.seed());
                writeWindow(g, r.window());
                // left out when empty, so a workspace without them still opens in a SchedLab that saved none
                if (!r.bookmarks().isEmpty()) {
                    writeBookmarks(g, r.bookmarks());
                }
                writeTaskLanes(g, r.taskLanes());
                g.writeEndObject();
            }
            if (w.ab().isPresent()) {
                Workspace.AbSetup ab = w.ab().get();
                g.writeObjectFieldStart("ab");
                g.writeStringField("scenario", scenarioText(ab.scenario(), workspaceDir));
                writeScenarioValues(g, ab.scenarioValues());
                writeScenarioText(g, ab.scenarioText());
                g.writeNumberField("seedsPerSide", ab.seedsPerSide());
                if (!ab.lanesLinked()) {
                    g.writeBooleanField("lanesLinked", false); // on unless turned off
                }
                writeSide(g, "a", ab.a(), workspaceDir);
                writeSide(g, "b", ab.b(), workspaceDir);
                writeWindow(g, ab.window());
                writeTaskLanes(g, ab.taskLanes());
                g.writeEndObject();
            }
            writePanels(g, w.panels());
            g.writeEndObject();
        }
    }

    /** The side panels' tabs and folds, left out when nothing is named (as an older SchedLab saved it). */
    private static void writePanels(JsonGenerator g, Workspace.Panels panels) throws IOException {
        if (panels.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("panels");
        if (!panels.tabs().isEmpty()) {
            writeValues(g, "tabs", panels.tabs());
        }
        if (!panels.groups().isEmpty()) {
            g.writeObjectFieldStart("groups");
            for (Map.Entry<String, Boolean> e : panels.groups().entrySet()) {
                g.writeStringField(e.getKey(), e.getValue() ? "open" : "folded");
            }
            g.writeEndObject();
        }
        writeDividers(g, "dividers", panels.dividers());
        // where "Fit CPU lanes" found A/B's dividers: left out with it off, as an older SchedLab saved it
        writeDividers(g, "dividersBeforeFit", panels.dividersBeforeFit());
        g.writeEndObject();
    }

    private static void writeDividers(JsonGenerator g, String field, Map<String, java.util.List<Double>> dividers)
            throws IOException {
        if (!dividers.isEmpty()) {
            g.writeObjectFieldStart(field);
            for (Map.Entry<String, java.util.List<Double>> e : dividers.entrySet()) {
                g.writeArrayFieldStart(e.getKey());
                for (double at : e.getValue()) {
                    // a ten-thousandth of the pane: under half a pixel on a 4K screen, and a readable file
                    g.writeNumber(java.math.BigDecimal.valueOf(at).setScale(4, java.math.RoundingMode.HALF_EVEN)
                            .stripTrailingZeros());
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        }
    }

    private static void writeDataset(JsonGenerator g, Workspace.DatasetPart d, Path workspaceDir) throws IOException {
        g.writeObjectFieldStart("dataset");
        writeSources(g, d.sources(), workspaceDir);
        writeWindow(g, d.window());
        writeBookmarks(g, d.bookmarks());
        writeTaskLanes(g, d.taskLanes());
        g.writeEndObject();
    }

    /** The tasks picked under "Task lanes", by comm[tid]; left out when none were picked. */
    private static void writeTaskLanes(JsonGenerator g, Optional<java.util.List<String>> lanes) throws IOException {
        if (lanes.isPresent()) {
            g.writeArrayFieldStart("taskLanes");
            for (String task : lanes.get()) {
                g.writeString(task);
            }
            g.writeEndArray();
        }
    }

    private static void writeBookmarks(JsonGenerator g, java.util.List<Bookmark> bookmarks) throws IOException {
        g.writeArrayFieldStart("bookmarks");
        for (Bookmark b : bookmarks) {
            g.writeStartObject();
            g.writeNumberField("tNs", b.tNs());
            g.writeStringField("note", b.note());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** {@code "example": NAME} or {@code "files": [...]}, inside the object being written. */
    private static void writeSources(JsonGenerator g, Workspace.Sources d, Path workspaceDir) throws IOException {
        if (d.example().isPresent()) {
            g.writeStringField("example", d.example().get());
        } else {
            g.writeArrayFieldStart("files");
            for (Path f : d.files()) {
                g.writeString(pathText(f, workspaceDir));
            }
            g.writeEndArray();
        }
    }

    private static void writeSide(JsonGenerator g, String name, Workspace.AbSide s, Path workspaceDir)
            throws IOException {
        g.writeObjectFieldStart(name);
        writeParameters(g, s.parameters());
        g.writeNumberField("seed", s.seed());
        if (s.data().isPresent()) {
            g.writeObjectFieldStart("data");
            writeSources(g, s.data().get(), workspaceDir);
            g.writeEndObject();
        }
        if (!s.bookmarks().isEmpty()) {
            writeBookmarks(g, s.bookmarks());
        }
        g.writeEndObject();
    }

    /** Every value of the scenario as saved, so opening can tell it changed since (left out when not known). */
    private static void writeScenarioValues(JsonGenerator g, Optional<Map<String, String>> values) throws IOException {
        if (values.isPresent()) {
            writeValues(g, "scenarioValues", values.get());
        }
    }

    /** A hash of each part of the scenario's text as saved, so opening can tell its words changed (left out when not known). */
    private static void writeScenarioText(JsonGenerator g, Optional<Map<String, String>> text) throws IOException {
        if (text.isPresent()) {
            writeValues(g, "scenarioText", text.get());
        }
    }

    private static void writeParameters(JsonGenerator g, Map<String, String> params) throws IOException {
        writeValues(g, "parameters", params);
    }

    private static void writeValues(JsonGenerator g, String field, Map<String, String> params) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, String> e : params.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private static void writeWindow(JsonGenerator g, Optional<Workspace.TimeWindow> w) throws IOException {
        if (w.isPresent()) {
            g.writeObjectFieldStart("view");
            g.writeNumberField("startNs", w.get().startNs());
            g.writeNumberField("endNs", w.get().endNs());
            g.writeEndObject();
        }
    }

    /**
     * A scenario reference as saved: a built-in's name as it is; a scenario file's absolute path
     * (see {@code SavedScenario.reference}) relative to the workspace when it sits beside it, like
     * the data files, so a folder holding a workspace and its scenario can be moved or shared.
     */
    static String scenarioText(String reference, Path workspaceDir) {
        if (!Workspace.isScenarioFile(reference)) {
            return reference;
        }
        try {
            Path f = Path.of(reference);
            return f.isAbsolute() ? pathText(f, workspaceDir) : reference;
        } catch (java.nio.file.InvalidPathException e) {
            return reference;
        }
    }

    /** Relative to the workspace's directory when inside it, with '/' on every platform. */
    static String pathText(Path file, Path workspaceDir) {
        Path f = file.toAbsolutePath().normalize();
        Path dir = workspaceDir.toAbsolutePath().normalize();
        if (f.startsWith(dir) && !f.equals(dir)) {
            return dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
        }
        return f.toString();
    }

    static String colorModeKey(ColorMode m) {
        return m == ColorMode.BY_STATE ? "state" : "task";
    }
}
