package org.schedlab.io.read;

/** Lenient number parsing for summary lines of benchmark tools, where a bad field is skipped, not fatal. */
final class Numbers {
    private Numbers() {
    }

    /**
     * {@code text} as a finite double, or NaN when it is empty, longer than {@code maxChars}
     * (no real figure is; a runaway field is not worth parsing) or not a finite number.
     */
    static double finiteOrNaN(String text, int maxChars) {
        if (text.isEmpty() || text.length() > maxChars) {
            return Double.NaN;
        }
        try {
            double d = Double.parseDouble(text);
            return Double.isFinite(d) ? d : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
