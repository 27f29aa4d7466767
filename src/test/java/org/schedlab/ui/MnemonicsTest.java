package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** How a marked label reads, which letter Alt takes, and letters given to a menu built from a list. */
class MnemonicsTest {
    @Test
    void aMarkedLabelReadsWithoutItsUnderscore() {
        assertEquals("Export view as PNG", Mnemonics.shown("E_xport view as PNG", true));
        assertEquals('x', Mnemonics.letter("E_xport view as PNG", true));
        assertEquals("spin_delay", Mnemonics.shown("spin__delay", true), "a doubled underscore is one");
        assertEquals(0, Mnemonics.letter("spin__delay", true));
        assertEquals("perf_sched.txt", Mnemonics.shown("perf_sched.txt", false), "unparsed text as it is");
        assertEquals(0, Mnemonics.letter("perf_sched.txt", false));
    }

    @Test
    void aListsItemsEachGetALetterOfTheirOwn() {
        Set<Character> taken = new HashSet<>();
        List<String> marked = List.of("CPUs", "Tasks", "Locks", "Operations", "Counters").stream()
                .map(t -> Mnemonics.mark(t, taken)).toList();
        assertEquals(List.of("_CPUs", "_Tasks", "_Locks", "_Operations", "Co_unters"), marked);
        assertEquals("run_queue", Mnemonics.shown(Mnemonics.mark("run_queue", new HashSet<>(Set.of('r'))), true),
                "a name's own underscore stays");
    }
}
