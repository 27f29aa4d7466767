package org.schedlab.ui.lab;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.sim.scenario.LookAt;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;

/**
 * The words of a scenario, as a workspace keeps them: not the text itself but a short hash of
 * each part (title, description, notes, the explanation with its "look at" lines, and the
 * parameters' explanations: source, rationale, unit, why one is unused), so opening a workspace
 * can say which part of a scenario file was reworded since the save without the file's text in
 * the workspace. Values are not text: {@link SavedScenario#valuesOf} keeps those.
 */
final class ScenarioText {
    /** The parts, by the names the workspace file uses, with the words the message uses. */
    private static final Map<String, String> PARTS = Map.of("title", "title", "description", "description",
            "notes", "notes", "explanation", "explanation", "parameters", "parameter explanations");

    private ScenarioText() {
    }

    /** Each part's hash (16 hex digits of its SHA-256). */
    static Map<String, String> hashes(Scenario s) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("title", hash(List.of(s.title())));
        m.put("description", hash(List.of(s.description())));
        m.put("notes", hash(s.notes()));
        List<String> explain = new ArrayList<>();
        explain.add(s.explain());
        for (LookAt l : s.lookAt()) {
            explain.add(l.text());
        }
        m.put("explanation", hash(explain));
        List<String> params = new ArrayList<>();
        for (ParamDef d : s.params().values()) {
            params.addAll(List.of(d.key(), d.unit(), d.source(), d.explain(), d.unused(), d.autoMeaning()));
        }
        m.put("parameters", hash(params));
        return m;
    }

    /**
     * The parts of {@code s}'s text that differ from {@code saved} (a part only one side has
     * counts as changed); empty for a workspace saved before the hashes were kept.
     */
    static List<String> changed(Scenario s, Optional<Map<String, String>> saved) {
        if (saved.isEmpty()) {
            return List.of();
        }
        Map<String, String> now = hashes(s);
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : now.entrySet()) {
            if (!e.getValue().equals(saved.get().get(e.getKey()))) {
                parts.add(PARTS.get(e.getKey()));
            }
        }
        return parts;
    }

    /** "its description", "its description and notes", "its title, notes and explanation". */
    static String list(List<String> parts) {
        if (parts.size() == 1) {
            return "its " + parts.get(0);
        }
        return "its " + String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    private static String hash(List<String> texts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String t : texts) {
                byte[] b = t.getBytes(StandardCharsets.UTF_8);
                // each text's length first: "ab"+"c" and "a"+"bc" differ
                sha.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
                sha.update((byte) ':');
                sha.update(b);
            }
            return java.util.HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
