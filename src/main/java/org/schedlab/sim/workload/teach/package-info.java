/** Textbook workloads (1-2 CPUs, 2-4 tasks) that show one scheduler rule each. */
package org.schedlab.sim.workload.teach;
