package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.TaskState;

/**
 * A task lane's name too long for the label column keeps its tid: a JVM's "C2 CompilerThre[7348]"
 * read "C2 CompilerThre[73..." on screen and in an exported picture, a tid no one could look up.
 */
class TaskLaneLabelTest {
    private static final long US = 1_000;

    @Test
    void aLongTaskLaneNameIsCutInItsCommNotItsTid() {
        DatasetBuilder b = Dataset.builder(Metadata.of("labels", "test"));
        int jit = b.addTask(7348, 7329, "C2 CompilerThre");
        int short_ = b.addTask(12, 12, "java");
        b.slice(0, 0, 300 * US, jit, SliceState.USER);
        b.slice(0, 300 * US, 600 * US, short_, SliceState.USER);
        b.taskState(jit, 0, 300 * US, TaskState.RUNNING);
        b.taskState(short_, 300 * US, 600 * US, TaskState.RUNNING);
        Dataset d = RenderFixtures.build(b);
        // a label column that "C2 CompilerThre[7348]" does not fit at the test surface's character width
        Viewport v = new Viewport(0, 600 * US, TimelineLayout.LABEL_WIDTH_PX + 600, 400);
        TrackSpec spec = TrackSpec.defaultFor(d).withTaskLanes(List.of(jit, short_));
        RecordingSurface s = new RecordingSurface();
        new TimelineRenderer().render(TimelineData.prepare(d, () -> false), v, spec, HighlightIndex.NONE,
                PaintOptions.DEFAULT, s);
        TimelineLayout layout = TimelineLayout.of(v, d, spec);
        assertTrue(s.textWidthPx("C2 CompilerThre[7348]", TimelineStyle.LIGHT.labelFontPx())
                > layout.plotLeftPx() - 14, "the name is too long for the column");

        TrackRow row = layout.find(TrackKind.TASK, jit).orElseThrow();
        String drawn = label(s, row);
        assertTrue(drawn.endsWith("\u2026[7348]"), "cut before the tid, which stays whole: " + drawn);
        assertTrue(drawn.startsWith("C2 Comp"), drawn);
        assertTrue(s.textWidthPx(drawn, TimelineStyle.LIGHT.labelFontPx()) <= layout.plotLeftPx() - 14, drawn);
        assertEquals("java[12]", label(s, layout.find(TrackKind.TASK, short_).orElseThrow()), "one that fits as it is");
    }

    private static String label(RecordingSurface s, TrackRow row) {
        return s.texts().stream().filter(t -> t.xPx() < TimelineLayout.LABEL_WIDTH_PX)
                .filter(t -> t.baselineYPx() > row.topPx() && t.baselineYPx() <= row.bottomPx())
                .map(RecordingSurface.Text::text).findFirst().orElseThrow();
    }
}
