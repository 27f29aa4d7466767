package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;

/** The gallery's pictures and captions, without a display. */
class ScenarioPictureTest {
    @Test
    void aPictureIsAShortRunDrawnByTheTimelineRenderer() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-kernel-section");
        assertEquals("30", ScenarioPicture.shortRun(s).get("durationMs"));
        assertEquals("50", ScenarioPicture.shortRun(s).get("warmupMs"));
        BufferedImage img = ScenarioPicture.render(s, 480, 240, () -> false);
        assertEquals(480, img.getWidth());
        assertEquals(240, img.getHeight());
        Set<Integer> colors = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 3) {
            for (int x = 0; x < img.getWidth(); x += 3) {
                colors.add(img.getRGB(x, y));
            }
        }
        assertTrue(colors.size() > 8, "lanes, labels and axis are drawn: " + colors.size() + " colors");
        if (System.getProperty("schedlab.picture.out") != null) {
            javax.imageio.ImageIO.write(img, "png", new java.io.File(System.getProperty("schedlab.picture.out")));
        }
    }

    @Test
    void aCancelledPictureStops() throws Exception {
        Scenario s = ScenarioCatalog.builtIn("teach-fair-share");
        assertThrows(java.util.concurrent.CancellationException.class,
                () -> ScenarioPicture.render(s, 100, 50, () -> true));
    }

    @Test
    void aScenarioWithoutATitleIsCaptionedByItsFirstSentence() throws Exception {
        Scenario k = ScenarioCatalog.builtIn("teach-kernel-section");
        Scenario untitled = new Scenario(k.name(), null, k.workload(), k.description(), k.notes(), k.params(), k.origin());
        assertEquals(ExplainContent.oneSentence(k), ExplainContent.caption(untitled));
        assertEquals(k.title(), ExplainContent.caption(k));
    }

    @Test
    void everyBuiltInHasAOneSentenceCaption() throws Exception {
        for (Scenario s : ScenarioCatalog.all()) {
            String caption = ExplainContent.oneSentence(s);
            assertTrue(caption.length() > 20, s.name() + ": " + caption);
            assertTrue(caption.endsWith(".") || caption.equals(s.description()), s.name() + ": " + caption);
            assertTrue(caption.indexOf(". ") < 0, "one sentence: " + caption);
        }
        Scenario k = ScenarioCatalog.builtIn("teach-kernel-section");
        ExplainContent c = ExplainContent.of(k);
        assertEquals(k.explain(), c.text());
        assertEquals(k.lookAt(), c.steps());
    }
}
