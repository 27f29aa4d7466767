package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * A picture cannot show on hover what its legend cut to "+N more", as the screen does: exported
 * from a live timeline as narrow as a 1280x720 projector's Live run tab gives it (about 540 px),
 * a teaching run's legend said "+1 more" and "+3 more", leaving a task's colour and the task
 * lanes' runnable, sleeping and blocked colours without a key on the slide. The picture's legend
 * wraps onto more lines instead; a wide picture keeps the screen's two rows.
 */
class PictureLegendTest {
    private static final long US = 1_000;

    /** teach-remote-wakeup's shape: A and W compute on CPUs 0 and 1, B waits, wakes, runs briefly on CPU 0. */
    private static Dataset remoteWakeup() {
        DatasetBuilder b = Dataset.builder(Metadata.of("remote", "test"));
        int a = b.addTask(3001, 3001, "A");
        int bb = b.addTask(3002, 3002, "B");
        int w = b.addTask(3003, 3003, "W");
        b.slice(0, 0, 1400 * US, a, SliceState.USER);
        b.slice(0, 1400 * US, 1500 * US, a, SliceState.KERNEL);
        b.slice(0, 1500 * US, 1552 * US, bb, SliceState.USER);
        b.slice(0, 1552 * US, 2000 * US, a, SliceState.USER);
        b.slice(1, 0, 2000 * US, w, SliceState.USER);
        b.taskState(a, 0, 1500 * US, TaskState.RUNNING);
        b.taskState(a, 1500 * US, 1552 * US, TaskState.RUNNABLE);
        b.taskState(a, 1552 * US, 2000 * US, TaskState.RUNNING);
        b.taskState(bb, 0, 500 * US, TaskState.BLOCKED);
        b.taskState(bb, 500 * US, 1000 * US, TaskState.SLEEPING);
        b.taskState(bb, 1000 * US, 1500 * US, TaskState.RUNNABLE);
        b.taskState(bb, 1500 * US, 1552 * US, TaskState.RUNNING);
        b.taskState(bb, 1552 * US, 2000 * US, TaskState.BLOCKED);
        b.taskState(w, 0, 2000 * US, TaskState.RUNNING);
        return RenderFixtures.build(b);
    }

    private static Figure figure(double widthPx) {
        Caption c = new Caption("teach-remote-wakeup (simulation, seed 1)",
                List.of(Caption.parameterLine("", Map.of())), 0, 2000 * US, "9.9-test");
        Dataset d = remoteWakeup();
        return Figure.single(c, new TimelinePanel("", TimelineData.of(d), new Viewport(0, 2000 * US, widthPx, 300),
                TrackSpec.defaultFor(d), PaintOptions.DEFAULT));
    }

    /** The texts of the picture's legend, from its "In view" on. */
    private static List<String> texts(RecordingSurface s) {
        List<String> all = s.ops().stream().filter(o -> o instanceof RecordingSurface.Text)
                .map(o -> ((RecordingSurface.Text) o).text()).toList();
        return all.subList(all.lastIndexOf("In view"), all.size());
    }

    @Test
    void aNarrowPicturesLegendNamesEveryTaskAndEveryColourOfItsTaskLanes() {
        Figure f = figure(540);
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<String> texts = texts(s);
        for (String key : List.of("kernel strip", "running", "runnable", "sleeping", "blocked")) {
            assertTrue(texts.contains(key), key + " in the legend: " + texts);
        }
        for (String task : List.of("A[3001]", "B[3002]", "W[3003]")) {
            assertTrue(texts.stream().anyMatch(t -> t.startsWith(task + "  ")), task + " in the legend: " + texts);
        }
        assertFalse(texts.stream().anyMatch(t -> t.matches("\\+\\d+ more")), "nothing cut: " + texts);
        // every legend text inside the picture, above the caption
        double captionTop = s.ops().stream().filter(o -> o instanceof RecordingSurface.Text t
                && t.text().startsWith("teach-remote-wakeup")).mapToDouble(o -> ((RecordingSurface.Text) o)
                .baselineYPx()).findFirst().orElseThrow() - Figure.CAPTION_LINE_PX;
        for (RecordingSurface.Op o : s.ops()) {
            if (o instanceof RecordingSurface.Text t && List.of("runnable", "sleeping", "blocked").contains(t.text())) {
                assertTrue(t.rightPx() <= 540 && t.baselineYPx() < captionTop, t + " inside, above the caption");
            }
        }
    }

    @Test
    void aWidePicturesLegendIsTheScreensTwoRows() {
        Figure wide = figure(1600);
        Figure narrow = figure(540);
        RecordingSurface s = new RecordingSurface();
        assertTrue(texts(paint(wide)).contains("blocked"));
        // as tall as the timeline it shows, plus the caption: no lines added where all fits
        assertEquals(300 + captionPx(wide, s), wide.heightPx(s), 1);
        assertTrue(narrow.heightPx(s) > 300 + captionPx(narrow, s), "the narrow picture's legend takes more lines");
    }

    /**
     * The renderer's own legend, two rows cut to "+N more", was drawn under the picture's and
     * clipped out: invisible in a PNG, but an SVG kept its text, so a reader extracting the text
     * (or a screen reader) met "In view" twice and a cut "+1 more". The picture draws one legend.
     */
    @Test
    void thePictureHasOneLegendAndNoCutOneHiddenUnderIt() {
        Figure f = figure(540);
        List<String> all = paint(f).ops().stream().filter(o -> o instanceof RecordingSurface.Text)
                .map(o -> ((RecordingSurface.Text) o).text()).toList();
        assertEquals(1, all.stream().filter(t -> t.startsWith("In view")).count(), "one legend: " + all);
        assertFalse(all.stream().anyMatch(t -> t.matches("\\+\\d+ more")), "no cut legend: " + all);
        String svg = FigureWriter.svg(f);
        assertFalse(svg.matches("(?s).*\\+\\d+ more.*"), "the SVG's text has no cut legend");
        assertEquals(1, svg.split(">In view<", -1).length - 1, "one \"In view\" in the SVG");
    }

    private static RecordingSurface paint(Figure f) {
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        return s;
    }

    private static double captionPx(Figure f, DrawSurface s) {
        return Figure.PAD_PX * 2 + Figure.CAPTION_LINE_PX * f.wrapped(s, f.widthPx() - 2 * Figure.PAD_PX).size();
    }
}
