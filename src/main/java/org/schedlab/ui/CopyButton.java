package org.schedlab.ui;

import javafx.animation.PauseTransition;
import javafx.scene.control.Button;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.util.Duration;

/**
 * The side panel's Copy buttons (Figures, runqlat): each puts its text on the clipboard and says
 * so on itself for a moment - "Copied 55 lines" - as Edit > Copy says it in the status bar; a
 * click that changed nothing on screen read as a button that did nothing.
 */
final class CopyButton {
    static final Duration SAID_FOR = Duration.seconds(2);

    private CopyButton() {
    }

    /** Copies {@code text} and shows how many lines went, then the button's own label again. */
    static void copy(Button button, String text) {
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
        Object kept = button.getProperties().get(CopyButton.class);
        PauseTransition back;
        if (kept instanceof PauseTransition p) {
            back = p;
        } else {
            String label = button.getText();
            back = new PauseTransition(SAID_FOR);
            back.setOnFinished(e -> button.setText(label));
            button.getProperties().put(CopyButton.class, back);
        }
        long lines = text.lines().count();
        button.setText("Copied " + lines + (lines == 1 ? " line" : " lines"));
        back.playFromStart();
    }
}
