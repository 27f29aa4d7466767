package org.schedlab.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;

/** The words for "expected X, found Y" messages of every JSON file SchedLab reads (datasets, workspaces). */
public final class JsonTokens {
    private JsonTokens() {
    }

    /** What the parser's current token is, in words; long strings and numbers are abbreviated. */
    public static String describe(JsonParser p) throws IOException {
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
            case VALUE_TRUE:
            case VALUE_FALSE:
                return p.getText();
            case VALUE_NULL:
                return "null";
            case END_ARRAY:
                return "end of array";
            case END_OBJECT:
                return "end of object";
            default:
                return t.toString();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    /**
     * Jackson's message for a user: its first line, without its advice to the programmer
     * ("enable `JsonReadFeature...`", "from `StreamReadConstraints...`"), and for a read limit
     * (nesting depth, number or name length) what an ordinary file looks like instead.
     */
    public static String problem(JsonProcessingException e) {
        return problem(e, "arrays and objects nested a few levels deep and numbers and names of ordinary length");
    }

    /**
     * {@link #problem(JsonProcessingException)}, with {@code ordinary} saying what a file within
     * the read limits looks like (for a kind of file that knows better than the generic words).
     */
    public static String problem(JsonProcessingException e, String ordinary) {
        String msg = String.valueOf(e.getOriginalMessage());
        int nl = msg.indexOf('\n');
        if (nl > 0) {
            msg = msg.substring(0, nl);
        }
        // a nested location ("start marker at [Source: REDACTED (`...` disabled); line: 1, column: 24]")
        // becomes "line 1, column 24" before the cut below, which would leave "at [Source: REDACTED"
        msg = msg.replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
        int tick = msg.indexOf('`');
        if (tick > 0) {
            int cut = Math.max(msg.lastIndexOf(": ", tick), msg.lastIndexOf(" (", tick));
            msg = cut > 0 ? msg.substring(0, cut) : msg;
        }
        msg = plainWords(msg);
        if (e instanceof StreamConstraintsException) {
            msg += "; expected " + ordinary;
        }
        return msg.trim();
    }

    /**
     * {@link #problem(JsonProcessingException)} for JSON that is one line of a bigger file (a
     * perf stat -j line), which the caller names: where Jackson says "line 1, column 24" of its
     * text, this says "column 24", and a problem Jackson gives no place for gets the column.
     */
    public static String problemInLine(JsonProcessingException e) {
        return placed(e, 0);
    }

    /**
     * {@link #problem(JsonProcessingException)} for JSON that starts on line {@code firstLine} of
     * a bigger file (an nstat --json object among others): the lines it names are the file's, not
     * its text's, and a problem Jackson gives no place for gets the file's line and column.
     */
    public static String problemFromLine(JsonProcessingException e, long firstLine) {
        return placed(e, Math.max(1, firstLine));
    }

    /** The problem with its places shifted to the file's lines ({@code firstLine} 0: columns of one line). */
    private static String placed(JsonProcessingException e, long firstLine) {
        String msg = problem(e);
        if (firstLine == 0 && msg.startsWith("the file ends ")) {
            // the text is one line of the file, which goes on after it
            msg = "the line ends " + msg.substring("the file ends ".length());
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("line (\\d+), column (\\d+)").matcher(msg);
        if (m.find()) {
            StringBuilder sb = new StringBuilder();
            do {
                m.appendReplacement(sb, place(firstLine, Long.parseLong(m.group(1)), m.group(2)));
            } while (m.find());
            return m.appendTail(sb).toString();
        }
        com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
        if (at == null || at.getLineNr() < 1 || at.getColumnNr() < 1) {
            return msg;
        }
        return msg + " at " + place(firstLine, at.getLineNr(), Integer.toString(at.getColumnNr()));
    }

    private static String place(long firstLine, long line, String column) {
        return firstLine == 0 ? "column " + column : "line " + (firstLine + line - 1) + ", column " + column;
    }

    /**
     * Jackson's words for a file that ends early, in a user's: "expected close marker for Object
     * (start marker at line 3, column 5)" named parser internals, not what is wrong with the file.
     */
    public static String plainWords(String msg) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "Unexpected end-of-input: expected close marker for (Object|Array) \\(start marker at (line \\d+,"
                        + " column \\d+)\\)").matcher(msg);
        if (m.find()) {
            return m.replaceFirst("the " + (m.group(1).equals("Object") ? "object {" : "array [") + " opened at "
                    + m.group(2) + " is not closed");
        }
        String syntax = syntaxInWords(msg);
        if (syntax != null) {
            return syntax;
        }
        m = java.util.regex.Pattern.compile("Unexpected end-of-input (?:within/between|in) (Object|Array) entries")
                .matcher(msg);
        if (m.find()) {
            return m.replaceFirst("the file ends inside an " + (m.group(1).equals("Object") ? "object" : "array"));
        }
        m = java.util.regex.Pattern.compile("Unexpected end-of-input in (?:a )?(?:VALUE_STRING|String value|field name)"
                + "|Unexpected end-of-input: was expecting closing quote for a string value"
                + "|Unexpected end-of-input in character escape sequence").matcher(msg);
        if (m.find()) {
            return m.replaceFirst("the file ends inside a string");
        }
        // a file cut in the middle of a field's name, or right after it: a scenario file cut at most
        // places, and a dataset's header, said "Unexpected end-of-input: was expecting closing '\"'
        // for name" or "Unexpected end-of-input in FIELD_NAME"
        if (msg.startsWith("Unexpected end-of-input: was expecting closing '\"' for name")) {
            return "the file ends inside a field name";
        }
        if (msg.startsWith("Unexpected end-of-input in FIELD_NAME")) {
            return "the file ends after a field name, where its value was expected";
        }
        if (msg.startsWith("Unexpected end-of-input") && (msg.contains("digit") || msg.contains("VALUE_NUMBER"))) {
            // Jackson's "Unexpected end-of-inputNo digit following sign" (cut after a '-') and "...
            // in VALUE_NUMBER_INT"
            return "the file ends inside a number";
        }
        if (msg.startsWith("Unexpected end-of-input")) {
            // any other place Jackson names in its own terms
            return "the file ends before the JSON does";
        }
        return msg;
    }

    /** What a value may be, for "found X where a value was expected". */
    private static final String A_VALUE = "a value (a string in quotes, a number, an array [...], an object"
            + " {...}, true or false)";

    /**
     * Jackson's words for a syntax error ("Unexpected character (':' (code 58)): was expecting
     * comma to separate Object entries", "Invalid UTF-8 middle byte 0x22") as what was found
     * where what was expected; null for other messages.
     */
    private static String syntaxInWords(String msg) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "^Unexpected character \\((?:'(.*)' \\(code \\d+[^)]*\\)|\\(CTRL-CHAR, code (\\d+)\\))\\): (.*)$")
                .matcher(msg);
        if (m.find()) {
            String found = m.group(1) != null ? "'" + m.group(1) + "'" : control(Integer.parseInt(m.group(2)));
            String why = m.group(3);
            if (why.startsWith("was expecting comma to separate Object")) {
                return "found " + found + " where a comma or the object's closing '}' was expected";
            }
            if (why.startsWith("was expecting comma to separate Array")) {
                return "found " + found + " where a comma or the array's closing ']' was expected";
            }
            if (why.startsWith("was expecting double-quote to start field name")) {
                return "found " + found + " where a field name in quotes (\"name\") was expected"
                        + ("'}'".equals(found) ? " (a comma too many before it?)" : "");
            }
            if (why.startsWith("was expecting a colon")) {
                return "found " + found + " where a colon was expected after the field name";
            }
            if (why.startsWith("expected a valid value")) {
                return "found " + found + " where " + A_VALUE + " was expected"
                        + ("']'".equals(found) ? " (a comma too many before it?)" : "");
            }
            return null;
        }
        m = java.util.regex.Pattern.compile("^Unexpected character \\('(.*)' \\(code \\d+[^)]*\\)\\) in numeric value: (.*)$")
                .matcher(msg);
        if (m.find()) {
            // "Unexpected character ('.' (code 46)) in numeric value: Decimal point not followed by
            // a digit", as a dataset cut after "12." said it
            String why = m.group(2);
            return "a number broken off at '" + m.group(1) + "' (" + Character.toLowerCase(why.charAt(0))
                    + why.substring(1) + ")";
        }
        m = java.util.regex.Pattern.compile("^Unrecognized token '(.*)': was expecting \\(JSON String.*").matcher(msg);
        if (m.find()) {
            return "found '" + abbreviate(m.group(1)) + "' where " + A_VALUE + " was expected";
        }
        m = java.util.regex.Pattern.compile("^Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object)"
                + " starting at (line \\d+, column \\d+)\\)").matcher(msg);
        if (m.find()) {
            return "found '" + m.group(1) + "' where '" + m.group(2) + "' was expected, to close the "
                    + (m.group(3).equals("Array") ? "array" : "object") + " opened at " + m.group(4);
        }
        m = java.util.regex.Pattern.compile("^Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\): only regular white")
                .matcher(msg);
        if (m.find()) {
            return "found " + control(Integer.parseInt(m.group(1))) + " between values; expected only spaces, tabs and"
                    + " line breaks there";
        }
        m = java.util.regex.Pattern.compile("^Invalid UTF-8 (start|middle) byte (0x[0-9a-fA-F]+)").matcher(msg);
        if (m.find()) {
            return "a byte that is not UTF-8 text (" + m.group(2) + (m.group(1).equals("start")
                    ? " cannot start a character" : " cannot continue the character before it")
                    + "); expected the file saved as UTF-8";
        }
        m = java.util.regex.Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)")
                .matcher(msg);
        if (m.find()) {
            int code = Integer.parseInt(m.group(1));
            return code == 10 || code == 13
                    ? "a line break inside a string; expected the string's closing quote before the line ends"
                    : control(code) + " inside a string; expected it written as the escape \\u"
                            + String.format("%04x", code);
        }
        return null;
    }

    private static String control(int code) {
        return code == 10 || code == 13 ? "a line break" : code == 9 ? "a tab" : "control character " + code;
    }
}
