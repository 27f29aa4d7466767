package org.schedlab.ui;

import javafx.scene.Node;
import javafx.scene.text.Text;

/** What a labeled control (a table cell, a column header's label) actually draws: its text as cut to fit ("200 ..."), not the text it was given. */
public final class ShownText {
    private ShownText() {
    }

    /** The drawn text of {@code labeled}, "" when it draws none. */
    public static String of(Node labeled) {
        Node text = labeled.lookup(".text");
        return text instanceof Text t ? t.getText() : "";
    }
}
