package org.schedlab.workspace;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.schedlab.io.JsonTokens;

/**
 * Typed reads over a JsonParser that fail with a {@link WorkspaceFormatException} pointing at the
 * offending token and saying what was expected there and what was found.
 */
final class WorkspaceTokens {
    private final JsonParser p;
    private final String file;

    WorkspaceTokens(JsonParser p, String file) {
        this.p = p;
        this.file = file;
    }

    JsonLocation expectObject(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.START_OBJECT, "an object for \"" + field + "\"");
        return p.currentTokenLocation();
    }

    /** The next field name of the object being read (null at its end); names outside {@code known} fail. */
    String nextField(String where, String known) throws IOException, WorkspaceFormatException {
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

    void expectNext(JsonToken expected, String what) throws IOException, WorkspaceFormatException {
        if (p.nextToken() != expected) {
            throw error("expected " + what + ", found " + found());
        }
    }

    String readString(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.VALUE_STRING, "a string for \"" + field + "\"");
        return p.getText();
    }

    boolean readBoolean(String field) throws IOException, WorkspaceFormatException {
        JsonToken t = p.nextToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw error("expected true or false for \"" + field + "\", found " + found());
        }
        return t == JsonToken.VALUE_TRUE;
    }

    long readLong(String field) throws IOException, WorkspaceFormatException {
        expectNext(JsonToken.VALUE_NUMBER_INT, "an integer for \"" + field + "\"");
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            // valid JSON, so not Jackson's "not valid JSON (out of range of long)": say the range
            throw error("expected an integer for \"" + field + "\" between " + Long.MIN_VALUE + " and "
                    + Long.MAX_VALUE + ", found " + found());
        }
        return p.getLongValue();
    }

    <T> T required(T value, JsonLocation objectStart, String where, String field)
            throws WorkspaceFormatException {
        if (value == null) {
            throw errorAt(objectStart, "expected a field \"" + field + "\" in " + where + ", it is missing");
        }
        return value;
    }

    String found() throws IOException {
        return JsonTokens.describe(p);
    }

    WorkspaceFormatException error(String detail) {
        return errorAt(p.currentTokenLocation(), detail);
    }

    WorkspaceFormatException errorAt(JsonLocation at, String detail) {
        return new WorkspaceFormatException(file, Math.max(1, at.getLineNr()), Math.max(1, at.getColumnNr()), detail);
    }
}
