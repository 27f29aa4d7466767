package org.schedlab.ui;

import javafx.scene.text.Text;

/** Text broken into lines that fit a width, at the places its caller chose. */
public final class TextLines {
    private TextLines() {
    }

    /**
     * Lines made for one width, and the widths they are the same for: every width from
     * {@code fromPx} (the widest trial that fitted) up to, not including, {@code toPx} (the
     * narrowest that did not) asks the same questions and gets the same answers. A caller keeping
     * them need not measure again while its width stays in there (a divider dragged a pixel at a
     * time crosses few such edges).
     */
    public record Filled(String text, double fromPx, double toPx) {
        /** Whether these are the lines for {@code widthPx} too. */
        public boolean holdsFor(double widthPx) {
            return widthPx >= fromPx && widthPx < toPx;
        }
    }

    /**
     * {@code parts} joined, a new line begun before a part that would take its line past
     * {@code widthPx} (measured in {@code probe}'s font, trailing blanks not counted); a part wider
     * than the width on its own still gets its own line.
     */
    public static String fill(Iterable<String> parts, Text probe, double widthPx) {
        return filled(parts, probe, widthPx).text();
    }

    /** {@link #fill}, with the widths its lines hold for. */
    public static Filled filled(Iterable<String> parts, Text probe, double widthPx) {
        return filled(parts, probe, widthPx, 0, Double.POSITIVE_INFINITY);
    }

    /**
     * {@link #filled}, whose parts were themselves cut to fit the width: {@code fromPx} and
     * {@code toPx} are the widths that cutting holds for.
     */
    static Filled filled(Iterable<String> parts, Text probe, double widthPx, double fromPx, double toPx) {
        StringBuilder out = new StringBuilder();
        String line = "";
        double from = fromPx;
        double to = toPx;
        for (String p : parts) {
            if (line.isEmpty()) {
                line = p; // asks nothing: a line's first part is on it whatever the width
                continue;
            }
            probe.setText((line + p).stripTrailing());
            double px = probe.getLayoutBounds().getWidth();
            if (px > widthPx) {
                to = Math.min(to, px);
                out.append(line.stripTrailing()).append('\n');
                line = p;
            } else {
                from = Math.max(from, px);
                line += p;
            }
        }
        return new Filled(out.append(line).toString(), from, to);
    }
}
