package org.schedlab.render;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.schedlab.model.CounterSeries;

/**
 * The order of the counter tracks: throughput first ({@link CounterSeries#countsWork}), then the
 * other counters, then the kernel's network counters, each group in the dataset's own order. A {@code perf sched script}, its
 * pgbench log and an {@code nstat -az} snapshot opened together used to put the 61 nstat
 * counters first (the files' order) and the pgbench tps track below all of them.
 */
final class CounterOrder {
    /** nstat / netstat -s names: a protocol prefix, then a capital (IpInReceives, TcpExtTCPDSACKRecv). */
    private static final Pattern NETWORK = Pattern.compile(
            "^(Ip|IpExt|Icmp|IcmpMsg|Tcp|TcpExt|Udp|UdpLite|Udp6|Ip6|Icmp6|Sctp|MPTcpExt|Mptcp|Arp|Xfrm)[A-Z].*");

    private CounterOrder() {
    }

    /** The counters' indices in drawing order. */
    static List<Integer> of(List<CounterSeries> counters) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < counters.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt((Integer i) -> rank(counters.get(i)))); // stable: dataset order within
        return order;
    }

    static int rank(CounterSeries c) {
        String name = c.name().toLowerCase(Locale.ROOT);
        // the work done, by the rule a recording's throughput goes by: a simulated run's TCP
        // event rates (TcpRetransSegs, 1/s) are per-second too, and belong with the network
        if (c.countsWork() || name.contains("throughput")) {
            return 0;
        }
        if (NETWORK.matcher(c.name()).matches() || name.startsWith("tcp ") || name.startsWith("tcp.")) {
            return 2;
        }
        return 1;
    }
}
