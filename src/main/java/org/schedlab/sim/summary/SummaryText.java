package org.schedlab.sim.summary;

import java.util.Locale;
import java.util.Map;

/** A run summary as a plain-text report no wider than 72 columns. */
public final class SummaryText {
    private SummaryText() {
    }

    public static String render(RunSummary s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "scenario  %s  (seed %d)%n", s.scenario(), s.seed()));
        b.append(String.format(Locale.ROOT, "run       %d ms simulated, %d events, %d ms wall%n", s.durationMs(),
                s.events(), s.wallMs()));
        b.append(String.format(Locale.ROOT, "params    %s%n", wrap(paramsLine(s.params()), 10)));
        b.append(String.format(Locale.ROOT, "%nthroughput  %s %s%n", num(s.throughput().value()),
                s.throughput().unit()));
        RunSummary.CpuShares c = s.cpu();
        b.append(String.format(Locale.ROOT, "cpu         user %s  kernel %s  fault %s  spin %s%n", pct(c.user()),
                pct(c.kernel()), pct(c.fault()), pct(c.spin())));
        b.append(String.format(Locale.ROOT, "            runnable-wait %s  idle %s  steal %s%n",
                pct(c.runnableWait()), pct(c.idle()), pct(c.steal())));
        b.append(String.format(Locale.ROOT, "%nprofile (share of cpus x duration)%n"));
        int n = 0;
        for (RunSummary.SiteShare site : s.profile()) {
            if (n++ == 8) {
                break;
            }
            b.append(String.format(Locale.ROOT, "  %-50s %8s%n", cut(site.site(), 50), pct(site.share())));
        }
        if (!s.locks().isEmpty()) {
            b.append(String.format(Locale.ROOT, "%nlocks            acquired  contended  hold us  wait us  holder%n"));
            b.append(String.format(Locale.ROOT, "                                      mean     mean  preempt%n"));
            for (RunSummary.LockSummary l : s.locks()) {
                b.append(String.format(Locale.ROOT, "  %-14s %9d  %9d %8s %8s %8d%n", cut(l.name(), 14),
                        l.acquisitions(), l.contended(), num(l.holdUs().mean()), num(l.waitUs().mean()),
                        l.holderPreemptions()));
            }
        }
        b.append(String.format(Locale.ROOT, "%nrunqlat us      count      mean       p50       p99       max%n"));
        for (Map.Entry<String, RunSummary.Latency> e : s.runqlatUs().entrySet()) {
            RunSummary.Latency l = e.getValue();
            b.append(String.format(Locale.ROOT, "  %-10s %9d %9s %9s %9s %9s%n", cut(e.getKey(), 10), l.count(),
                    num(l.mean()), num(l.p50()), num(l.p99()), num(l.max())));
        }
        b.append(String.format(Locale.ROOT, "%ncomms         tasks     run ms   cpu share   switches%n"));
        for (Map.Entry<String, RunSummary.CommSummary> e : s.comms().entrySet()) {
            RunSummary.CommSummary cs = e.getValue();
            b.append(String.format(Locale.ROOT, "  %-10s %7d %10s %11s %10d%n", cut(e.getKey(), 10), cs.tasks(),
                    num(cs.runMs()), pct(cs.cpuShare()), cs.switches()));
        }
        RunSummary.Preemptions p = s.preemptions();
        b.append(String.format(Locale.ROOT, "%npreemptions  involuntary %d  in kernel %d  lock holder %d%n",
                p.involuntary(), p.inKernel(), p.lockHolder()));
        if (s.sched() != null) {
            b.append(String.format(Locale.ROOT, "sched        wakeups %d  resched IPIs %d  rseq grants %d%n",
                    s.sched().wakeups(), s.sched().reschedIpis(), s.sched().rseqGrants()));
        }
        if (s.tcp() != null) {
            StringBuilder t = new StringBuilder();
            s.tcp().forEach((k, v) -> t.append(k).append(' ').append(v).append("  "));
            b.append(String.format(Locale.ROOT, "tcp          %s%n", wrap(t.toString().strip(), 13)));
        }
        return b.toString();
    }

    private static String paramsLine(Map<String, String> params) {
        StringBuilder b = new StringBuilder();
        params.forEach((k, v) -> b.append(k).append('=').append(v).append(' '));
        return b.toString().strip();
    }

    /** Wraps at 72 columns, continuation lines indented by {@code indent}. */
    static String wrap(String text, int indent) {
        StringBuilder out = new StringBuilder();
        int col = indent;
        for (String word : text.split(" ")) {
            if (col > indent && col + 1 + word.length() > 72) {
                out.append('\n').append(" ".repeat(indent));
                col = indent;
            } else if (col > indent) {
                out.append(' ');
                col++;
            }
            out.append(word);
            col += word.length();
        }
        return out.toString();
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    static String num(double v) {
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }
}
