package org.schedlab.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.Figure;
import org.schedlab.render.Figures;
import org.schedlab.render.PaintOptions;
import org.schedlab.render.RecordingSurface;
import org.schedlab.render.TimelineData;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelinePanel;
import org.schedlab.render.TrackRow;
import org.schedlab.render.TrackSpec;
import org.schedlab.render.Viewport;

/**
 * A 1024 x 768 laptop's Live run tab has about 380 px for its timeline: its picture was a strip of
 * 215 px of lanes, two axis labels, and teach-kernel-section's throughput scale "always 100
 * sections/s" drawn as "always 100". A picture is at least {@link TimelineSnapshot#READABLE_WIDTH_PX}
 * wide, over the same window and lanes; a view as wide is exported as it is.
 */
class PictureReadableWidthTest {
    private static final long MS = 1_000_000;

    /** teach-kernel-section's Live run, in short: one CPU, A and B, its three counters. */
    private static Dataset teachLike() throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("teach-kernel-section", "simulation"));
        int a = b.addTask(2001, 2001, "A");
        int bb = b.addTask(2002, 2002, "B");
        for (long t = 0; t < 100 * MS; t += 10 * MS) {
            b.slice(0, t, t + 9 * MS, a, SliceState.KERNEL);
            b.slice(0, t + 9 * MS, t + 10 * MS, bb, SliceState.USER);
        }
        var thr = b.counter("throughput", "sections/s");
        var wait = b.counter("waiting for a CPU", "tasks");
        var spin = b.counter("spinning CPUs", "cpus");
        for (long t = 0; t <= 100 * MS; t += 10 * MS) {
            thr.add(t, 100);
            wait.add(t, t % (20 * MS) == 0 ? 1 : 0);
            spin.add(t, 0);
        }
        return b.build();
    }

    private static TimelinePanel panel(Dataset d, Viewport v) {
        return new TimelinePanel("", TimelineData.of(d), v, TrackSpec.DEFAULT, PaintOptions.DEFAULT);
    }

    /** The rows a layout shows: kind, name, top and height, as they are compared between screen and picture. */
    private static List<String> rows(Viewport v, Dataset d) {
        return TimelineLayout.of(v, d, TrackSpec.DEFAULT).visibleRows().stream()
                .map((TrackRow r) -> r.kind() + " " + r.label() + " @" + r.topPx() + "+" + r.heightPx()).toList();
    }

    @Test
    void aNarrowLiveViewIsExportedAtTheReadableWidthOverTheSameWindowAndLanes() throws Exception {
        Dataset d = teachLike();
        // the Live tab at 1024 x 768: 380 px wide, scrolled a little down its lanes
        Viewport onScreen = new Viewport(20 * MS, 70 * MS, 380, 300, 12);
        Viewport picture = TimelineSnapshot.pictureViewport(onScreen);
        assertEquals(TimelineSnapshot.READABLE_WIDTH_PX, picture.widthPx(), "the picture's width");
        assertEquals(List.of(onScreen.startNs(), onScreen.endNs(), onScreen.heightPx(), onScreen.laneScrollPx(),
                        onScreen.labelWidthPx()),
                List.of(picture.startNs(), picture.endNs(), picture.heightPx(), picture.laneScrollPx(),
                        picture.labelWidthPx()), "the same window, canvas height, scroll and label column");
        assertEquals(rows(onScreen, d), rows(picture, d), "the same lanes, at the same heights");
        Viewport wideLabels = new Viewport(20 * MS, 70 * MS, 380, 300, 12, 220);
        assertEquals(220, TimelineSnapshot.pictureViewport(wideLabels).labelWidthPx(), "a wider label column kept");

        Figure narrow = Figures.timeline("teach-kernel-section", List.of(), panel(d, onScreen));
        Figure shown = Figures.timeline("teach-kernel-section", List.of(), panel(d, picture));
        assertTrue(shown.widthPx() >= TimelineSnapshot.READABLE_WIDTH_PX, "at least the readable width: "
                + shown.widthPx());
        assertEquals(narrow.caption().windowText(), shown.caption().windowText(), "the caption names the same window");
        assertEquals(narrow.caption().lines(), shown.caption().lines(), "the same caption");
        TimelineLayout screen = TimelineLayout.of(onScreen, d, TrackSpec.DEFAULT);
        TimelineLayout drawn = TimelineLayout.of(shown.panels().get(0).viewport(), d, TrackSpec.DEFAULT);
        assertTrue(drawn.plotWidthPx() > 2 * screen.plotWidthPx(), "more pixels per ms: " + drawn.plotWidthPx());
        assertEquals(screen.nsPerPx() * screen.plotWidthPx(), drawn.nsPerPx() * drawn.plotWidthPx(),
                1e-6 * onScreen.spanNs(), "over the same span");

        // each scale whole, with its unit: drawn only where it fits the label column the picture
        // gives it (its first form that fits), so whole means inside it
        RecordingSurface s = new RecordingSurface();
        shown.paint(s);
        List<String> texts = s.texts().stream().map(RecordingSurface.Text::text).toList();
        for (String scale : List.of("always 100 sections/s", "max 1 task", "always 0 CPUs")) {
            assertTrue(texts.contains(scale), scale + " whole, with its unit: " + texts);
        }
    }

    @Test
    void aViewAsWideAsThatIsExportedAtItsScreenSize() throws Exception {
        Dataset d = teachLike();
        Viewport onScreen = new Viewport(20 * MS, 70 * MS, 1400, 300, 12);
        assertEquals(onScreen, TimelineSnapshot.pictureViewport(onScreen), "as on screen");
        Viewport exactly = new Viewport(0, 100 * MS, TimelineSnapshot.READABLE_WIDTH_PX, 300);
        assertEquals(exactly, TimelineSnapshot.pictureViewport(exactly));
        Figure f = Figures.timeline("teach-kernel-section", List.of(), panel(d, TimelineSnapshot.pictureViewport(onScreen)));
        assertEquals(1400, f.widthPx(), "the picture as wide as the view");
    }
}
