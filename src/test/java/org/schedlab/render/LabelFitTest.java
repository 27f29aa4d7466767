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

    /** A caller on one line: its symbol cut in its middle, its offset whole. */
    @Test
    void aSymbolIsCutInItsMiddleAndItsOffsetKeptWhole() {
        String caller = "ep_autoremove_wake_function+0x15"; // 32 characters
        assertEquals(caller, LabelFit.keepingOffset(caller, 320, TEN_PX), "one that fits as it is");
        assertEquals("ep_autor\u2026function+0x15", LabelFit.keepingOffset(caller, 220, TEN_PX));
        assertEquals("pipe\u2026ead+0x3f#4", LabelFit.keepingOffset("pipe_read+0x3f#4", 150, TEN_PX));
        assertEquals("pipe\u2026rite+0x35#4", LabelFit.keepingOffset("pipe_write+0x35#4", 160, TEN_PX),
                "two callers of one width read apart");
        assertEquals("p\u2026+0x3f#4", LabelFit.keepingOffset("pipe_read+0x3f#4", 90, TEN_PX), "a character of the symbol at least");
        assertEquals("pip\u2026#4", LabelFit.keepingOffset("pipe_read+0x3f#4", 60, TEN_PX), "no room for the offset: cut in the middle");
        assertEquals("&mm->\u2026_lock", LabelFit.keepingOffset("&mm->mmap_lock", 110, TEN_PX), "no offset: cut in the middle");
    }

    /** A name too long for its column goes on lines broken after its separators, none of it cut. */
    @Test
    void aLongNameWrapsWholeAfterItsSeparatorsThenBetweenItsWords() {
        assertEquals(java.util.List.of("ycsb.CLEANUP.", "95thPercentile", "Latency(us)"),
                LabelFit.lines("ycsb.CLEANUP.95thPercentileLatency(us)", 150, TEN_PX));
        assertEquals(java.util.List.of("pipe_read+", "0x3f#4"), LabelFit.lines("pipe_read+0x3f#4", 100, TEN_PX));
        assertEquals(java.util.List.of("1481.4814814814815"), LabelFit.lines("1481.4814814814815", 180, TEN_PX),
                "one that fits as it is");
        assertEquals(java.util.List.of("abcd", "efgh", "ij"), LabelFit.lines("abcdefghij", 40, TEN_PX),
                "no separator: where it stops fitting");
        assertEquals(java.util.List.of("read", "(server)"), LabelFit.lines("read(server)", 80, TEN_PX),
                "before a parenthesis");
    }

    /**
     * A number is never split at its decimal point or digit group: "330." over "000000 s" read as two
     * figures (the Figures tab's window of a 50 ms recording), "at 1," over "020" as a list.
     */
    @Test
    void aLineNeverBreaksInsideANumber() {
        assertEquals(java.util.List.of("at ", "1,020"), LabelFit.lines("at 1,020", 70, TEN_PX));
        assertEquals(java.util.List.of("from ", "330.000000 s"), LabelFit.lines("from 330.000000 s", 120, TEN_PX));
        assertEquals(java.util.List.of("ycsb.", "READ"), LabelFit.lines("ycsb.READ", 60, TEN_PX),
                "a name's dot is still a place to break");
    }
}
