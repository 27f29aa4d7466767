package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;

import org.schedlab.model.Dataset;
import org.schedlab.render.TimeFormat;
import org.schedlab.render.TimelineLayout;
import org.schedlab.ui.TimelineView;
import org.schedlab.ui.TimelineViewModel;

/**
 * A time-range selection drawn over a timeline and shared with others: Shift+drag selects,
 * F fits the window to it, Escape or a Shift+click clears. The range is kept as an offset from the dataset's start, so
 * in A/B mode the band covers the same moment of both runs; the band's label gives its length.
 * The timeline itself still pans and zooms with plain drags and the wheel. It replaces a range
 * dragged on the timeline's axis, and such a range replaces it: both stayed on screen, while the
 * picture and Copy summary of selection take this one ({@link LabViewSources#range}).
 */
final class SelectionOverlay extends Pane {
    private static final Color FILL = Color.rgb(9, 105, 218, 0.14);
    private static final Color EDGE = Color.rgb(9, 105, 218, 0.9);
    private static final Color LABEL_BACKGROUND = Color.rgb(255, 255, 255, 0.92);
    /** The label's under View > Dark theme: a white box was left over on the dark lanes. */
    private static final Color DARK_LABEL_BACKGROUND = Color.rgb(13, 17, 23, 0.92);
    private static final Color DARK_LABEL_TEXT = Color.rgb(88, 166, 255);
    private final javafx.scene.text.Text measure = new javafx.scene.text.Text();

    private final Canvas canvas = new Canvas();
    private final TimelineView view;
    private final TimelineViewModel vm;
    private final ObjectProperty<Optional<OffsetRange>> selection;
    private double pressX = Double.NaN;

    SelectionOverlay(TimelineView view, TimelineViewModel vm, ObjectProperty<Optional<OffsetRange>> selection) {
        this.view = view;
        this.vm = vm;
        this.selection = selection;
        setMouseTransparent(true);
        getChildren().add(canvas);
        org.schedlab.ui.Theme.follow(this, this::redraw);
        selection.addListener((Observable o) -> redraw());
        selection.addListener((Observable o) -> {
            if (selection.get().isPresent()) {
                vm.selection().clearRange();
            }
        });
        vm.selection().rangeProperty().addListener((Observable o) -> {
            if (vm.selection().range().isPresent()) {
                selection.set(Optional.empty());
            }
        });
        vm.startNsProperty().addListener((Observable o) -> redraw());
        vm.endNsProperty().addListener((Observable o) -> redraw());
        vm.datasetProperty().addListener((Observable o) -> redraw());
        view.addEventFilter(MouseEvent.MOUSE_PRESSED, this::pressed);
        view.addEventFilter(MouseEvent.MOUSE_DRAGGED, this::dragged);
        view.addEventFilter(MouseEvent.MOUSE_RELEASED, this::released);
        view.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && selection.get().isPresent()) {
                selection.set(Optional.empty());
                e.consume();
            } else if (e.getCode() == KeyCode.F && selection.get().isPresent()
                    && vm.dataset() != TimelineViewModel.NO_DATASET && !e.isShortcutDown()) {
                // F fits this range, as it fits one dragged on the axis (in A/B the other side
                // follows the window): "a range fitted with F is the picture's window"
                long origin = vm.dataset().startNs();
                vm.setWindow(origin + selection.get().get().fromNs(), origin + selection.get().get().toNs());
                e.consume();
            }
        });
    }

    @Override
    protected void layoutChildren() {
        if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
            canvas.setWidth(getWidth());
            canvas.setHeight(getHeight());
            redraw();
        }
    }

    private void pressed(MouseEvent e) {
        if (!e.isShiftDown() || vm.dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        view.requestFocus();
        pressX = e.getX();
        e.consume();
    }

    private void dragged(MouseEvent e) {
        if (Double.isNaN(pressX)) {
            return;
        }
        select(pressX, e.getX());
        e.consume();
    }

    private void released(MouseEvent e) {
        if (Double.isNaN(pressX)) {
            return;
        }
        if (Math.abs(e.getX() - pressX) < 3) {
            selection.set(Optional.empty()); // a Shift+click clears
        } else {
            select(pressX, e.getX());
        }
        pressX = Double.NaN;
        e.consume();
    }

    private void select(double x1, double x2) {
        TimelineLayout layout = view.currentLayout();
        long origin = vm.dataset().startNs();
        long a = clampTime(layout.timeAt(Math.max(layout.plotLeftPx(), x1))) - origin;
        long b = clampTime(layout.timeAt(Math.max(layout.plotLeftPx(), x2))) - origin;
        if (a != b) {
            selection.set(Optional.of(OffsetRange.between(a, b)));
        }
    }

    private long clampTime(long t) {
        return Math.max(vm.startNs(), Math.min(vm.endNs(), t));
    }

    private void redraw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        Optional<OffsetRange> sel = selection.get();
        Dataset d = vm.dataset();
        if (sel.isEmpty() || d == TimelineViewModel.NO_DATASET || canvas.getWidth() < 1) {
            return;
        }
        TimelineLayout layout = view.currentLayout();
        double left = layout.plotLeftPx();
        double right = left + layout.plotWidthPx();
        double x1 = Math.max(left, Math.min(right, layout.xOf(d.startNs() + sel.get().fromNs())));
        double x2 = Math.max(left, Math.min(right, layout.xOf(d.startNs() + sel.get().toNs())));
        double top = layout.lanesTopPx();
        double bottom = layout.lanesBottomPx();
        g.setFill(FILL);
        g.fillRect(x1, top, Math.max(1, x2 - x1), bottom - top);
        g.setStroke(EDGE);
        g.setLineWidth(1);
        g.strokeLine(x1 + 0.5, top, x1 + 0.5, bottom);
        g.strokeLine(x2 - 0.5, top, x2 - 0.5, bottom);
        String label = TimeFormat.duration(sel.get().durationNs()) + " from +" + TimeFormat.offset(sel.get().fromNs());
        Font font = Font.font(11);
        measure.setFont(font);
        measure.setText(label);
        double w = measure.getLayoutBounds().getWidth();
        double lx = Math.max(left, Math.min(x1 + 4, right - w - 10));
        boolean dark = org.schedlab.ui.Theme.isDark(this);
        g.setFill(dark ? DARK_LABEL_BACKGROUND : LABEL_BACKGROUND); // readable over any slice colors
        g.fillRoundRect(lx - 4, top + 2, w + 8, 16, 6, 6);
        g.setFont(font);
        g.setFill(dark ? DARK_LABEL_TEXT : EDGE);
        g.fillText(label, lx, top + 14);
    }
}
