package org.schedlab.ui;

import java.util.Optional;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;

import org.schedlab.model.Dataset;
import org.schedlab.render.FrameSummary;
import org.schedlab.render.SliceHit;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TimelineRenderer;
import org.schedlab.render.Viewport;

/**
 * The timeline on screen: a canvas exactly the size of this region, repainted through the
 * renderer whenever the view model's window, dataset or lane scroll change or the region is
 * resized (several changes in one pulse paint once). Turns the mouse and keys into view-model
 * commands: wheel zooms at the cursor, drag pans (time sideways, lanes up and down), W/S zoom,
 * A/D pan, 0 fits all, Shift+wheel and the arrow keys scroll lanes.
 */
public final class TimelineView extends Region {
    /** Zoom per W/S press and per wheel notch. */
    static final double KEY_ZOOM_FACTOR = 1.5;
    static final double WHEEL_ZOOM_PER_NOTCH = 1.25;
    /** A/D move the window by this share of its span. */
    static final double KEY_PAN_FRACTION = 0.2;
    private static final double ARROW_SCROLL_PX = 40;

    private final TimelineViewModel vm;
    private final Canvas canvas = new Canvas();
    private final FxSurface surface = new FxSurface(canvas.getGraphicsContext2D());
    private final TimelineRenderer renderer = new TimelineRenderer();
    private final Label hover = new Label();
    private final ReadOnlyIntegerWrapper paintCount = new ReadOnlyIntegerWrapper(this, "paintCount", 0);
    private Viewport lastPainted;
    private FrameSummary lastFrame;
    private boolean repaintQueued;

    private double pointerX = Double.NaN;
    private double pointerY = Double.NaN;
    private double pressX;
    private double pressY;
    private long pressStartNs;
    private double pressScrollPx;
    private boolean dragging;

    public TimelineView(TimelineViewModel vm) {
        this.vm = vm;
        getStyleClass().add("timeline-view");
        setFocusTraversable(true);
        setMinSize(200, 120);
        hover.setId("timeline-hover");
        hover.getStyleClass().add("timeline-hover");
        hover.setStyle("-fx-background-color: -color-bg-default; -fx-border-color: -color-border-default;"
                + " -fx-border-radius: 4; -fx-background-radius: 4; -fx-padding: 4 8 4 8;"
                + " -fx-effect: dropshadow(gaussian, rgba(0,0,0,0.18), 6, 0, 0, 2);");
        hover.setMouseTransparent(true);
        hover.setManaged(false);
        hover.textProperty().bind(vm.hoverTextProperty());
        hover.visibleProperty().bind(vm.hoverTextProperty().isNotEmpty());
        getChildren().addAll(canvas, hover);
        vm.datasetProperty().addListener((Observable o) -> requestRepaint());
        vm.startNsProperty().addListener((Observable o) -> requestRepaint());
        vm.endNsProperty().addListener((Observable o) -> requestRepaint());
        vm.laneScrollPxProperty().addListener((Observable o) -> requestRepaint());
        addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, e -> endDrag());
        addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            pointerX = Double.NaN;
            pointerY = Double.NaN;
            vm.pointerLeft();
        });
        addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
    }

    /** How many frames were painted: lets tests see that a change reached the screen. */
    public ReadOnlyIntegerProperty paintCountProperty() {
        return paintCount.getReadOnlyProperty();
    }

    /** The viewport of the last frame painted. */
    public Optional<Viewport> lastPaintedViewport() {
        return Optional.ofNullable(lastPainted);
    }

    /** What the last frame drew (legend, axis ticks, cost). */
    public Optional<FrameSummary> lastFrame() {
        return Optional.ofNullable(lastFrame);
    }

    /** The layout of what is on screen now, for hit-testing. */
    public TimelineLayout currentLayout() {
        return TimelineRenderer.layout(vm.dataset(), viewport());
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth());
        double h = snapSizeY(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            requestRepaint();
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 900;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 500;
    }

    void requestRepaint() {
        if (!repaintQueued) {
            repaintQueued = true;
            Platform.runLater(this::paintNow);
        }
    }

    private Viewport viewport() {
        return new Viewport(vm.startNs(), vm.endNs(), canvas.getWidth(), canvas.getHeight(),
                Math.max(0, vm.laneScrollPxProperty().get()));
    }

    private void paintNow() {
        repaintQueued = false;
        if (canvas.getWidth() < 1 || canvas.getHeight() < 1) {
            return;
        }
        Dataset d = vm.dataset();
        Viewport vp = viewport();
        double maxScroll = TimelineRenderer.layout(d, vp).maxScrollPx();
        if (vp.laneScrollPx() > maxScroll) {
            vm.laneScrollPxProperty().set(maxScroll); // a smaller window or fewer lanes need less scroll
            vp = viewport();
        }
        lastFrame = renderer.render(d, vp, surface);
        lastPainted = vp;
        paintCount.set(paintCount.get() + 1);
        updateHover();
    }

    private void onScroll(ScrollEvent e) {
        TimelineLayout layout = currentLayout();
        double dx = e.getDeltaX();
        double dy = e.getDeltaY();
        if (e.isShiftDown()) {
            scrollLanes(-(dy != 0 ? dy : dx), layout);
        } else if (Math.abs(dx) > Math.abs(dy)) {
            vm.pan(Math.round(-dx * layout.nsPerPx()));
        } else if (dy != 0) {
            double notch = e.getMultiplierY() > 0 ? e.getMultiplierY() : 40;
            vm.zoomAt(anchorAt(e.getX(), layout), Math.pow(WHEEL_ZOOM_PER_NOTCH, dy / notch));
        }
        e.consume();
    }

    private void onMoved(MouseEvent e) {
        pointerX = e.getX();
        pointerY = e.getY();
        updateHover();
    }

    /** Re-reads what is under the pointer: after it moved, and after the picture moved under it. */
    private void updateHover() {
        if (Double.isNaN(pointerX) || dragging) {
            return;
        }
        vm.pointerAt(SliceHit.at(vm.dataset(), currentLayout(), pointerX, pointerY));
        placeHover(pointerX, pointerY);
    }

    /** Next to the pointer, flipped to the other side near the right and bottom edges. */
    private void placeHover(double x, double y) {
        hover.autosize();
        double w = hover.getWidth();
        double h = hover.getHeight();
        double hx = x + 16 + w > getWidth() ? x - 12 - w : x + 16;
        double hy = y + 18 + h > getHeight() ? y - 8 - h : y + 18;
        hover.relocate(Math.max(0, hx), Math.max(0, hy));
    }

    private void onPressed(MouseEvent e) {
        requestFocus();
        vm.pointerLeft(); // the readout would lag behind a drag
        pressX = e.getX();
        pressY = e.getY();
        pressStartNs = vm.startNs();
        pressScrollPx = vm.laneScrollPxProperty().get();
        dragging = false;
    }

    private void onDragged(MouseEvent e) {
        if (!dragging) {
            dragging = true;
            setCursor(Cursor.CLOSED_HAND);
        }
        TimelineLayout layout = currentLayout();
        long span = vm.spanNs();
        long start = pressStartNs - Math.round((e.getX() - pressX) * layout.nsPerPx());
        vm.setWindow(start, start + span);
        vm.laneScrollPxProperty().set(clampScroll(pressScrollPx - (e.getY() - pressY), layout));
        e.consume();
    }

    private void endDrag() {
        dragging = false;
        setCursor(Cursor.DEFAULT);
    }

    private void onKey(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return; // menu accelerators
        }
        TimelineLayout layout = currentLayout();
        long anchor = Double.isNaN(pointerX) ? vm.startNs() + vm.spanNs() / 2 : anchorAt(pointerX, layout);
        switch (e.getCode()) {
            case W -> vm.zoomAt(anchor, KEY_ZOOM_FACTOR);
            case S -> vm.zoomAt(anchor, 1 / KEY_ZOOM_FACTOR);
            case A -> vm.panByFraction(-KEY_PAN_FRACTION);
            case D -> vm.panByFraction(KEY_PAN_FRACTION);
            case DIGIT0, NUMPAD0 -> vm.fitAll();
            case UP -> scrollLanes(-ARROW_SCROLL_PX, layout);
            case DOWN -> scrollLanes(ARROW_SCROLL_PX, layout);
            default -> {
                return;
            }
        }
        e.consume();
    }

    /** The time under canvas x, kept inside the window (a point on the label column anchors at its start). */
    private long anchorAt(double xPx, TimelineLayout layout) {
        return Math.max(vm.startNs(), Math.min(vm.endNs(), layout.timeAt(xPx)));
    }

    private void scrollLanes(double deltaPx, TimelineLayout layout) {
        vm.laneScrollPxProperty().set(clampScroll(vm.laneScrollPxProperty().get() + deltaPx, layout));
    }

    private static double clampScroll(double px, TimelineLayout layout) {
        return Math.max(0, Math.min(layout.maxScrollPx(), px));
    }
}
