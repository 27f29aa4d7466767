package org.schedlab.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Arrays;

/**
 * A JsonParser plus the file name: typed reads that fail with a {@link DatasetFormatException}
 * pointing at the offending token, and growable primitive columns for streamed arrays.
 */
final class JsonCursor {
    private final JsonParser p;
    private final String file;

    JsonCursor(JsonParser p, String file) {
        this.p = p;
        this.file = file;
    }

    JsonParser parser() {
        return p;
    }

    String file() {
        return file;
    }

    JsonToken next() throws IOException {
        return p.nextToken();
    }

    JsonLocation tokenLocation() {
        return p.currentTokenLocation();
    }

    DatasetFormatException error(String detail) {
        return errorAt(p.currentTokenLocation(), detail);
    }

    DatasetFormatException errorAt(JsonLocation at, String detail) {
        return new DatasetFormatException(file, DatasetJson.line(at), DatasetJson.column(at), detail);
    }

    /** What the current token is, in words, for "expected X, found Y" messages. */
    String found() throws IOException {
        return JsonTokens.describe(p);
    }

    /** Advances to the next token and requires it to be {@code expected}. */
    void expectNext(JsonToken expected, String what) throws IOException, DatasetFormatException {
        if (p.nextToken() != expected) {
            throw error("expected " + what + ", found " + found());
        }
    }

    /** Inside an object: advances to the next field name, or returns null at the object's end. */
    String nextField() throws IOException, DatasetFormatException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.END_OBJECT) {
            return null;
        }
        if (t != JsonToken.FIELD_NAME) {
            throw error("expected a field name or '}', found " + found());
        }
        return p.currentName();
    }

    /** Skips the value of the field just read (any shape): unknown fields are ignored. */
    void skipValue() throws IOException {
        p.nextToken();
        p.skipChildren();
    }

    String readString(String field) throws IOException, DatasetFormatException {
        expectNext(JsonToken.VALUE_STRING, "a string for \"" + field + "\"");
        return p.getText();
    }

    /** A string or number or boolean as text (parameter values are written as strings). */
    String readScalarText(String field) throws IOException, DatasetFormatException {
        JsonToken t = p.nextToken();
        if (t == null || !t.isScalarValue() || t == JsonToken.VALUE_NULL) {
            throw error("expected a string for \"" + field + "\", found " + found());
        }
        return p.getText();
    }

    boolean readBoolean(String field) throws IOException, DatasetFormatException {
        JsonToken t = p.nextToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw error("expected true or false for \"" + field + "\", found " + found());
        }
        return t == JsonToken.VALUE_TRUE;
    }

    long readLong(String field) throws IOException, DatasetFormatException {
        expectNext(JsonToken.VALUE_NUMBER_INT, "an integer for \"" + field + "\"");
        return p.getLongValue();
    }

    int readInt(String field) throws IOException, DatasetFormatException {
        expectNext(JsonToken.VALUE_NUMBER_INT, "an integer for \"" + field + "\"");
        return p.getIntValue();
    }

    long[] readLongArray(String field) throws IOException, DatasetFormatException {
        return readIntegers(field, "an array of integers", "an integer", v -> { });
    }

    int[] readIntArray(String field) throws IOException, DatasetFormatException {
        long[] values = readIntegers(field, "an array of integers", "an integer", v -> {
            if (v != (int) v) {
                throw error("integer " + v + " in \"" + field + "\" is out of range (at most " + Integer.MAX_VALUE + ")");
            }
        });
        int[] a = new int[values.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (int) values[i];
        }
        return a;
    }

    /** Codes as written in the file, translated to the model's codes through {@code codes}. */
    byte[] readCodeArray(String field, CodeTable codes) throws IOException, DatasetFormatException {
        long[] fileCodes = readIntegers(field, "an array of " + codes.what() + " codes", "a " + codes.what() + " code",
                v -> {
                    if (!codes.isKnown(v)) {
                        throw error("unknown " + codes.what() + " code " + v + " in \"" + field + "\" (known: "
                                + codes.describe() + ")");
                    }
                });
        byte[] a = new byte[fileCodes.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = codes.toModel((int) fileCodes[i]);
        }
        return a;
    }

    /** A check of one array element, made while the parser still points at it (for the error's position). */
    private interface ElementCheck {
        void check(long value) throws DatasetFormatException;
    }

    private long[] readIntegers(String field, String arrayWhat, String elementWhat, ElementCheck check)
            throws IOException, DatasetFormatException {
        expectNext(JsonToken.START_ARRAY, arrayWhat + " for \"" + field + "\"");
        long[] a = new long[64];
        int n = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_NUMBER_INT) {
                throw error("expected " + elementWhat + " in \"" + field + "\", found " + found());
            }
            long v = p.getLongValue();
            check.check(v);
            if (n == a.length) {
                a = Arrays.copyOf(a, n + (n >> 1));
            }
            a[n++] = v;
        }
        return Arrays.copyOf(a, n);
    }

    /** An array of numbers in which null is NaN (a counter's gap: JSON has no NaN). */
    double[] readDoubleArray(String field) throws IOException, DatasetFormatException {
        expectNext(JsonToken.START_ARRAY, "an array of numbers for \"" + field + "\"");
        double[] a = new double[64];
        int n = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NULL) {
                throw error("expected a number or null in \"" + field + "\", found " + found());
            }
            if (n == a.length) {
                a = Arrays.copyOf(a, n + (n >> 1));
            }
            a[n++] = t == JsonToken.VALUE_NULL ? Double.NaN : p.getDoubleValue();
        }
        return Arrays.copyOf(a, n);
    }

    String[] readStringArray(String field) throws IOException, DatasetFormatException {
        expectNext(JsonToken.START_ARRAY, "an array of strings for \"" + field + "\"");
        String[] a = new String[16];
        int n = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_STRING) {
                throw error("expected a string in \"" + field + "\", found " + found());
            }
            if (n == a.length) {
                a = Arrays.copyOf(a, n + (n >> 1));
            }
            a[n++] = p.getText();
        }
        return Arrays.copyOf(a, n);
    }
}
