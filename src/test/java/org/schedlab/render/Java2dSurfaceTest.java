package org.schedlab.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;

/** The PNG path: the same renderer paints real pixels with no display. */
class Java2dSurfaceTest {

    @Test
    void rendersTheTimelineIntoAnImageHeadless() {
        Dataset d = RenderFixtures.twoCpus();
        Viewport vp = new Viewport(0, 4000, TimelineLayout.LABEL_WIDTH_PX + 400, 300);
        BufferedImage img = Java2dSurface.paint((int) TimelineLayout.LABEL_WIDTH_PX + 400, 300, s -> new TimelineRenderer().render(d, vp, s));
        TimelineLayout layout = TimelineRenderer.layout(d, vp);
        TrackRow lane0 = layout.cpuLane(0);
        int y = (int) (lane0.topPx() + 3); // above the slice label
        int alphaRgb = Argb.rgbOf(Palette.taskColor(d.task(RenderFixtures.ALPHA)));
        assertEquals(alphaRgb, img.getRGB((int) TimelineLayout.LABEL_WIDTH_PX + 50, y) & 0xFFFFFF);
        int idlePixel = img.getRGB((int) TimelineLayout.LABEL_WIDTH_PX + 130, y) & 0xFFFFFF;
        assertEquals(Argb.rgbOf(TimelineStyle.LIGHT.laneArgb()), idlePixel, "idle shows the lane background");
        boolean text = false;
        for (int x = 8; x < 60 && !text; x++) {
            for (int yy = (int) lane0.topPx(); yy < lane0.bottomPx(); yy++) {
                text |= Argb.luminance(img.getRGB(x, yy)) < 0.4;
            }
        }
        assertTrue(text, "the lane label is drawn in dark text");
    }
}
