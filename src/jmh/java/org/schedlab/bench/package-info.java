/**
 * Benchmarks (JMH, run with {@code mvn -Pbench test-compile exec:exec}) and measurements such as
 * {@link org.schedlab.bench.DatasetMemory}. docs/BENCHMARKS.md records their numbers and how to
 * run them. Compiled with the tests so they never rot; never run by {@code mvn verify}.
 */
package org.schedlab.bench;
