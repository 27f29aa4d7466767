package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Separator;
import javafx.scene.control.TableRow;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A first-time user on a laptop (1280 x 720) and on a 1600 x 1000 screen: the A/B tab's delta
 * table - the point of A/B - shows several rows under A and B, its bar stays one row, and the
 * Live tab's explanation shows its tour ("What to look at", steps 1 and 2) above a summary that
 * keeps several rows.
 */
@ExtendWith(ApplicationExtension.class)
class LaptopLayoutWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    @RegisterExtension
    final org.schedlab.ui.OwnStage stage = new org.schedlab.ui.OwnStage();

    @Start
    void start(Stage primary) {
        stage.laptop(window::show);
    }

    private void size(double w, double h) {
        interact(() -> {
            stage.get().setWidth(w);
            stage.get().setHeight(h);
        });
        WaitForAsyncUtils.waitForFxEvents();
        // laid out at the new size now, not at a pulse that may come after the reads below
        org.schedlab.ui.ShownText.laidOut(FxWait.onFx(() -> stage.get().getScene().getRoot()));
    }

    private static boolean inside(Node n, Bounds area) {
        Bounds b = n.localToScene(n.getBoundsInLocal());
        return b.getMinY() >= area.getMinY() - 0.5 && b.getMaxY() <= area.getMaxY() + 0.5;
    }

    /** Counted on the FX thread: the runs may still be filling the table. */
    private long rowsInView(String table) {
        long[] rows = new long[1];
        interact(() -> {
            Node t = lookup(table).query();
            Bounds area = t.localToScene(t.getBoundsInLocal());
            rows[0] = lookup(table + " .table-row-cell").queryAll().stream()
                    .filter(r -> r.isVisible() && !((TableRow<?>) r).isEmpty() && inside(r, area)).count();
        });
        return rows[0];
    }

    @Test
    void theDeltaTableShowsSeveralRowsUnderAAndBAndTheBarIsOneRow() throws Exception {
        interact(() -> {
            window.lab.openCompare(LabFixtures.teach());
            window.ui.showCompare();
        });
        FxWait.untilOnFx("the delta rows", 60, () -> lookup("#ab-pane .table-row-cell").queryAll().stream()
                .anyMatch(r -> !((TableRow<?>) r).isEmpty()));
        for (double[] s : new double[][] {{1280, 720}, {1600, 1000}}) {
            size(s[0], s[1]);
            interact(() -> lookup("#ab-split").queryAs(javafx.scene.control.SplitPane.class)
                    .setDividerPositions(0.28, 0.56)); // where a new window starts them
            WaitForAsyncUtils.waitForFxEvents();
            String at = (int) s[0] + " x " + (int) s[1] + ": ";
            long rows = rowsInView("#ab-table");
            assertTrue(rows >= (s[0] < 1600 ? 3 : 6), at + "delta rows in view: " + rows);
            for (String side : new String[] {"#ab-a-timeline", "#ab-b-timeline"}) {
                assertTrue(lookup(side).query().getBoundsInLocal().getHeight() >= 95, at + side + " too short");
            }
            assertBarOnOneRow(at);
        }
    }

    /** Every group of the A/B bar on its first row, none past its right edge. */
    private void assertBarOnOneRow(String at) {
        FlowPane bar = FxWait.onFx(() -> lookup("#ab-bar").queryAs(FlowPane.class));
        double firstRow = bar.getChildren().get(0).getLayoutY();
        for (Node n : bar.getChildren()) {
            if (n.isVisible() && n.getBoundsInLocal().getWidth() > 0) {
                assertEquals(firstRow, n.getLayoutY(), 1, at + "the A/B bar wrapped at " + n);
                assertTrue(n.getBoundsInParent().getMaxX() <= bar.getWidth() + 0.5, at + "past the bar's edge: " + n);
            }
        }
    }

    /**
     * A laptop's 1280 px: the bar is one row, its three buttons showing only their icons, each still
     * named (tooltip and accessible text start with its label) and reached by the keyboard; on a
     * 1600 px screen they have their labels again.
     */
    @Test
    void theBarFitsALaptopWithIconButtonsNamedByTheirTooltips() {
        interact(() -> {
            window.lab.openCompare(LabFixtures.teach());
            window.ui.showCompare();
        });
        String[] ids = {"#ab-swap", "#ab-make-b-a", "#ab-copy", "#ab-dataset-a", "#ab-dataset-b", "#ab-link-lanes"};
        for (double[] s : new double[][] {{1280, 720}, {1600, 1000}, {1280, 720}}) {
            FlowPane bar = FxWait.onFx(() -> lookup("#ab-bar").queryAs(FlowPane.class));
            double[] asked = new double[1];
            interact(() -> asked[0] = bar.prefHeight(s[0])); // as the window asks before laying it out
            size(s[0], s[1]);
            String at = (int) s[0] + " x " + (int) s[1] + ": ";
            assertBarOnOneRow(at);
            assertEquals(bar.getHeight(), asked[0], 0.5, at + "the bar's height asked before its layout");
            for (String id : ids) {
                javafx.scene.control.Labeled b = lookup(id).queryAs(javafx.scene.control.Labeled.class);
                javafx.scene.text.Text text = org.schedlab.ui.ShownText.node(b);
                String shown = text != null && FxWait.onFx(text::isVisible) ? FxWait.onFx(text::getText) : "";
                assertTrue(b.isFocusTraversable() && !b.isDisabled(), at + id + " not reached by the keyboard");
                assertTrue(b.getAccessibleHelp() != null && b.getAccessibleHelp().startsWith(org.schedlab.ui.MenuText.of(b)),
                        at + id + "'s tooltip does not name it: " + b.getAccessibleHelp());
                if (shown.isEmpty()) {
                    assertEquals(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY, b.getContentDisplay(), at + id);
                    assertTrue(s[0] < 1600, at + id + " lost its label on a large screen");
                } else {
                    assertEquals(org.schedlab.ui.MenuText.of(b), shown, at + id + "'s label cut");
                }
            }
        }
    }

    /** The CPU lanes wholly in sight in side {@code s}'s timeline. */
    private long wholeCpuLanes(CompareViewModel.Side s) {
        long[] n = new long[1];
        interact(() -> {
            org.schedlab.render.TimelineLayout l = window.ui.comparePane().card(s).timelineView().currentLayout();
            n[0] = l.visibleRows().stream().filter(r -> r.kind() == org.schedlab.render.TrackKind.CPU
                    && r.topPx() >= l.lanesTopPx() - 0.5 && r.topPx() + r.heightPx() <= l.lanesBottomPx() + 0.5).count();
        });
        return n[0];
    }

    /**
     * Eight CPUs a side on a laptop: wherever the dividers are dragged, each side keeps several
     * CPU lanes in sight (a card once shrank to its axis, legend and a lane or less); where a
     * new window puts them, the table keeps its rows too.
     */
    @Test
    void eachSideKeepsSeveralCpuLanesWhereverTheDividersAre() throws Exception {
        Map<String, String> eight = Map.of("cpus", "8", "durationMs", "300");
        Map<String, String> full = new java.util.HashMap<>(eight);
        full.put("preemption", "full");
        interact(() -> {
            window.lab.compare().open(LabFixtures.teach(), eight, full);
            window.ui.showCompare();
        });
        FxWait.untilOnFx("both sides' timelines", 60, () -> window.ui.comparePane().card(CompareViewModel.Side.A)
                .timelineView().lastPaintedViewport().isPresent() && window.ui.comparePane()
                .card(CompareViewModel.Side.B).timelineView().lastPaintedViewport().isPresent());
        for (double[] at : new double[][] {{0.28, 0.56}, {0.02, 0.04}, {0.9, 0.97}, {0.02, 0.97}}) {
            interact(() -> lookup("#ab-split").queryAs(javafx.scene.control.SplitPane.class).setDividerPositions(at));
            WaitForAsyncUtils.waitForFxEvents();
            for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
                long lanes = wholeCpuLanes(s);
                assertTrue(lanes >= TimelineCard.STACKED_MIN_CPU_LANES, "dividers at " + java.util.Arrays.toString(at)
                        + ": side " + s + " shows " + lanes + " whole CPU lanes");
            }
        }
    }

    @Test
    void aWrappedBarGroupShowsNoSeparatorAtTheStartOfItsRow() {
        interact(() -> {
            window.lab.openCompare(LabFixtures.teach());
            window.ui.showCompare();
        });
        size(900, 720);
        FlowPane bar = FxWait.onFx(() -> lookup("#ab-bar").queryAs(FlowPane.class));
        boolean wrapped = false;
        for (Node n : bar.getChildren()) {
            if (n instanceof HBox g && g.getChildren().get(0) instanceof Separator sep) {
                boolean rowStart = g.getLayoutX() <= bar.snappedLeftInset() + 1;
                wrapped |= rowStart;
                assertEquals(!rowStart, sep.isVisible(), "separator of " + g.getChildren());
            }
        }
        assertTrue(wrapped, "900 px: a group starts the second row");
    }

    @Test
    void theLiveTabShowsTheTourAboveASummaryOfSeveralRows() throws Exception {
        interact(() -> {
            window.lab.openLive(window.lab.load("pgbench-graviton4").orElseThrow(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the tour", 30, () -> lookup("#explain-step-2").tryQuery().isPresent());
        for (double[] s : new double[][] {{1280, 720}, {1600, 1000}}) {
            size(s[0], s[1]);
            interact(() -> {
                lookup("#live-split").queryAs(javafx.scene.control.SplitPane.class).setDividerPositions(0.58);
                lookup("#live-side-split").queryAs(javafx.scene.control.SplitPane.class).setDividerPositions(0.6);
                lookup("#explain-panel").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(0);
            });
            WaitForAsyncUtils.waitForFxEvents();
            String at = (int) s[0] + " x " + (int) s[1] + ": ";
            Node panel = FxWait.onFx(() -> lookup("#explain-panel").query());
            Bounds view = panel.localToScene(panel.getLayoutBounds());
            assertTrue(inside(FxWait.onFx(() -> lookup("#explain-title").query()), view),
                    at + "the title out of view " + view);
            // the tour under the title: most of its first step on a laptop (the rest a scroll away),
            // all of it and the second begun on a larger screen
            Node first = FxWait.onFx(() -> lookup("#explain-step-1").query());
            double firstTop = first.localToScene(first.getBoundsInLocal()).getMinY();
            assertTrue(firstTop + 150 < view.getMaxY(), at + "step 1 out of view of the explain panel " + view);
            assertTrue(s[0] < 1600 || inside(first, view), at + "step 1 not whole in view " + view);
            if (s[0] >= 1600) {
                Node second = FxWait.onFx(() -> lookup("#explain-step-2").query());
                double top = second.localToScene(second.getBoundsInLocal()).getMinY();
                assertTrue(top + 40 < view.getMaxY(), at + "step 2 out of view of the explain panel " + view);
            }
            Node summary = FxWait.onFx(() -> lookup("#live-summary").query());
            double rowsRoom = summary.getBoundsInLocal().getHeight() - 30; // less the column headers
            assertTrue(rowsRoom >= 6 * 26, at + "the summary has room for " + rowsRoom + " px of rows");
        }
    }
    @Test
    void aStepHighlightedByAParameterComesIntoTheExplainPanelsView() throws Exception {
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of());
            window.ui.showLive();
        });
        FxWait.untilOnFx("the tour", 30, () -> lookup("#explain-step-4").tryQuery().isPresent());
        interact(() -> lookup("#explain-panel").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(0));
        WaitForAsyncUtils.waitForFxEvents();
        Node panel = FxWait.onFx(() -> lookup("#explain-panel").query());
        Node lazy = FxWait.onFx(() -> lookup("#explain-step-4").query());
        assertTrue(!inside(lazy, FxWait.onFx(() -> panel.localToScene(panel.getLayoutBounds()))),
                "a laptop's panel opens on the first steps, step 4 below them");
        // the teacher picks lazy in the parameter panel, not with the tour's Show
        interact(() -> window.lab.livePanelProperty().get().params().stream()
                .filter(p -> p.key().equals("preemption")).findFirst().orElseThrow().set("lazy"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(() -> lazy.getStyle()).contains("accent"), "step 4 (lazy) is highlighted");
        Bounds view = FxWait.onFx(() -> panel.localToScene(panel.getLayoutBounds()));
        assertTrue(inside(lazy, view), "the highlighted step 4 is scrolled into view " + view + ": it is at "
                + FxWait.onFx(() -> lazy.localToScene(lazy.getBoundsInLocal())));
    }
}
