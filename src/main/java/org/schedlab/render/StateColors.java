package org.schedlab.render;

import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * Colors with a fixed meaning: CPU states, task states and the lock lane's parts. Spinning is
 * red everywhere (CPU lanes, the spinning-waiter band) because burnt CPU is what users hunt;
 * sleeping waiters are blue; a holder off its CPU is marked in deep crimson, like lock-holder
 * preemption marks; a write hold is capped in ink.
 */
public final class StateColors {
    public static final int USER = Argb.hex("#5BAE5E");
    public static final int KERNEL = Argb.hex("#E3944A");
    public static final int FAULT = Argb.hex("#9B6BD3");
    public static final int SPINNING = Argb.hex("#E5484D");

    public static final int RUNNING = Argb.hex("#3FA34D");
    public static final int RUNNABLE = Argb.hex("#F2C14E");
    public static final int SLEEPING = Argb.hex("#D5DBE1");
    public static final int BLOCKED = Argb.hex("#B5541C");
    /** A wake-up tick on a CPU lane of a recording of wake-ups alone: a darker runnable amber. */
    public static final int WAKEUP_MARK = Argb.hex("#B07A00");

    public static final int SPIN_WAITERS = SPINNING;
    public static final int SLEEP_WAITERS = Argb.hex("#4F7FD9");
    public static final int HOLDER_OFF_CPU = Argb.hex("#A4001D");
    /**
     * The cap along the top of a lock hold taken for write: near-black, the theme's ink, with a
     * white rule under it ({@link LockRowPainter}), so the cap stands out on light and dark task
     * colors alike and on the crimson hatching.
     */
    public static final int WRITE_HOLD = Argb.hex("#1F2328");

    public static final int COUNTER_LINE = Argb.hex("#0969DA");
    public static final int COUNTER_FILL = Argb.argb(60, 0x09, 0x69, 0xDA);
    /** Search matches: everything else fades toward the lane color. */
    public static final int SELECTION_FILL = Argb.argb(40, 0x09, 0x69, 0xDA);
    public static final int SELECTION_EDGE = Argb.hex("#0969DA");
    public static final int BOOKMARK = Argb.hex("#8250DF");
    public static final int CURSOR = Argb.argb(140, 0x1F, 0x23, 0x28);

    private StateColors() {
    }

    /** A CPU state's color; idle has none (the lane shows through), so this is 0 (transparent). */
    public static int slice(SliceState s) {
        switch (s) {
            case USER:
                return USER;
            case KERNEL:
                return KERNEL;
            case FAULT:
                return FAULT;
            case SPINNING:
                return SPINNING;
            case STOLEN:
                return Palette.STOLEN;
            default:
                return 0;
        }
    }

    public static int task(TaskState s) {
        switch (s) {
            case RUNNING:
                return RUNNING;
            case RUNNABLE:
                return RUNNABLE;
            case SLEEPING:
                return SLEEPING;
            default:
                return BLOCKED;
        }
    }

    /** {@code argb} blended toward {@code toward} by {@code amount} (0 keeps it, 1 gives {@code toward}); opaque. */
    public static int fade(int argb, int toward, double amount) {
        double k = 1 - amount;
        return Argb.rgb((int) Math.round(Argb.red(argb) * k + Argb.red(toward) * amount),
                (int) Math.round(Argb.green(argb) * k + Argb.green(toward) * amount),
                (int) Math.round(Argb.blue(argb) * k + Argb.blue(toward) * amount));
    }

    /**
     * WCAG contrast ratio of two opaque colors (1 for equal luminance .. 21 for black on white),
     * from their relative luminance with the sRGB curve undone.
     */
    public static double contrast(int a, int b) {
        double la = relativeLuminance(a);
        double lb = relativeLuminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** Of {@code light} and {@code dark}, the one with more contrast against {@code fill}. */
    public static int contrasting(int fill, int light, int dark) {
        return contrast(fill, light) >= contrast(fill, dark) ? light : dark;
    }

    private static double relativeLuminance(int argb) {
        return 0.2126 * linear(Argb.red(argb)) + 0.7152 * linear(Argb.green(argb)) + 0.0722 * linear(Argb.blue(argb));
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** {@code argb}, drawn with its alpha over the opaque {@code background}: the opaque result. */
    public static int over(int argb, int background) {
        return fade(background, argb, Argb.alpha(argb) / 255.0);
    }
}
