package org.schedlab.render;

/**
 * What a CPU lane's color says: which task ran (a stable color per comm and tid, with a thin
 * strip under it for kernel, fault, spinning and stolen time), or what the CPU was doing.
 */
public enum ColorMode {
    BY_TASK("by task"),
    BY_STATE("by state");

    private final String label;

    ColorMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
