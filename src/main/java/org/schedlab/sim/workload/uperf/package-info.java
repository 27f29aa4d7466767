/**
 * The {@code uperf} workload (case C, {@code s390-uperf}): a KVM host running two guests that
 * stream TCP data to each other through vhost-net threads, an in-kernel switch and irqfd
 * interrupt injection, either at once ({@code irqInatomic=on}) or through a kworker
 * ({@code off}, as on s390). The network itself (packets, rings, TCP) lives in
 * {@code sim.net}; here are the host's threads and what each does.
 */
package org.schedlab.sim.workload.uperf;
