package org.schedlab.ui.export;

/** The plain-text tables the workbench copies for a mail (72 columns, seed-mail ratios). */
public enum TextKind {
    SUMMARY("summary"),
    DELTAS("A/B delta table"),
    TCP("TCP counters table"),
    SWEEP("sweep table");

    private final String title;

    TextKind(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
