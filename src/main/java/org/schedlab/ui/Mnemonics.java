package org.schedlab.ui;

import java.util.Set;

/**
 * The Alt letters of the menus and the main buttons: a label written "E_xport view as PNG" shows
 * "Export view as PNG" with the x underlined while Alt is down, and Alt+X (the menu open) picks it.
 * JavaFX parses the underscore in a menu item's and a button's text by default; a label that can
 * hold an underscore of its own (a file name in Open recent, a parameter name) has the parsing
 * turned off, and shows its underscores as they are.
 */
public final class Mnemonics {
    private Mnemonics() {
    }

    /**
     * The text as shown: {@code labelled} without its mnemonic underscore ("E_xport" is "Export"),
     * a doubled one read as one underscore, as JavaFX reads them. Unparsed text is shown as it is.
     */
    public static String shown(String labelled, boolean parsed) {
        if (labelled == null || !parsed) {
            return labelled;
        }
        StringBuilder sb = new StringBuilder(labelled.length());
        for (int i = 0; i < labelled.length(); i++) {
            char c = labelled.charAt(i);
            if (c == '_' && i + 1 < labelled.length()) {
                i++;
                c = labelled.charAt(i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** The letter Alt picks in {@code labelled} (lower case), or 0 when it has none. */
    public static char letter(String labelled, boolean parsed) {
        if (labelled == null || !parsed) {
            return 0;
        }
        for (int i = 0; i + 1 < labelled.length(); i++) {
            if (labelled.charAt(i) == '_') {
                if (labelled.charAt(i + 1) != '_') {
                    return Character.toLowerCase(labelled.charAt(i + 1));
                }
                i++;
            }
        }
        return 0;
    }

    /**
     * {@code text} with an underscore before its first letter not in {@code taken} (a word's first
     * letter preferred), which it adds there: the items of a menu built from a list (View >
     * Collapse or expand's groups) each get a letter of their own. Text with none free is returned
     * as it is, its own underscores doubled.
     */
    public static String mark(String text, Set<Character> taken) {
        String plain = text.replace("_", "__");
        int at = -1;
        for (int pass = 0; pass < 2 && at < 0; pass++) {
            for (int i = 0; i < plain.length(); i++) {
                char c = plain.charAt(i);
                boolean wordStart = i == 0 || !Character.isLetterOrDigit(plain.charAt(i - 1));
                if (Character.isLetterOrDigit(c) && (pass == 1 || wordStart)
                        && !taken.contains(Character.toLowerCase(c))) {
                    at = i;
                    break;
                }
            }
        }
        if (at < 0) {
            return plain;
        }
        taken.add(Character.toLowerCase(plain.charAt(at)));
        return plain.substring(0, at) + "_" + plain.substring(at);
    }

}
