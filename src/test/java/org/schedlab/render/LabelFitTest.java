package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.Test;

/** The one rule for a task's name in too little room, on a measure of 10 px a character. */
class LabelFitTest {
    private static final ToDoubleFunction<String> TEN_PX = t -> 10.0 * t.length();

    @Test
    void theCommIsCutAndTheTidKeptWhole() {
        assertEquals("java[7329]", LabelFit.keepingTid("java[7329]", 100, TEN_PX), "one that fits as it is");
        assertEquals("ja\u2026[7329]", LabelFit.keepingTid("java[7329]", 90, TEN_PX));
        assertEquals("\u2026[7329]", LabelFit.keepingTid("java[7329]", 75, TEN_PX), "no room for a character of the comm");
        assertEquals("java[\u2026", LabelFit.keepingTid("java[7329]", 60, TEN_PX), "no room for the tid: cut at the end");
        assertEquals("kworker/0:\u2026", LabelFit.keepingTid("kworker/0:1H", 110, TEN_PX), "no tid: cut at the end");
    }
}
