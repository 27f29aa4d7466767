package org.schedlab.render;

/** How counter tracks are drawn: steps (a sample holds until the next) or a line between samples. */
public enum CounterStyle {
    STEP,
    LINE
}
