package org.schedlab.sim.scenario;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.workload.Workloads;

/**
 * Reads scenario files. Every problem is a {@link ScenarioException} whose message starts with
 * {@code file:line:column:} and says what was expected. Core parameters a file omits take
 * {@link CoreParams} defaults; a file may restate a core parameter with its own value, source,
 * explanation and a narrower range.
 */
public final class ScenarioLoader {
    private static final Set<String> TOP = Set.of("name", "title", "workload", "description", "notes", "parameters",
            "explain", "lookAt", "compare");
    private static final Set<String> LOOK_AT = Set.of("text", "set");
    private static final Set<String> COMPARE = Set.of("base", "test");
    private static final Set<String> PARAM = Set.of("value", "unit", "min", "max", "integer", "choices", "auto",
            "zeroIsOff", "source", "explain", "unused", "onlyWith");

    private ScenarioLoader() {
    }

    /** Far above any scenario (the built-ins are under 20 KiB), far below what would exhaust the heap. */
    static final long MAX_FILE_BYTES = 4L << 20;

    public static Scenario load(Path file) throws ScenarioException {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new ScenarioException(file + ": " + (size >> 20) + " MiB; expected a scenario JSON file (at most "
                        + (MAX_FILE_BYTES >> 20) + " MiB): is this a scenario?");
            }
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ScenarioException(file + ": cannot read: permission denied", e);
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(new StringReader(utf8(bytes, file.toString())), file.toString(), file.toString());
    }

    /**
     * The file as UTF-8 text, or an error naming the line of the first byte that is not UTF-8
     * (the decoder's own message, "Input length = 1", tells a user nothing), or of the character
     * the file ends inside when that is the first (cut, not another encoding).
     */
    static String utf8(byte[] bytes, String fileLabel) throws ScenarioException {
        if (bytes.length >= 2 && ((bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe
                || (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff)) {
            throw new ScenarioException(fileLabel + ":1:1: this is UTF-16 text; expected a scenario JSON file in UTF-8"
                    + " (save it as UTF-8)");
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) {
            // a scenario kept as .json.gz, as datasets may be: "byte 0x8b is not UTF-8 text" did not say so
            throw new ScenarioException(fileLabel + ":1:1: this is gzip-compressed; expected a scenario JSON file in"
                    + " UTF-8 (gunzip it first)");
        }
        // the rule, and the words, a recording's or a CSV table's bytes are checked by
        int bad = org.schedlab.io.Utf8Scan.firstBad(bytes, 0, bytes.length);
        if (bad < 0) {
            String text = new String(bytes, StandardCharsets.UTF_8);
            // "UTF-8 with BOM" (Notepad): the mark is no JSON, and editors do not count it as a column
            return text.startsWith("\ufeff") ? text.substring(1) : text;
        }
        org.schedlab.io.Utf8Scan.Place p = org.schedlab.io.Utf8Scan.placeOf(bytes, bad);
        String where = fileLabel + ":" + p.line() + ":" + (bad - p.lineStart() + 1) + ": ";
        if (org.schedlab.io.Utf8Scan.cutAt(bytes, 0, bytes.length) == bad) {
            // the first bad byte begins a character the file ends inside: nothing before it says
            // another encoding, and "byte 0xe2 is not UTF-8 text" sent the user to re-save a file
            // that had been cut while copied (as a CSV table's or a recording's cut is said)
            throw new ScenarioException(where + "the file ends inside a character ("
                    + org.schedlab.io.Utf8Scan.cutText(bytes, bad, bytes.length) + "): it was cut there, not saved in"
                    + " another encoding; expected the whole scenario JSON file (copy it again)");
        }
        throw new ScenarioException(where + org.schedlab.io.Utf8Scan.what(bytes[bad])
                + "; expected a scenario JSON file in UTF-8");
    }

    public static Scenario parse(Reader in, String fileLabel, String origin) throws ScenarioException {
        JsonNodeAt root = JsonNodeAt.parse(in, fileLabel);
        if (root.kind != JsonNodeAt.Kind.OBJECT) {
            throw new ScenarioException(root.where(fileLabel) + ": expected a JSON object with \"name\", \"workload\""
                    + " and \"parameters\"");
        }
        for (Map.Entry<String, JsonNodeAt> e : root.fields.entrySet()) {
            if (!TOP.contains(e.getKey())) {
                throw new ScenarioException(e.getValue().where(fileLabel) + ": unknown field \"" + e.getKey()
                        + "\" (expected one of " + String.join(", ", TOP.stream().sorted().toList()) + ")");
            }
        }
        String name = requiredString(root, "name", fileLabel);
        if (name.isBlank()) {
            throw new ScenarioException(root.fields.get("name").where(fileLabel)
                    + ": expected a scenario name for \"name\", found an empty one");
        }
        String workload = requiredString(root, "workload", fileLabel);
        List<String> known = Workloads.all().stream().map(Workload::name).toList();
        if (!known.contains(workload)) {
            // said here, where the file and line are known, not when a run cannot find it
            throw new ScenarioException(root.fields.get("workload").where(fileLabel) + ": unknown workload \""
                    + workload + "\" (expected one of " + String.join(", ", known) + ")");
        }
        String title = optionalString(root, "title", fileLabel);
        String description = optionalString(root, "description", fileLabel);
        List<String> notes = new ArrayList<>();
        JsonNodeAt n = root.fields.get("notes");
        if (n != null) {
            expect(n, JsonNodeAt.Kind.ARRAY, "an array of strings", fileLabel);
            for (JsonNodeAt item : n.items) {
                expect(item, JsonNodeAt.Kind.STRING, "a string", fileLabel);
                notes.add(item.text);
            }
        }
        JsonNodeAt params = root.fields.get("parameters");
        if (params == null) {
            throw new ScenarioException(root.where(fileLabel) + ": missing \"parameters\" object");
        }
        expect(params, JsonNodeAt.Kind.OBJECT, "an object of parameters", fileLabel);
        Map<String, ParamDef> defs = new LinkedHashMap<>(CoreParams.defs());
        for (Map.Entry<String, JsonNodeAt> e : params.fields.entrySet()) {
            defs.put(e.getKey(), param(e.getKey(), e.getValue(), CoreParams.defs().get(e.getKey()), fileLabel));
        }
        // conditions name other parameters: read once every parameter is known
        for (Map.Entry<String, JsonNodeAt> e : params.fields.entrySet()) {
            JsonNodeAt only = e.getValue().fields.get("onlyWith");
            if (only != null) {
                defs.put(e.getKey(), defs.get(e.getKey()).withOnlyWith(onlyWith(e.getKey(), only, defs, fileLabel)));
            }
        }
        if (!ScenarioCatalog.BUILT_IN.equals(origin)) {
            knownToWorkload(workload, params, fileLabel);
        }
        String explain = optionalString(root, "explain", fileLabel);
        List<LookAt> lookAt = lookAt(root.fields.get("lookAt"), defs, fileLabel);
        Optional<Comparison> compare = comparison(root.fields.get("compare"), defs, fileLabel);
        return new Scenario(name, title, workload, description, notes, defs, origin, explain, lookAt, compare);
    }

    /**
     * Every parameter of a file is one its workload reads, i.e. one the built-in scenario of that
     * workload defines (a workload reads no key its built-in lacks, or the built-in would not run):
     * a misspelt "chunkMs" was taken, never read, and the run used the value the file meant to change.
     */
    private static void knownToWorkload(String workload, JsonNodeAt params, String file) throws ScenarioException {
        for (Scenario b : ScenarioCatalog.all()) {
            if (!b.workload().equals(workload)) {
                continue;
            }
            for (Map.Entry<String, JsonNodeAt> e : params.fields.entrySet()) {
                if (!b.params().containsKey(e.getKey())) {
                    throw new ScenarioException(e.getValue().where(file) + ": unknown parameter \"" + e.getKey()
                            + "\" of workload " + workload + " (expected one of " + String.join(", ", b.params().keySet())
                            + ")");
                }
            }
            return;
        }
    }

    /**
     * {@code "lookAt"}: an array of steps, each a string or {@code {"text": ..., "set": {key: value}}};
     * every key set must be a parameter of the scenario and its value valid for it.
     */
    private static List<LookAt> lookAt(JsonNodeAt n, Map<String, ParamDef> defs, String file)
            throws ScenarioException {
        List<LookAt> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        expect(n, JsonNodeAt.Kind.ARRAY, "an array of steps for \"lookAt\"", file);
        for (JsonNodeAt item : n.items) {
            if (item.kind == JsonNodeAt.Kind.STRING) {
                out.add(new LookAt(item.text, Map.of()));
                continue;
            }
            expect(item, JsonNodeAt.Kind.OBJECT, "a string or {\"text\": ..., \"set\": {...}} in \"lookAt\"", file);
            for (Map.Entry<String, JsonNodeAt> e : item.fields.entrySet()) {
                if (!LOOK_AT.contains(e.getKey())) {
                    throw new ScenarioException(e.getValue().where(file) + ": lookAt: unknown field \"" + e.getKey()
                            + "\" (expected one of set, text)");
                }
            }
            String text = requiredString(item, "text", file);
            JsonNodeAt set = item.fields.get("set");
            out.add(new LookAt(text, set == null ? Map.of() : settings(set, "lookAt", "\"set\"", defs, file)));
        }
        return out;
    }

    /**
     * {@code "compare": {"base": {key: value}, "test": {key: value}}}: the two settings A/B opens on.
     * They must differ once applied to the defaults, or A/B would show one run twice.
     */
    private static Optional<Comparison> comparison(JsonNodeAt n, Map<String, ParamDef> defs, String file)
            throws ScenarioException {
        if (n == null) {
            return Optional.empty();
        }
        expect(n, JsonNodeAt.Kind.OBJECT, "an object {\"base\": {...}, \"test\": {...}} for \"compare\"", file);
        for (Map.Entry<String, JsonNodeAt> e : n.fields.entrySet()) {
            if (!COMPARE.contains(e.getKey())) {
                throw new ScenarioException(e.getValue().where(file) + ": compare: unknown field \"" + e.getKey()
                        + "\" (expected base, test)");
            }
        }
        Map<String, Map<String, String>> sides = new LinkedHashMap<>();
        for (String side : List.of("base", "test")) {
            JsonNodeAt s = n.fields.get(side);
            if (s == null) {
                throw new ScenarioException(n.where(file) + ": compare: missing \"" + side
                        + "\" (an object of parameter values, {} for the scenario's defaults)");
            }
            sides.put(side, settings(s, "compare", "\"" + side + "\"", defs, file));
        }
        Map<String, String> base = withDefaults(defs, sides.get("base"));
        if (base.equals(withDefaults(defs, sides.get("test")))) {
            throw new ScenarioException(n.where(file) + ": compare: base and test are the same setting;"
                    + " expected two settings that differ in at least one parameter");
        }
        return Optional.of(new Comparison(sides.get("base"), sides.get("test")));
    }

    private static Map<String, String> withDefaults(Map<String, ParamDef> defs, Map<String, String> set) {
        Map<String, String> all = new LinkedHashMap<>();
        defs.values().forEach(d -> all.put(d.key(), d.value()));
        all.putAll(set);
        return all;
    }

    /** An object of parameter values ({@code "set"} of a tour step, a side of {@code "compare"}), each validated. */
    private static Map<String, String> settings(JsonNodeAt s, String context, String what, Map<String, ParamDef> defs,
                                                String file) throws ScenarioException {
        expect(s, JsonNodeAt.Kind.OBJECT, "an object of parameter values for " + what, file);
        Map<String, String> set = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNodeAt> e : s.fields.entrySet()) {
            ParamDef def = defs.get(e.getKey());
            if (def == null) {
                throw new ScenarioException(e.getValue().where(file) + ": " + context + ": unknown parameter \""
                        + e.getKey() + "\" (valid: " + String.join(", ", defs.keySet()) + ")");
            }
            JsonNodeAt v = e.getValue();
            if (v.kind != JsonNodeAt.Kind.STRING && v.kind != JsonNodeAt.Kind.NUMBER) {
                throw new ScenarioException(v.where(file) + ": " + context + ": " + e.getKey()
                        + ": expected a number or a string");
            }
            try {
                set.put(e.getKey(), def.validate(v.text));
            } catch (ScenarioException ex) {
                throw new ScenarioException(v.where(file) + ": " + context + ": " + ex.getMessage());
            }
        }
        return set;
    }

    private static ParamDef param(String key, JsonNodeAt node, ParamDef core, String file) throws ScenarioException {
        expect(node, JsonNodeAt.Kind.OBJECT, "an object {\"value\": ..., \"unit\": ..., \"source\": ...}", file);
        for (Map.Entry<String, JsonNodeAt> e : node.fields.entrySet()) {
            if (!PARAM.contains(e.getKey())) {
                throw new ScenarioException(e.getValue().where(file) + ": parameter " + key + ": unknown field \""
                        + e.getKey() + "\" (expected one of " + String.join(", ", PARAM.stream().sorted().toList())
                        + ")");
            }
        }
        JsonNodeAt v = node.fields.get("value");
        if (v == null || (v.kind != JsonNodeAt.Kind.STRING && v.kind != JsonNodeAt.Kind.NUMBER)) {
            throw new ScenarioException((v == null ? node : v).where(file) + ": parameter " + key
                    + ": expected \"value\" (a number or a string)");
        }
        String unit = fieldString(node, "unit", key, file, core == null ? "" : core.unit());
        Double min = fieldNumber(node, "min", key, file, core == null ? null : core.min());
        Double max = fieldNumber(node, "max", key, file, core == null ? null : core.max());
        boolean integer = fieldBool(node, "integer", key, file, core != null && core.integer());
        boolean zeroIsOff = fieldBool(node, "zeroIsOff", key, file, core != null && core.zeroIsOff());
        String auto = fieldString(node, "auto", key, file, core == null ? "" : core.autoMeaning());
        List<String> choices = core == null ? List.of() : core.choices();
        JsonNodeAt c = node.fields.get("choices");
        if (c != null) {
            expect(c, JsonNodeAt.Kind.ARRAY, "an array of allowed values", file);
            List<String> list = new ArrayList<>();
            for (JsonNodeAt item : c.items) {
                if (item.kind != JsonNodeAt.Kind.STRING && item.kind != JsonNodeAt.Kind.NUMBER) {
                    throw new ScenarioException(item.where(file) + ": parameter " + key
                            + ": choices must be strings or numbers");
                }
                list.add(item.text);
            }
            if (list.isEmpty()) {
                throw new ScenarioException(c.where(file) + ": parameter " + key + ": empty \"choices\"");
            }
            if (core != null && core.isChoice() && !core.choices().containsAll(list)) {
                throw new ScenarioException(c.where(file) + ": parameter " + key + ": choices must be among "
                        + String.join("|", core.choices()));
            }
            choices = list;
        }
        if (choices.isEmpty() && (min == null || max == null)) {
            throw new ScenarioException(node.where(file) + ": parameter " + key
                    + ": needs \"choices\" or both \"min\" and \"max\"");
        }
        if (min != null && max != null && min > max) {
            throw new ScenarioException(node.where(file) + ": parameter " + key + ": min " + ParamDef.fmt(min)
                    + " is above max " + ParamDef.fmt(max));
        }
        if (core != null && !core.isChoice() && ((core.min() != null && min != null && min < core.min())
                || (core.max() != null && max != null && max > core.max()))) {
            throw new ScenarioException(node.where(file) + ": parameter " + key + ": range may only narrow "
                    + core.rangeText());
        }
        String source = fieldString(node, "source", key, file, core == null ? "" : core.source());
        String explain = fieldString(node, "explain", key, file, core == null ? "" : core.explain());
        String unused = fieldString(node, "unused", key, file, "").strip();
        if (node.fields.containsKey("unused") && unused.isEmpty()) {
            throw new ScenarioException(node.fields.get("unused").where(file) + ": parameter " + key
                    + ": \"unused\" says why the workload never reaches this parameter's mechanism; it cannot be empty");
        }
        ParamDef def = new ParamDef(key, v.text, unit, choices.isEmpty() ? min : null, choices.isEmpty() ? max : null,
                integer, choices, auto, zeroIsOff, source, explain, unused, core == null ? List.of() : core.onlyWith());
        try {
            return def.withValue(def.validate(v.text));
        } catch (ScenarioException e) {
            throw new ScenarioException(v.where(file) + ": " + e.getMessage());
        }
    }

    /**
     * {@code "onlyWith": {"lockKind": ["futex"], "stealPct": {"not": ["0"]}}}: the parameter takes
     * effect only while each named parameter has one of the values (or, under "not", none of them).
     */
    private static List<ParamCondition> onlyWith(String key, JsonNodeAt node, Map<String, ParamDef> defs, String file)
            throws ScenarioException {
        if (node.kind != JsonNodeAt.Kind.OBJECT) {
            throw new ScenarioException(node.where(file) + ": parameter " + key + ": onlyWith: expected an object"
                    + " {\"KEY\": [values], \"KEY\": {\"not\": [values]}}");
        }
        List<ParamCondition> out = new ArrayList<>();
        for (Map.Entry<String, JsonNodeAt> c : node.fields.entrySet()) {
            String other = c.getKey();
            JsonNodeAt v = c.getValue();
            ParamDef od = defs.get(other);
            if (od == null || other.equals(key)) {
                throw new ScenarioException(v.where(file) + ": parameter " + key + ": onlyWith names "
                        + (od == null ? "no parameter of this scenario: " : "the parameter itself: ") + other);
            }
            boolean not = v.kind == JsonNodeAt.Kind.OBJECT;
            if (not) {
                if (v.fields.size() != 1 || !v.fields.containsKey("not")) {
                    throw new ScenarioException(v.where(file) + ": parameter " + key + ": onlyWith " + other
                            + ": expected [values] or {\"not\": [values]}");
                }
                v = v.fields.get("not");
            }
            if (v.kind != JsonNodeAt.Kind.ARRAY) {
                throw new ScenarioException(v.where(file) + ": parameter " + key + ": onlyWith " + other
                        + ": expected an array of " + other + "'s values");
            }
            List<String> values = new ArrayList<>();
            for (JsonNodeAt item : v.items) {
                if (item.kind != JsonNodeAt.Kind.STRING && item.kind != JsonNodeAt.Kind.NUMBER) {
                    throw new ScenarioException(item.where(file) + ": parameter " + key + ": onlyWith " + other
                            + ": values must be strings or numbers");
                }
                try {
                    values.add(od.validate(item.text));
                } catch (ScenarioException e) {
                    throw new ScenarioException(item.where(file) + ": parameter " + key + ": onlyWith: "
                            + e.getMessage());
                }
            }
            if (values.isEmpty()) {
                throw new ScenarioException(v.where(file) + ": parameter " + key + ": onlyWith " + other
                        + ": no values");
            }
            out.add(new ParamCondition(other, values, not));
        }
        return out;
    }

    private static void expect(JsonNodeAt n, JsonNodeAt.Kind kind, String what, String file) throws ScenarioException {
        if (n.kind != kind) {
            throw new ScenarioException(n.where(file) + ": expected " + what);
        }
    }

    private static String requiredString(JsonNodeAt obj, String field, String file) throws ScenarioException {
        JsonNodeAt n = obj.fields.get(field);
        if (n == null) {
            throw new ScenarioException(obj.where(file) + ": missing \"" + field + "\"");
        }
        expect(n, JsonNodeAt.Kind.STRING, "a string for \"" + field + "\"", file);
        return n.text;
    }

    private static String optionalString(JsonNodeAt obj, String field, String file) throws ScenarioException {
        JsonNodeAt n = obj.fields.get(field);
        if (n == null) {
            return null;
        }
        expect(n, JsonNodeAt.Kind.STRING, "a string for \"" + field + "\"", file);
        return n.text;
    }

    private static String fieldString(JsonNodeAt obj, String field, String key, String file, String dflt)
            throws ScenarioException {
        JsonNodeAt n = obj.fields.get(field);
        if (n == null) {
            return dflt;
        }
        if (n.kind != JsonNodeAt.Kind.STRING) {
            throw new ScenarioException(n.where(file) + ": parameter " + key + ": expected a string for \"" + field
                    + "\"");
        }
        return n.text;
    }

    private static Double fieldNumber(JsonNodeAt obj, String field, String key, String file, Double dflt)
            throws ScenarioException {
        JsonNodeAt n = obj.fields.get(field);
        if (n == null) {
            return dflt;
        }
        if (n.kind != JsonNodeAt.Kind.NUMBER) {
            throw new ScenarioException(n.where(file) + ": parameter " + key + ": expected a number for \"" + field
                    + "\"");
        }
        double d = Double.parseDouble(n.text);
        if (!Double.isFinite(d)) {
            // 1e400 parses as Infinity: an unbounded range would let any value through to the workload
            throw new ScenarioException(n.where(file) + ": parameter " + key + ": \"" + field + "\" is " + n.text
                    + "; expected a finite number");
        }
        return d;
    }

    private static boolean fieldBool(JsonNodeAt obj, String field, String key, String file, boolean dflt)
            throws ScenarioException {
        JsonNodeAt n = obj.fields.get(field);
        if (n == null) {
            return dflt;
        }
        if (n.kind != JsonNodeAt.Kind.BOOLEAN) {
            throw new ScenarioException(n.where(file) + ": parameter " + key + ": expected true or false for \""
                    + field + "\"");
        }
        return n.text.equals("true");
    }
}
