package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.fixtures.LockHolderPreemption.us;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.fixtures.LockHolderPreemption;
import org.schedlab.model.Dataset;

class TcpCountersTest {

    @Test
    void onlyTcpCountersAreListedWithBothToolsNames() {
        Dataset d = LockHolderPreemption.dataset();
        List<TcpCounters.Row> rows = TcpCounters.of(d, us(0), us(600));
        assertEquals(1, rows.size(), "throughput and spinning CPUs are not TCP counters");
        TcpCounters.Row r = rows.get(0);
        assertEquals("TcpRetransSegs", r.nstatName());
        assertEquals("tcp.analysis.retransmission", r.wiresharkName());
        assertEquals(0, r.atStart());
        assertEquals(5, r.atEnd());
        assertEquals(5, r.change());
        assertEquals(2, TcpCounters.of(d, us(100), us(300)).get(0).change());
    }

    @Test
    void recognisesNstatNetstatAndWiresharkNames() {
        assertTrue(TcpCounters.isTcp("TcpExtTCPDSACKRecv"));
        assertTrue(TcpCounters.isTcp("Tcp: segments retransmitted"));
        assertTrue(TcpCounters.isTcp("tcp dupAcks"));
        assertFalse(TcpCounters.isTcp("throughput"));
        assertEquals("tcp.options.sack.dsack", TcpCounters.names("tcp dsack")[1]);
        assertEquals("TcpExtTCPDSACKRecv", TcpCounters.names("tcp dsack")[0]);
        assertEquals("TcpExtTCPAbortOnData", TcpCounters.names("TcpExtTCPAbortOnData")[0]);
    }
}
