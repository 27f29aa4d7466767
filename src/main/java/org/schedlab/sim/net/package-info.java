/**
 * The virtual network of the KVM scenarios: packets (TCP data segments and ACKs, kept in a
 * columnar pool), bounded FIFOs for virtio rings and tap queues, and TCP connections with
 * cwnd, RTT/RTO, duplicate-ACK threshold, SACK and D-SACK, whose counters carry their nstat
 * and Wireshark names. Nothing here knows about tasks or CPUs: the workload
 * ({@code sim.workload.uperf}) moves packets between these structures from its programs.
 */
package org.schedlab.sim.net;
