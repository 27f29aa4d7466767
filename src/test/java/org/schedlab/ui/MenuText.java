package org.schedlab.ui;

import javafx.scene.control.ButtonType;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;

/**
 * A menu item's or a button's words as the user reads them: "E_xport view as PNG" marks the x as
 * its Alt letter and shows "Export view as PNG". Tests look items up by what they say, however
 * their letters are marked; text with the parsing off (Open recent's file names) is as it is.
 */
public final class MenuText {
    private MenuText() {
    }

    public static String of(MenuItem item) {
        return Mnemonics.shown(item.getText(), item.isMnemonicParsing());
    }

    public static String of(Labeled labeled) {
        return Mnemonics.shown(labeled.getText(), labeled.isMnemonicParsing());
    }

    /** A dialog button's words: its button parses the text, as a {@link javafx.scene.control.Button} does. */
    public static String of(ButtonType type) {
        return Mnemonics.shown(type.getText(), true);
    }
}
