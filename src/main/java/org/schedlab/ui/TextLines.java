package org.schedlab.ui;

import javafx.scene.text.Text;

/** Text broken into lines that fit a width, at the places its caller chose. */
public final class TextLines {
    private TextLines() {
    }

    /**
     * {@code parts} joined, a new line begun before a part that would take its line past
     * {@code widthPx} (measured in {@code probe}'s font, trailing blanks not counted); a part wider
     * than the width on its own still gets its own line.
     */
    public static String fill(Iterable<String> parts, Text probe, double widthPx) {
        StringBuilder out = new StringBuilder();
        String line = "";
        for (String p : parts) {
            probe.setText((line + p).stripTrailing());
            if (!line.isEmpty() && probe.getLayoutBounds().getWidth() > widthPx) {
                out.append(line.stripTrailing()).append('\n');
                line = p;
            } else {
                line += p;
            }
        }
        return out.append(line).toString();
    }
}
