package org.schedlab.sim.workload.uperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.CounterSeries;
import org.schedlab.model.CpuLane;
import org.schedlab.model.Dataset;
import org.schedlab.model.Intervals;
import org.schedlab.model.TaskInfo;
import org.schedlab.sim.RunResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.net.TcpConnection;
import org.schedlab.sim.net.TcpCounter;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** TCP and kernel invariants of the network scenario, and what its recording holds. */
class UperfInvariantsTest {

    @Test
    void nothingIsAcknowledgedBeyondWhatWasSentAndCountersOnlyGrow() throws Exception {
        for (String model : new String[] {"full", "lazy"}) {
            UperfRun r = new UperfRun(Map.of("preemption", model, "warmupMs", "0"));
            Fabric fab = r.fabric;
            long[] last = new long[TcpCounter.values().length];
            int window = r.fabric.p.tcp().windowSegments();
            for (long t = 10_000_000L; t <= 120_000_000L; t += 10_000_000L) {
                r.runTo(t);
                for (TcpConnection c : fab.conns) {
                    assertTrue(c.sndUna() <= c.rcvNxt() && c.rcvNxt() <= c.sndNxt(),
                            model + " connection " + c.id() + ": una " + c.sndUna() + " rcv " + c.rcvNxt()
                                    + " nxt " + c.sndNxt());
                    assertTrue(c.sndNxt() - c.sndUna() <= window, "within the receive window");
                }
                for (TcpCounter k : TcpCounter.values()) {
                    long v = fab.counters.total(k);
                    assertTrue(v >= last[k.ordinal()], k + " went down");
                    last[k.ordinal()] = v;
                }
                assertTrue(fab.counters.total(TcpCounter.BYTES_ACKED) <= fab.counters.total(TcpCounter.BYTES_SENT));
                assertTrue(fab.pool.live() <= 2 * fab.conns.length * (window + 1),
                        "packets in flight stay bounded: " + fab.pool.live());
            }
            assertTrue(fab.counters.total(TcpCounter.BYTES_ACKED) > 0, model + ": data flowed");
        }
    }

    @Test
    void kernelInvariantsHoldAndPerCpuKworkersNeverLeaveTheirCpu() throws Exception {
        Map<String, String> set = new LinkedHashMap<>();
        set.put("preemption", "lazy");
        set.put("warmupMs", "20");
        set.put("durationMs", "40");
        RunResult r = Simulation.run(ScenarioCatalog.builtIn("s390-uperf"), set, new Simulation.Options(40, 256, true),
                () -> false);
        Dataset d = r.dataset().orElseThrow();
        int kworkerSlices = 0;
        for (CpuLane lane : d.cpus()) {
            Intervals s = lane.slices();
            for (int i = 0; i < s.size(); i++) {
                int task = s.task(i);
                if (task == Intervals.NO_TASK) {
                    continue;
                }
                TaskInfo info = d.tasks().get(task);
                if (info.comm().startsWith("kworker/")) {
                    kworkerSlices++;
                    assertEquals("kworker/" + lane.cpu() + ":1", info.comm(), "bound to its CPU");
                }
            }
        }
        assertTrue(kworkerSlices > 100, "kworkers ran: " + kworkerSlices);
        assertEquals(1.0, r.summary().cpu().sum(), 1e-5);
    }

    @Test
    void tcpCountersAreCounterTracksUnderTheirNstatNames() throws Exception {
        Map<String, String> set = Map.of("preemption", "lazy", "warmupMs", "20", "durationMs", "60");
        RunResult r = Simulation.run(ScenarioCatalog.builtIn("s390-uperf"), set, Simulation.Options.recording(60),
                () -> false);
        Dataset d = r.dataset().orElseThrow();
        Map<String, CounterSeries> byName = new LinkedHashMap<>();
        for (CounterSeries c : d.counters()) {
            byName.put(c.name(), c);
        }
        for (String n : new String[] {"TcpExtTCPDSACKRecv", "TcpExtTCPFastRetrans", "TcpRetransSegs",
            "TcpExtTCPSpuriousRTOs", "tcp.analysis.duplicate_ack", "tcp.analysis.out_of_order", "throughput"}) {
            assertTrue(byName.containsKey(n), n + " in " + byName.keySet());
        }
        CounterSeries dsack = byName.get("TcpExtTCPDSACKRecv");
        assertEquals(6, dsack.size(), "10 ms buckets over 60 ms");
        double events = 0;
        for (int i = 0; i < dsack.size(); i++) {
            events += dsack.value(i) * 0.010;
        }
        assertEquals((double) r.summary().tcp().get("dsack"), events, 1e-6, "rates integrate to the summary count");
        assertEquals("Gb/s", r.summary().throughput().unit());
    }

    @Test
    void sameSeedSameRun() throws Exception {
        Map<String, String> set = Map.of("warmupMs", "10", "durationMs", "40", "seed", "7");
        RunResult a = Simulation.run(ScenarioCatalog.builtIn("s390-uperf"), set, Simulation.Options.recording(40),
                () -> false);
        RunResult b = Simulation.run(ScenarioCatalog.builtIn("s390-uperf"), set, Simulation.Options.recording(40),
                () -> false);
        assertEquals(a.summary().withWallMs(0), b.summary().withWallMs(0));
        assertEquals(a.dataset().orElseThrow(), b.dataset().orElseThrow());
    }
}
