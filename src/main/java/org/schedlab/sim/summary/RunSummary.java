package org.schedlab.sim.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The summary of one run, with the field names of SIMULATOR.md "Summary" (scripts rely on
 * them: add, never rename). Fractions in {@code cpu} are of cpus x duration and sum to 1;
 * {@code profile} shares are of the same total; latencies are in microseconds. {@code latencyUs}
 * is the workload's own operations as its benchmark client would time them (pgbench's
 * {@code transaction}: first command sent to the last result read; YCSB's {@code READ (server)}
 * and {@code UPDATE (server)}: request received to reply sent, without the network), left out by
 * workloads without such operations.
 */
@JsonPropertyOrder({"scenario", "params", "seed", "durationMs", "events", "wallMs", "throughput", "latencyUs", "cpu",
    "profile",
    "locks", "runqlatUs", "comms", "preemptions", "sched", "tcp"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunSummary(String scenario, Map<String, String> params, long seed, long durationMs, long events,
                         long wallMs, Throughput throughput, Map<String, Latency> latencyUs, CpuShares cpu, List<SiteShare> profile,
                         List<LockSummary> locks, Map<String, Latency> runqlatUs, Map<String, CommSummary> comms,
                         Preemptions preemptions, Sched sched, Map<String, Long> tcp) {

    @JsonPropertyOrder({"value", "unit"})
    public record Throughput(double value, String unit) {
    }

    /**
     * Where the CPUs' time went. {@code runnableWait}: idle capacity while runnable tasks
     * waited for a CPU (wake-up IPI latency, imbalance), carved out of idle; see SimStats.
     */
    @JsonPropertyOrder({"user", "kernel", "fault", "spin", "runnableWait", "idle", "steal"})
    public record CpuShares(double user, double kernel, double fault, double spin, double runnableWait, double idle,
                            double steal) {
        public double sum() {
            return user + kernel + fault + spin + runnableWait + idle + steal;
        }
    }

    @JsonPropertyOrder({"site", "share"})
    public record SiteShare(String site, double share) {
    }

    @JsonPropertyOrder({"count", "mean", "p50", "p99", "max"})
    public record Latency(long count, double mean, double p50, double p99, double max) {
    }

    /**
     * One lock. An rwsem adds {@code events}, its lock event counts under the modelled kernel's
     * names (/sys/kernel/debug/lock_event_counts/), {@code readPhases}, and {@code spinWhile}: its
     * optimistic spinners' CPU time as shares of all CPU time (as {@code cpu.spin}), by what the
     * lock was doing meanwhile ({@code writer}, {@code readers}, {@code handoff}: free with HANDOFF set, {@code free});
     * other locks leave them out.
     */
    @JsonPropertyOrder({"name", "kind", "acquisitions", "contended", "holdUs", "waitUs", "holderPreemptions",
        "holderOffCpuUs", "readPhases", "spinWhile", "events"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LockSummary(String name, String kind, long acquisitions, long contended, Latency holdUs,
                              Latency waitUs, long holderPreemptions, Latency holderOffCpuUs, ReadPhases readPhases,
                              Map<String, Double> spinWhile, Map<String, Long> events) {
    }

    /**
     * An rwsem's read phases: stretches in which readers own it, from the first reader in to the
     * last one out; {@code readersPerPhase} is read acquisitions per phase (reader parallelism).
     */
    @JsonPropertyOrder({"count", "readersPerPhase"})
    public record ReadPhases(long count, double readersPerPhase) {
    }

    @JsonPropertyOrder({"tasks", "runMs", "cpuShare", "switches"})
    public record CommSummary(int tasks, double runMs, double cpuShare, long switches) {
    }

    @JsonPropertyOrder({"involuntary", "inKernel", "lockHolder"})
    public record Preemptions(long involuntary, long inKernel, long lockHolder) {
    }

    /** Further scheduler counters (not in the minimum field list; handy for explaining). */
    @JsonPropertyOrder({"voluntarySwitches", "wakeups", "reschedIpis", "rseqGrants"})
    public record Sched(long voluntarySwitches, long wakeups, long reschedIpis, long rseqGrants) {
    }

    /** The same summary with another wall time (determinism checks compare everything else). */
    public RunSummary withWallMs(long ms) {
        return new RunSummary(scenario, params, seed, durationMs, events, ms, throughput, latencyUs, cpu, profile, locks,
                runqlatUs, comms, preemptions, sched, tcp);
    }
}
