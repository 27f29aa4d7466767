package org.schedlab.ui.lab;

import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

import org.schedlab.render.SweepPlotData;
import org.schedlab.render.SweepPlotLayout;
import org.schedlab.render.SweepPlotRenderer;
import org.schedlab.ui.FxSurface;
import org.schedlab.ui.HoverPlacement;

/**
 * The sweep plot on a canvas the size of this region, drawn by {@link SweepPlotRenderer}
 * through the canvas backend of the drawing interface. Hovering a point shows its figures; a
 * click hands its sweep point to {@code open}, and its right-click menu opens it in the Live tab
 * or as A or B.
 */
final class SweepPlotView extends Region {
    static final double CLICK_RADIUS_PX = 9;

    private final Canvas canvas = new Canvas();
    private final FxSurface surface = new FxSurface(canvas.getGraphicsContext2D());
    private SweepPlotRenderer renderer = new SweepPlotRenderer();
    private final ReadOnlyObjectProperty<SweepPlotData> data;
    private final Label hover = new Label();
    private final ContextMenu menu = new ContextMenu();
    private final MenuItem title = new MenuItem();
    private SweepPlotLayout layout = new SweepPlotLayout(java.util.List.of());

    /** The point the context menu was last opened on; -1 before it was. */
    private int menuPoint = -1;

    /**
     * {@code open}: a clicked point's index (its run opens in the Live tab); {@code openAs}: the
     * index and A/B side its right-click menu's Open as A or Open as B picked.
     */
    SweepPlotView(ReadOnlyObjectProperty<SweepPlotData> data, IntConsumer open,
                  ObjIntConsumer<CompareViewModel.Side> openAs) {
        this.data = data;
        setId("sweep-plot");
        setMinSize(300, 200);
        hover.setId("sweep-plot-hover");
        hover.setMouseTransparent(true);
        hover.setManaged(false);
        hover.setVisible(false);
        hover.setStyle("-fx-background-color: -color-bg-default; -fx-border-color: -color-border-default;"
                + " -fx-padding: 4 8 4 8; -fx-background-radius: 4; -fx-border-radius: 4;");
        getChildren().addAll(canvas, hover);
        org.schedlab.ui.Theme.follow(this, this::paint); // View > Dark theme
        data.addListener((obs, was, now) -> {
            if (!sameSweep(was, now)) {
                menu.hide(); // a new sweep's point of that index is another point
            }
            // a run of the same sweep that finished keeps the menu: it closed under the pointer on
            // its way to Open as A while the sweep ran
            paint();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            Optional<SweepPlotLayout.Marker> m = layout.markerAt(e.getX(), e.getY(), CLICK_RADIUS_PX);
            setCursor(m.isPresent() ? Cursor.HAND : Cursor.DEFAULT);
            hover.setVisible(m.isPresent());
            m.ifPresent(mk -> {
                hover.setText(describe(mk.pointIndex())
                        + "\nclick: open this run's timeline\nright-click: open it as A or B");
                hover.autosize();
                // as the timeline's readout: flipped above (or left of) the pointer where it would
                // not fit below it - always below, it was cut off at the screen's bottom edge
                javafx.geometry.Point2D at = HoverPlacement.place(e.getX(), e.getY(), hover.getWidth(),
                        hover.getHeight(), HoverPlacement.roomIn(canvas, e.getX(), e.getY()));
                hover.relocate(at.getX(), at.getY());
            });
        });
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hover.setVisible(false));
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY) { // a right-click opens the menu, not the Live tab
                layout.markerAt(e.getX(), e.getY(), CLICK_RADIUS_PX).ifPresent(m -> open.accept(m.pointIndex()));
            }
        });
        // a point's right-click menu: its run in the Live tab, or on a side of A/B beside another;
        // headed by the point's values, as the menu covers its marker and label
        title.setId("sweep-point-menu-title");
        title.setDisable(true);
        title.setMnemonicParsing(false); // the point's values as they are, no Alt letter
        MenuItem live = Lab.item("sweep-point-open-live", "Open in _Live run", () -> open.accept(menuPoint));
        MenuItem asA = Lab.item("sweep-point-open-a", "Open as _A",
                () -> openAs.accept(CompareViewModel.Side.A, menuPoint));
        MenuItem asB = Lab.item("sweep-point-open-b", "Open as _B",
                () -> openAs.accept(CompareViewModel.Side.B, menuPoint));
        menu.getItems().setAll(title, live, new SeparatorMenuItem(), asA, asB);
        menu.setId("sweep-point-menu");
        // on the right button's press, and on the platform's own request (Ctrl+click on a Mac, which
        // a desktop sends after that press: the menu already open there stays as it is)
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.SECONDARY && showMenu(e.getX(), e.getY(), e.getScreenX(), e.getScreenY())) {
                e.consume();
            }
        });
        canvas.setOnContextMenuRequested(e -> {
            if (showMenu(e.getX(), e.getY(), e.getScreenX(), e.getScreenY())) {
                e.consume();
            }
        });
    }

    /** Opens the point's menu at the marker under ({@code x}, {@code y}); false where there is none. */
    private boolean showMenu(double x, double y, double screenX, double screenY) {
        Optional<SweepPlotLayout.Marker> m = layout.markerAt(x, y, CLICK_RADIUS_PX);
        if (m.isEmpty()) {
            menu.hide(); // no point there: nothing to open
            return false;
        }
        hover.setVisible(false); // the menu is over it
        if (menu.isShowing() && menuPoint == m.get().pointIndex()) {
            return true;
        }
        menuPoint = m.get().pointIndex();
        title.setText(describe(menuPoint).lines().findFirst().orElse(""));
        menu.hide();
        menu.show(canvas, screenX, screenY);
        return true;
    }

    /**
     * Whether {@code now} plots the sweep {@code was} did, as it grows run by run: the same varied
     * parameters, values and series (a point's index names the same values in both), and runs
     * finished - Run sweep first clears the plot, whatever it varies.
     */
    static boolean sameSweep(SweepPlotData was, SweepPlotData now) {
        return was != null && now != null && !now.isEmpty() && was.xKey().equals(now.xKey())
                && was.xValues().equals(now.xValues()) && was.seriesKey().equals(now.seriesKey())
                && was.series().stream().map(SweepPlotData.Series::label).toList()
                        .equals(now.series().stream().map(SweepPlotData.Series::label).toList());
    }

    /** The heading of the point's menu: the point's values (tests). */
    String menuTitle() {
        return title.getText();
    }

    /** Where the markers are now (tests click them). */
    SweepPlotLayout layoutNow() {
        return layout;
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            paint();
        }
    }

    private void paint() {
        if (canvas.getWidth() < 1 || canvas.getHeight() < 1) {
            return;
        }
        org.schedlab.render.TimelineStyle style = org.schedlab.ui.Theme.timelineStyle(this);
        if (renderer.style() != style) {
            renderer = new SweepPlotRenderer(style);
        }
        layout = renderer.render(data.get(), canvas.getWidth(), canvas.getHeight(), surface);
    }

    private String describe(int pointIndex) {
        SweepPlotData d = data.get();
        for (SweepPlotData.Series s : d.series()) {
            for (SweepPlotData.Point p : s.points()) {
                if (p.pointIndex() == pointIndex) {
                    return describe(d, s, p);
                }
            }
        }
        return "";
    }

    /**
     * A point's tooltip: what it varied, throughput and the second metric in the plot's unit (with
     * min..max when its seeds disagree, and how many runs reported it when not all did), how many
     * runs. Throughput as the tables write rates: 164,572, not 164,572.0.
     */
    static String describe(SweepPlotData d, SweepPlotData.Series s, SweepPlotData.Point p) {
        java.util.Locale r = java.util.Locale.ROOT;
        String tpFormat = Math.abs(p.throughputMax()) >= 1000 ? "%,.0f" : "%,.1f";
        StringBuilder b = new StringBuilder();
        b.append(d.xKey()).append('=').append(d.xValues().get(p.xIndex()))
                .append(s.label().isEmpty() ? "" : ", " + d.seriesKey() + "=" + s.label()).append('\n');
        b.append("throughput ").append(String.format(r, tpFormat, p.throughputMean()));
        if (p.throughputMax() > p.throughputMin()) {
            b.append(" (").append(String.format(r, tpFormat, p.throughputMin())).append("..")
                    .append(String.format(r, tpFormat, p.throughputMax())).append(')');
        }
        if (!d.throughputUnit().isEmpty()) {
            b.append(' ').append(d.throughputUnit());
        }
        b.append('\n');
        SweepPlotData.Scale scale = d.metricScale();
        boolean share = d.metricUnit() == SweepPlotData.MetricUnit.SHARE;
        String name = share && d.metricLabel().isEmpty() ? "top site" : d.metricLabel();
        if (!p.hasMetric()) {
            b.append(name).append(": not reported by its runs");
        } else {
            // shares to 0.01 % as before; times and counts to the precision their size needs
            int decimals = share ? 2 : Math.abs(scale.of(p.metricMax())) >= 100 ? 0 : 2;
            b.append(name).append(' ').append(scale.label(p.metricMean(), decimals));
            if (p.metricMax() > p.metricMin()) {
                String lo = String.format(r, "%,." + decimals + "f", scale.of(p.metricMin()));
                String hi = String.format(r, "%,." + decimals + "f", scale.of(p.metricMax()));
                b.append(" (").append(lo).append("..").append(hi).append(')');
            }
            if (p.metricRuns() < p.runs()) {
                b.append(", from ").append(p.metricRuns()).append(" of its runs");
            }
        }
        b.append('\n').append(p.runs()).append(p.runs() == 1 ? " run" : " runs");
        return b.toString();
    }
}
