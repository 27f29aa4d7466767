package org.schedlab.ui;

import java.util.Locale;

import org.schedlab.model.CounterSeries;
import org.schedlab.model.Dataset;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TrackHit;

/** The few lines the hover readout shows for whatever is under the pointer. */
final class HoverText {
    private HoverText() {
    }

    static String of(Dataset d, TrackHit hit) {
        long o = d.startNs();
        if (hit instanceof SliceHit h) {
            String who = h.task() >= 0 ? d.task(h.task()).label() : h.state().label();
            String state = h.task() >= 0 ? h.state().label() + " " : "";
            return who + "\n" + state + "on CPU " + h.cpu() + ", " + TimeFormat.duration(h.durationNs())
                    + "\nfrom +" + TimeFormat.offset(h.startNs() - o) + " to +" + TimeFormat.offset(h.endNs() - o);
        }
        if (hit instanceof TrackHit.TaskStateHit h) {
            return d.task(h.task()).label() + "\n" + h.state().label() + ", " + TimeFormat.duration(h.endNs() - h.startNs())
                    + "\nfrom +" + TimeFormat.offset(h.startNs() - o) + " to +" + TimeFormat.offset(h.endNs() - o);
        }
        if (hit instanceof TrackHit.LockHoldHit h) {
            String off = h.offCpuNs() > 0 ? "\nholder off CPU " + TimeFormat.duration(h.offCpuNs()) + " of it" : "";
            String others = h.holders() > 1 ? " and " + (h.holders() - 1) + " more" : "";
            return d.locks().get(h.lock()).name() + " held by " + d.task(h.task()).label() + others + "\n"
                    + TimeFormat.duration(h.endNs() - h.startNs()) + " from +" + TimeFormat.offset(h.startNs() - o) + off;
        }
        if (hit instanceof TrackHit.LockWaitersHit h) {
            return d.locks().get(h.lock()).name() + " at +" + TimeFormat.offset(h.tNs() - o) + "\n"
                    + h.spinning() + " spinning, " + h.sleeping() + " sleeping";
        }
        if (hit instanceof TrackHit.CounterHit h) {
            CounterSeries c = d.counters().get(h.counter());
            // a sample holds until the next one: say over which stretch the value stands
            int i = c.indexAt(h.sampleNs());
            long until = i >= 0 && i + 1 < c.size() ? c.tNs(i + 1) : d.endNs();
            return c.name() + "\n" + number(h.value()) + (c.unit().isEmpty() ? "" : " " + c.unit())
                    + (until > h.sampleNs()
                            ? "\nfrom +" + TimeFormat.offset(h.sampleNs() - o) + " to +" + TimeFormat.offset(until - o)
                            : "\nat +" + TimeFormat.offset(h.sampleNs() - o));
        }
        if (hit instanceof TrackHit.HeaderHit h) {
            return h.group().title() + ": click to collapse or expand";
        }
        return "";
    }

    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, "%,.2f", v);
    }
}
