package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Each of Jackson's words for a file cut somewhere, in a user's: where the file ends (in a string,
 * a field's name, after a name, in a number), not "Unexpected end-of-input in FIELD_NAME". The
 * cut-at-every-byte test checks that no Jackson words are left; this one that each place is named
 * as what it is, not only as the catch-all "the file ends before the JSON does".
 */
class JsonTokensEndOfInputTest {
    @Test
    void eachPlaceAFileIsCutAtIsSaidInWords() {
        assertEquals("the file ends inside a string", JsonTokens.plainWords(
                "Unexpected end-of-input: was expecting closing quote for a string value"));
        assertEquals("the file ends inside a string", JsonTokens.plainWords(
                "Unexpected end-of-input in character escape sequence"));
        assertEquals("the file ends inside a field name", JsonTokens.plainWords(
                "Unexpected end-of-input: was expecting closing '\"' for name"));
        assertEquals("the file ends after a field name, where its value was expected", JsonTokens.plainWords(
                "Unexpected end-of-input in FIELD_NAME"));
        assertEquals("the file ends inside a number", JsonTokens.plainWords("Unexpected end-of-inputNo digit following sign"));
        assertEquals("the file ends inside a number", JsonTokens.plainWords(
                "Unexpected end-of-inputexpected a digit for number exponent"));
        assertEquals("the file ends inside a number", JsonTokens.plainWords("Unexpected end-of-input in VALUE_NUMBER_INT"));
        assertEquals("the file ends before the JSON does", JsonTokens.plainWords("Unexpected end-of-input in VALUE_TRUE"));
        assertEquals("a number broken off at '.' (decimal point not followed by a digit)", JsonTokens.plainWords(
                "Unexpected character ('.' (code 46)) in numeric value: Decimal point not followed by a digit"));
    }
}
