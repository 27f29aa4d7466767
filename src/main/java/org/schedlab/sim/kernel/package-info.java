/**
 * The simulated kernel: CPUs and run queues (EEVDF fair class, FIFO above it), the tick, the
 * two resched flags and the preemption points of the four models, the rseq slice extension,
 * hypervisor steal, and the task/program API workloads and locks build on
 * ({@link org.schedlab.sim.kernel.Program}, {@link org.schedlab.sim.kernel.TaskContext},
 * {@link org.schedlab.sim.kernel.SpinTarget}, {@link org.schedlab.sim.kernel.KernelCode}).
 */
package org.schedlab.sim.kernel;
