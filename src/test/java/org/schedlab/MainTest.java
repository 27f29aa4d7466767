package org.schedlab;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the launcher does with its arguments: the desktop's "open with" passes a workspace file. */
class MainTest {
    @Test
    void noArgumentsOrOneWorkspaceFileOpenTheWindow() {
        assertTrue(Main.opensWorkbench(new String[0]));
        assertTrue(Main.opensWorkbench(new String[] {"/home/me/study.schedlab"}));
        assertTrue(Main.opensWorkbench(new String[] {"Study.SCHEDLAB"}));
    }

    @Test
    void everythingElseIsACommand() {
        assertFalse(Main.opensWorkbench(new String[] {"--version"}));
        assertFalse(Main.opensWorkbench(new String[] {"info", "study.schedlab"}));
        assertFalse(Main.opensWorkbench(new String[] {"dataset.json"}));
        assertFalse(Main.opensWorkbench(new String[] {"-x.schedlab"}));
    }
}
