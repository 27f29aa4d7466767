package org.schedlab.sim.sync;

import org.schedlab.sim.kernel.SpinDelay;

/**
 * What one iteration of a user-space spin loop ({@code TAS_SPIN} load + {@code SPIN_DELAY()})
 * costs on each architecture, in ns. The kernel's {@link SpinDelay} names the instruction; the
 * cost depends on the core that executes it:
 * <ul>
 *   <li>x86 PAUSE: about 140 cycles since Skylake (Intel optimization manual, [U]) at ~3 GHz:
 *       45 ns.</li>
 *   <li>arm64 ISB on Graviton4 (Neoverse V2): 12 ns. OpenJDK's ThreadOnSpinWait measures 7.0
 *       ns per SB-based spin on c8g; Salvatore Dipietro measured ISB spins taking 1.71x SB
 *       spins on m8g (jemalloc PR, 2026) [S]. The seed thread's "10-20 cycles" is 4-7 ns.</li>
 *   <li>no delay instruction: the load and the branch, about 1 ns.</li>
 *   <li>WFE: waits for an event. s_lock's TAS_SPIN is a plain load, which arms no exclusive
 *       monitor, so no store to the line ends the wait: the next edge of the 10 kHz event
 *       stream does, 100 us per iteration ({@link SpinDelay#WFE}), interrupts aside.</li>
 * </ul>
 * Each instruction belongs to one arch (PAUSE to x86, ISB and WFE to arm64); choosing one on
 * another arch prices it as on its own, so a user can ask "what if arm64 paused like x86".
 */
public final class SpinCosts {
    private SpinCosts() {
    }

    public static long iterationNs(SpinDelay delay) {
        switch (delay) {
            case PAUSE:
                return 45;
            case ISB:
                return 12;
            case WFE:
                return SpinDelay.WFE.iterationNs();
            default:
                return 1;
        }
    }
}
