package org.schedlab.ui.export;

/** How a dataset is exported from the File menu (the CLI's {@code export --format chrome|csv}). */
public enum DatasetFormat {
    /** One Chrome Trace Event JSON file (Perfetto, chrome://tracing). */
    CHROME("Chrome trace JSON", ".trace.json"),
    /** A directory of CSV tables (slices, tasks, task states, locks, counters, marks). */
    CSV("CSV tables", "-csv");

    private final String title;
    private final String suffix;

    DatasetFormat(String title, String suffix) {
        this.title = title;
        this.suffix = suffix;
    }

    public String title() {
        return title;
    }

    /** What is appended to the view's file stem for the suggested name. */
    public String suffix() {
        return suffix;
    }
}
