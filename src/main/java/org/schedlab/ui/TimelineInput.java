package org.schedlab.ui;

import java.util.Optional;
import java.util.OptionalLong;

import javafx.scene.Cursor;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.input.ZoomEvent;

import org.schedlab.render.ColorMode;
import org.schedlab.render.TimelineLayout;
import org.schedlab.render.TrackHit;
import org.schedlab.render.TrackHits;

/**
 * Mouse and keys of the timeline, as a trace viewer's users expect them: the wheel zooms at the
 * pointer (Shift+wheel scrolls lanes, a sideways wheel pans), so does a pinch, dragging the lanes pans (time
 * sideways, lanes up and down), dragging on the axis selects a range, a click selects what is
 * under it (on a header: collapses or expands the group), W/S zoom, A/D pan, F fits the
 * selection, 0 fits all, B drops a bookmark, N jumps to the next search match, L to the next
 * lock-holder preemption, C switches the color mode, Esc clears the selection, Page Up/Down and
 * Home/End scroll the lanes.
 */
final class TimelineInput {
    private static final double ARROW_SCROLL_PX = 40;
    /** A press that moves less than this is a click, not a drag. */
    private static final double CLICK_SLOP_PX = 3;

    private final TimelineView view;
    private final TimelineViewModel vm;
    private double pointerX = Double.NaN;
    private double pointerY = Double.NaN;
    private double pressX;
    private double pressY;
    private long pressStartNs;
    private long pressTimeNs;
    private double pressScrollPx;
    private boolean onAxis;
    private boolean dragging;

    TimelineInput(TimelineView view, TimelineViewModel vm) {
        this.view = view;
        this.vm = vm;
        view.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        view.addEventHandler(ZoomEvent.ZOOM, this::onPinch);
        view.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
        view.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDragged);
        view.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onReleased);
        view.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
        view.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            pointerX = Double.NaN;
            pointerY = Double.NaN;
            vm.pointerLeft();
        });
        view.addEventHandler(KeyEvent.KEY_PRESSED, this::onKey);
    }

    private void onScroll(ScrollEvent e) {
        TimelineLayout layout = view.currentLayout();
        double dx = e.getDeltaX();
        double dy = e.getDeltaY();
        // over the lanes' names there is no time to zoom at: the wheel scrolls the lanes there, as
        // Shift+wheel does anywhere (it zoomed at the plot's left edge, which looked like nothing)
        if (e.isShiftDown() || e.getX() < layout.plotLeftPx()) {
            scrollLanes(-(dy != 0 ? dy : dx), layout);
        } else if (Math.abs(dx) > Math.abs(dy)) {
            vm.pan(Math.round(-dx * layout.nsPerPx()));
        } else if (dy != 0) {
            double notch = e.getMultiplierY() > 0 ? e.getMultiplierY() : 40;
            vm.zoomAt(anchorAt(e.getX(), layout), Math.pow(TimelineView.WHEEL_ZOOM_PER_NOTCH, dy / notch));
        }
        e.consume();
    }

    /** A pinch on a touchpad or screen zooms at the fingers, step by step as they spread or close. */
    private void onPinch(ZoomEvent e) {
        double factor = e.getZoomFactor();
        if (factor > 0 && Double.isFinite(factor) && factor != 1) {
            vm.zoomAt(anchorAt(e.getX(), view.currentLayout()), factor);
        }
        e.consume();
    }

    private void onMoved(MouseEvent e) {
        pointerX = e.getX();
        pointerY = e.getY();
        refreshHover();
    }

    /** Re-reads what is under the pointer: after it moved, and after the picture moved under it. */
    void refreshHover() {
        if (Double.isNaN(pointerX) || dragging) {
            return;
        }
        TimelineLayout layout = view.currentLayout();
        boolean overPlot = pointerX >= layout.plotLeftPx() && pointerX < layout.viewport().widthPx()
                && pointerY >= 0 && pointerY < layout.lanesBottomPx();
        // a file without times (an nstat snapshot, a lock table) has no time under the pointer: its
        // axis says "no times", and a time line with a badge there made one up
        boolean timed = vm.dataset().spanNs() > 0;
        OptionalLong t = overPlot && timed ? OptionalLong.of(layout.timeAt(pointerX)) : OptionalLong.empty();
        int legendRow = pointerX >= 0 && pointerX < layout.viewport().widthPx() ? LegendText.rowAt(layout, pointerY) : -1;
        var hover = view.hoverLabel();
        if (legendRow >= 0 && view.lastFrame().isPresent()) {
            hover.setGraphic(LegendText.swatches(view.lastFrame().get(), legendRow, hover.getFont(),
                    Theme.timelineStyle(view)));
            vm.pointerOverLegend(LegendText.of(view.lastFrame().get(), legendRow));
        } else {
            hover.setGraphic(null);
            vm.pointerAt(t, TrackHits.at(vm.data(), layout, pointerX, pointerY));
        }
        placeHover(pointerX, pointerY);
    }

    /**
     * Next to the pointer, flipped to the other side near the right and bottom edges of the
     * timeline or of the screen, whichever comes first ({@link HoverPlacement}).
     */
    private void placeHover(double x, double y) {
        var hover = view.hoverLabel();
        hover.autosize();
        javafx.geometry.Point2D at = HoverPlacement.place(x, y, hover.getWidth(), hover.getHeight(),
                HoverPlacement.roomIn(view, x, y));
        hover.relocate(at.getX(), at.getY());
    }

    private void onPressed(MouseEvent e) {
        view.requestFocus();
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        vm.pointerLeft(); // the readout would lag behind a drag
        TimelineLayout layout = view.currentLayout();
        pressX = e.getX();
        pressY = e.getY();
        pressStartNs = vm.startNs();
        pressTimeNs = anchorAt(e.getX(), layout);
        pressScrollPx = vm.laneScrollPxProperty().get();
        onAxis = layout.onAxis(e.getX(), e.getY());
        dragging = false;
    }

    private void onDragged(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        // where the pointer is for the readout after the release: left at the press, the frames
        // painted then put the time line and its badge back there, over a range's duration badge
        pointerX = e.getX();
        pointerY = e.getY();
        if (!dragging && Math.hypot(e.getX() - pressX, e.getY() - pressY) < CLICK_SLOP_PX) {
            return;
        }
        TimelineLayout layout = view.currentLayout();
        if (!dragging) {
            dragging = true;
            view.setCursor(onAxis ? Cursor.H_RESIZE : Cursor.CLOSED_HAND);
        }
        if (onAxis) {
            vm.selection().selectRange(pressTimeNs, anchorAt(e.getX(), layout));
        } else {
            long span = vm.spanNs();
            long start = pressStartNs - Math.round((e.getX() - pressX) * layout.nsPerPx());
            vm.setWindow(start, start + span);
            vm.laneScrollPxProperty().set(clampScroll(pressScrollPx - (e.getY() - pressY), layout));
        }
        e.consume();
    }

    private void onReleased(MouseEvent e) {
        boolean wasDrag = dragging;
        dragging = false;
        view.setCursor(Cursor.DEFAULT);
        if (wasDrag) {
            refreshHover(); // the readout again, at the pointer, without waiting for it to move
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        TimelineLayout layout = view.currentLayout();
        if (layout.onAxis(e.getX(), e.getY())) {
            vm.selection().clearRange();
            return;
        }
        Optional<TrackHit> hit = TrackHits.at(vm.data(), layout, e.getX(), e.getY());
        if (hit.isPresent() && hit.get() instanceof TrackHit.HeaderHit h) {
            vm.toggleGroup(h.group());
            return;
        }
        vm.selection().select(hit);
    }

    /**
     * The timeline's one-key commands that mean nothing to a slider, a choice box or a button
     * (letters and . , 0): pressed while one of those has the keyboard, they still reach the
     * timeline ({@code Workbench} forwards them). Arrows, paging and Escape stay with the control.
     */
    static boolean isLetterCommand(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return false;
        }
        return switch (e.getCode()) {
            case W, S, A, D, DIGIT0, NUMPAD0, F, B, N, L, PERIOD, COMMA, P, C, K -> true;
            default -> false;
        };
    }

    private void onKey(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return; // menu accelerators
        }
        TimelineLayout layout = view.currentLayout();
        long anchor = Double.isNaN(pointerX) ? vm.startNs() + vm.spanNs() / 2 : anchorAt(pointerX, layout);
        switch (e.getCode()) {
            case W -> vm.zoomAt(anchor, TimelineView.KEY_ZOOM_FACTOR);
            case S -> vm.zoomAt(anchor, 1 / TimelineView.KEY_ZOOM_FACTOR);
            // the arrows too, as in any plot: Up and Down already scroll the lanes
            case A, LEFT -> vm.panByFraction(-TimelineView.KEY_PAN_FRACTION);
            case D, RIGHT -> vm.panByFraction(TimelineView.KEY_PAN_FRACTION);
            case DIGIT0, NUMPAD0 -> vm.fitAll();
            case F -> vm.fitSelection();
            case B -> vm.bookmarks().add(anchor, "");
            case N -> vm.search().next();
            case L -> vm.nextLockHolderPreemption();
            case PERIOD -> vm.steps().next();
            case COMMA -> {
                if (e.isShiftDown()) {
                    vm.steps().first();
                } else {
                    vm.steps().previous();
                }
            }
            case P -> {
                if (e.isShiftDown()) {
                    vm.steps().previousPreemption();
                } else {
                    vm.steps().nextPreemption();
                }
            }
            case PAGE_UP -> scrollLanes(-(layout.lanesBottomPx() - layout.lanesTopPx()) * 0.9, layout);
            case PAGE_DOWN -> scrollLanes((layout.lanesBottomPx() - layout.lanesTopPx()) * 0.9, layout);
            case HOME -> scrollLanes(-layout.contentHeightPx(), layout);
            case END -> scrollLanes(layout.contentHeightPx(), layout);
            case C -> vm.colorModeProperty().set(vm.colorModeProperty().get() == ColorMode.BY_TASK
                    ? ColorMode.BY_STATE : ColorMode.BY_TASK);
            case K -> vm.fitCpuLanesProperty().set(!vm.fitCpuLanesProperty().get());
            case ESCAPE -> {
                vm.selection().select(Optional.empty());
                vm.selection().clearRange();
            }
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
