import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * Draws SchedLab's icon: a rounded tile with four CPU lanes of task slices, as the timeline
 * shows them, and a red preemption marker cutting through one slice. Run once with
 * {@code java packaging/IconPainter.java assets/schedlab.png [size]}; the PNG is committed, so
 * packaging does not need this program, but the icon can be redrawn at any size from it.
 */
public final class IconPainter {
    public static void main(String[] args) throws IOException {
        File out = new File(args.length > 0 ? args[0] : "assets/schedlab.png");
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        System.setProperty("java.awt.headless", "true");
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.scale(size / 256.0, size / 256.0);

        // tile: deep blue, lighter at the top
        RoundRectangle2D tile = new RoundRectangle2D.Double(8, 8, 240, 240, 56, 56);
        g.setPaint(new GradientPaint(0, 8, new Color(0x23, 0x3A, 0x5E), 0, 248, new Color(0x12, 0x1C, 0x2E)));
        g.fill(tile);

        // four lanes: slices in the timeline's task colours, gaps where the CPU idles
        Color[] c = {new Color(0x4C, 0xB5, 0xF5), new Color(0x7E, 0xD3, 0x8B), new Color(0xF2, 0xB1, 0x4B),
                new Color(0xB3, 0x8C, 0xF0)};
        double[][] lanes = {
                {36, 96, 0, 104, 156, 2, 162, 220, 1},
                {36, 70, 3, 78, 150, 1, 158, 220, 0},
                {36, 118, 2, 126, 178, 0, 186, 220, 3},
                {36, 84, 1, 92, 132, 3, 140, 220, 2}};
        double laneH = 30;
        double y0 = 52;
        for (int lane = 0; lane < lanes.length; lane++) {
            double y = y0 + lane * 40;
            for (int i = 0; i < lanes[lane].length; i += 3) {
                g.setColor(c[(int) lanes[lane][i + 2]]);
                double x0 = lanes[lane][i];
                g.fill(new RoundRectangle2D.Double(x0, y, lanes[lane][i + 1] - x0, laneH, 8, 8));
            }
        }

        // the preemption: a red marker line with a downward triangle over lane two
        double x = 154;
        g.setColor(new Color(0xEF, 0x44, 0x4F));
        g.setStroke(new BasicStroke(5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.drawLine((int) x, 40, (int) x, 214);
        Path2D tri = new Path2D.Double();
        tri.moveTo(x - 13, 26);
        tri.lineTo(x + 13, 26);
        tri.lineTo(x, 44);
        tri.closePath();
        g.fill(tri);
        g.dispose();
        out.getAbsoluteFile().getParentFile().mkdirs();
        ImageIO.write(img, "png", out);
    }
}
