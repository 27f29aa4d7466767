package org.schedlab.sim.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value that remembers where it starts in its file, so that a scenario file with a
 * wrong field gets an error naming file, line and column, not just malformed JSON does.
 * Built with Jackson's streaming parser; duplicate keys are an error.
 */
final class JsonNodeAt {
    enum Kind { OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL }

    final Kind kind;
    final String text;
    final Map<String, JsonNodeAt> fields;
    final List<JsonNodeAt> items;
    final int line;
    final int column;

    private JsonNodeAt(Kind kind, String text, Map<String, JsonNodeAt> fields, List<JsonNodeAt> items,
                       JsonLocation at) {
        this.kind = kind;
        this.text = text;
        this.fields = fields;
        this.items = items;
        this.line = at.getLineNr();
        this.column = at.getColumnNr();
    }

    static JsonNodeAt parse(Reader in, String file) throws ScenarioException {
        try (JsonParser p = new JsonFactory().createParser(in)) {
            try {
                return root(p, file);
            } catch (JsonProcessingException e) {
                // a read limit (nesting depth, number length) is no JsonParseException and may carry
                // no location: where the parser stopped is where the file goes wrong
                JsonLocation l = e.getLocation() != null ? e.getLocation() : p.currentLocation();
                throw new ScenarioException(file + ":" + Math.max(1, l.getLineNr()) + ":" + Math.max(1, l.getColumnNr())
                        + ": malformed JSON: " + readable(e), e);
            }
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static JsonNodeAt root(JsonParser p, String file) throws IOException, ScenarioException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new ScenarioException(file + ":1:1: empty file, expected a JSON object");
        }
        JsonNodeAt root = read(p, file);
        if (p.nextToken() != null) {
            JsonLocation l = p.currentTokenLocation();
            throw new ScenarioException(file + ":" + l.getLineNr() + ":" + l.getColumnNr()
                    + ": unexpected content after the top-level object");
        }
        return root;
    }

    /** Jackson's message in a user's words (see {@link org.schedlab.io.JsonTokens#problem}). */
    static String readable(JsonProcessingException e) {
        return org.schedlab.io.JsonTokens.problem(e,
                "a scenario of ordinary size (objects nested a few levels deep, numbers of a few digits)");
    }

    private static JsonNodeAt read(JsonParser p, String file) throws IOException, ScenarioException {
        JsonLocation at = p.currentTokenLocation();
        switch (p.currentToken()) {
            case START_OBJECT: {
                Map<String, JsonNodeAt> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonLocation nameAt = p.currentTokenLocation();
                    p.nextToken();
                    if (fields.containsKey(name)) {
                        throw new ScenarioException(file + ":" + nameAt.getLineNr() + ":" + nameAt.getColumnNr()
                                + ": duplicate key \"" + name + "\"");
                    }
                    fields.put(name, read(p, file));
                }
                return new JsonNodeAt(Kind.OBJECT, "", fields, List.of(), at);
            }
            case START_ARRAY: {
                List<JsonNodeAt> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(p, file));
                }
                return new JsonNodeAt(Kind.ARRAY, "", Map.of(), items, at);
            }
            case VALUE_STRING:
                return new JsonNodeAt(Kind.STRING, p.getText(), Map.of(), List.of(), at);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new JsonNodeAt(Kind.NUMBER, p.getText(), Map.of(), List.of(), at);
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new JsonNodeAt(Kind.BOOLEAN, p.getText(), Map.of(), List.of(), at);
            default:
                return new JsonNodeAt(Kind.NULL, "null", Map.of(), List.of(), at);
        }
    }

    String where(String file) {
        return file + ":" + line + ":" + column;
    }
}
