package org.schedlab.ui;

import javafx.beans.InvalidationListener;
import javafx.scene.control.Label;

/**
 * A wrapped label's prose whose long names ({@code buffer_strategy_lock}, {@code RWSEM_WAIT_TIMEOUT})
 * break at an underscore, a dot, a slash or a capital when a line is too narrow for them, not
 * wherever the line ends ("buffer_strategy_loc" / "k"): the label's text is
 * {@link TextLines#wrapNames} for its width, redone when the width or the font changes. Its
 * accessible text is the text as given, without the added line breaks.
 */
public final class NameWrap {
    private static final String KEY = NameWrap.class.getName();

    private NameWrap() {
    }

    /** Shows {@code text} in {@code label} (wrapped, {@code wrapText} set), its long names broken as above. */
    public static void install(Label label, String text) {
        label.setWrapText(true);
        label.setAccessibleText(text);
        boolean first = !label.getProperties().containsKey(KEY);
        label.getProperties().put(KEY, text);
        if (first) {
            InvalidationListener relayout = o -> relayout(label);
            label.widthProperty().addListener(relayout);
            label.fontProperty().addListener(relayout);
            label.paddingProperty().addListener(relayout);
        }
        relayout(label);
    }

    /** The text as given to {@link #install}, without the line breaks added for the width. */
    public static String original(Label label) {
        Object t = label.getProperties().get(KEY);
        return t instanceof String s ? s : label.getText();
    }

    private static void relayout(Label label) {
        String text = original(label);
        double width = label.getWidth() - label.snappedLeftInset() - label.snappedRightInset();
        String shown = width > 0 ? TextLines.wrapNames(text, label.getFont(), width) : text;
        if (!shown.equals(label.getText())) {
            label.setText(shown);
        }
    }
}
