package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.analysis.WiresharkTable;

/**
 * The TCP table's title and its head say what its rows are in the same words: the title read
 * "Wireshark warnings, ..." over a head of "Wireshark warning / note", and Wireshark rates half
 * of the rows (a duplicate ACK, a retransmission) a Note, not a Warning.
 */
class AbTcpTitleWordsTest {
    @Test
    void theTitleNamesTheRowsAsTheHeadDoes() {
        String head = WiresharkTable.header("full", "lazy").get(0);
        for (String title : List.of(ComparePane.TCP_TITLE, ComparePane.tcpTitle(3, 3), ComparePane.tcpTitle(1, 3))) {
            String what = title.substring(0, title.indexOf(','));
            for (String word : head.split(" / | ")) {
                assertTrue(what.contains(word), "'" + what + "' (the title) names '" + word + "' as the head '"
                        + head + "' does");
            }
        }
    }
}
