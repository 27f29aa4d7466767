package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.text.Font;
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

    /** Pieces of a text cut to fit a width, and the widths that cutting holds for (as {@link Filled}'s). */
    public record Cut(List<String> pieces, double fitsPx, double overflowsPx) {
    }

    /**
     * {@code text} in the pieces a long name may be broken into: before a capital after a small
     * letter or a digit ("TcpExt|TCPBacklog|Coalesce"), after a dot, underscore, slash or space
     * ("buffer_|strategy_|lock"); never inside a run of small letters.
     */
    public static List<String> nameParts(String text) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < text.length(); i++) {
            char before = text.charAt(i - 1);
            char c = text.charAt(i);
            boolean cut = Character.isUpperCase(c) && (Character.isLowerCase(before) || Character.isDigit(before))
                    || before == '.' || before == '_' || before == '/' || before == ' ';
            if (cut) {
                pieces.add(text.substring(from, i));
                from = i;
            }
        }
        pieces.add(text.substring(from));
        return pieces;
    }

    /**
     * {@code text} in its {@link #nameParts}, a part wider than {@code widthPx} on its own
     * (measured in {@code probe}'s font) broken where it reaches the edge.
     */
    public static Cut cut(String text, Text probe, double widthPx) {
        // the widths that fitted and those that did not bound where these pieces hold
        double fits = 0;
        double overflows = Double.POSITIVE_INFINITY;
        List<String> fitted = new ArrayList<>();
        for (String p : nameParts(text)) {
            probe.setText(p);
            while (p.length() > 1 && probe.getLayoutBounds().getWidth() > widthPx) {
                overflows = Math.min(overflows, probe.getLayoutBounds().getWidth());
                int n = p.length() - 1;
                probe.setText(p.substring(0, n));
                while (n > 1 && probe.getLayoutBounds().getWidth() > widthPx) {
                    overflows = Math.min(overflows, probe.getLayoutBounds().getWidth());
                    probe.setText(p.substring(0, --n));
                }
                if (probe.getLayoutBounds().getWidth() <= widthPx) {
                    fits = Math.max(fits, probe.getLayoutBounds().getWidth());
                }
                fitted.add(p.substring(0, n));
                p = p.substring(n);
                probe.setText(p);
            }
            if (p.length() > 1) {
                fits = Math.max(fits, probe.getLayoutBounds().getWidth());
            }
            fitted.add(p);
        }
        return new Cut(fitted, fits, overflows);
    }

    /**
     * Prose for a wrapped label {@code widthPx} wide: {@code text} itself when each of its words
     * fits a line (the label wraps it as usual); else its lines, broken at spaces, and a word
     * longer than a line ({@code buffer_strategy_lock} in a narrow panel) broken at its
     * {@link #nameParts} rather than wherever the line ends. Only line breaks are added.
     */
    public static String wrapNames(String text, Font font, double widthPx) {
        if (widthPx <= 0 || text.isEmpty()) {
            return text;
        }
        Text probe = new Text();
        probe.setFont(font);
        boolean tooLong = false;
        for (String word : text.split("\\s+")) {
            probe.setText(word);
            if (probe.getLayoutBounds().getWidth() > widthPx) {
                tooLong = true;
                break;
            }
        }
        if (!tooLong) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        for (String paragraph : text.split("\n", -1)) {
            List<String> parts = new ArrayList<>();
            for (String word : paragraph.split("(?<= )")) {
                probe.setText(word.strip());
                if (probe.getLayoutBounds().getWidth() > widthPx) {
                    parts.addAll(cut(word, probe, widthPx).pieces());
                } else {
                    parts.add(word);
                }
            }
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(fill(parts, probe, widthPx));
        }
        return out.toString();
    }
}
