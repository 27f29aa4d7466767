package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Metadata;

/**
 * What a figure for a review thread shows of the view it is made from: a caption that stays
 * inside the picture, naming files rather than their paths.
 */
class ExportFigureTest {
    private static String lastCaptionLines(RecordingSurface s, double belowPx) {
        StringBuilder b = new StringBuilder();
        s.texts().stream().filter(t -> t.baselineYPx() > belowPx).forEach(t -> b.append(t.text()).append('\n'));
        return b.toString();
    }

    @Test
    void everyCaptionLineStaysInsideThePictureInTheFontItIsDrawnIn() {
        int width = 420;
        // fits 404 px at the 12 px the caption was measured in, not at the subject's 13 px
        String subject = "run-a.txt.gz + run-b.txt (perf-sched-script+pgbench)";
        String path = "/work/shared/data/real/pgbench-local/runA_perf_sched_script.txt.gz,"
                + "/work/shared/data/real/pgbench-local/runA_pgbench.txt";
        Caption c = new Caption(subject, List.of("source " + path), 0, 4000, "9.9-test");
        TimelinePanel p = TimelinePanel.of("", TimelineData.of(RenderFixtures.twoCpus()),
                new Viewport(0, 4000, width, 220));
        Figure f = Figure.single(c, p);
        RecordingSurface s = new RecordingSurface();
        f.paint(s);
        List<RecordingSurface.Text> caption = s.texts().stream().filter(t -> t.baselineYPx() > 220).toList();
        caption.forEach(t -> assertTrue(t.rightPx() <= width - Figure.PAD_PX + 1e-9, "inside the picture: " + t));
        String all = lastCaptionLines(s, 220);
        assertTrue(all.contains("/work/shared/data") && all.contains("runA_pgbench.txt"),
                "a word wider than a line keeps its start and end: " + all);
        assertTrue(all.contains("\u2026"), all);
        assertTrue(caption.stream().filter(t -> t.text().contains("perf-sched-script")).allMatch(
                t -> t.fontSizePx() == Figure.SUBJECT_FONT_PX), "the subject's lines in the subject's font");
        assertEquals(f.heightPx(s), (int) Math.ceil(caption.get(caption.size() - 1).baselineYPx()
                + Figure.CAPTION_LINE_PX * 0.25 + Figure.PAD_PX));
    }

    @Test
    void aRecordingIsNamedByItsFilesNotTheirPaths() {
        assertEquals("runA_perf_sched_script.txt.gz + runA_pgbench.txt (perf-sched-script+pgbench)",
                Figures.datasetSubject("runA_perf_sched_script.txt.gz + runA_pgbench.txt",
                        Metadata.of("/work/shared/data/real/pgbench-local/runA_perf_sched_script.txt.gz, "
                                + "/work/shared/data/real/pgbench-local/runA_pgbench.txt", "perf-sched-script+pgbench")));
        assertEquals("runA.json (runA_perf_sched_script.txt.gz, perf-sched-script)",
                Figures.datasetSubject("runA.json", Metadata.of("/data/runA_perf_sched_script.txt.gz", "perf-sched-script")));
        assertEquals("run.json (pgbench-graviton4, simulation)",
                Figures.datasetSubject("run.json", Metadata.of("pgbench-graviton4", "simulation")));
        assertEquals("trace.json (t.txt, test)",
                Figures.datasetSubject("trace.json", Metadata.of("C:\\traces\\t.txt", "test")));
    }

}
