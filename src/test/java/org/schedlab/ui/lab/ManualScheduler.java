package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.List;

/** A clock the test moves by hand: scheduled actions run when {@link #advance} passes their time. */
final class ManualScheduler implements DelayScheduler {
    private final List<long[]> due = new ArrayList<>();
    private final List<Runnable> actions = new ArrayList<>();
    private final List<boolean[]> cancelled = new ArrayList<>();
    private long nowMs;

    @Override
    public Pending schedule(long delayMs, Runnable action) {
        boolean[] off = {false};
        due.add(new long[] {nowMs + delayMs});
        actions.add(action);
        cancelled.add(off);
        return () -> off[0] = true;
    }

    /** Moves the clock and runs, in time order, what became due and was not called off. */
    void advance(long ms) {
        long target = nowMs + ms;
        while (true) {
            int next = -1;
            for (int i = 0; i < due.size(); i++) {
                if (!cancelled.get(i)[0] && due.get(i)[0] <= target && (next < 0 || due.get(i)[0] < due.get(next)[0])) {
                    next = i;
                }
            }
            if (next < 0) {
                break;
            }
            nowMs = due.get(next)[0];
            cancelled.get(next)[0] = true;
            actions.get(next).run();
        }
        nowMs = target;
    }

    /** Actions scheduled and still pending. */
    int pending() {
        int n = 0;
        for (boolean[] c : cancelled) {
            if (!c[0]) {
                n++;
            }
        }
        return n;
    }
}
