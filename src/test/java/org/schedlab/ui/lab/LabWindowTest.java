package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.model.Dataset;
import org.schedlab.render.SweepPlotLayout;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab in the real window, headless, driven as a user would: pick another preemption model
 * and see the summary and the timeline change; cancel a long run; read the A/B table and swap;
 * run a sweep and click a point. Simulations run for real in the background (the textbook
 * scenario, short runs).
 */
@ExtendWith(ApplicationExtension.class)
class LabWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private LabViewModel lab;
    private Lab labUi;

    @Start
    void start(Stage stage) {
        window.show(stage);
        lab = window.lab;
        labUi = window.ui;
    }

    /** Waits for {@code condition}, read on the FX thread: it reads nodes and view models the FX thread writes. */
    private static void waitUntil(String what, Callable<Boolean> condition) throws TimeoutException {
        FxWait.untilOnFx(what, 30, condition);
    }

    private void openLiveOnTeach() throws TimeoutException {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showLive();
        });
        waitUntil("the first live run", () -> lab.live().outcome().isPresent());
    }

    private void choose(String comboId, String value) {
        clickOn("#" + comboId);
        Node cell = lookup((Node n) -> n instanceof ListCell<?> c && value.equals(c.getText()) && n.isVisible())
                .query();
        clickOn(cell);
    }

    private List<String> summaryValues() {
        return FxWait.onFx(() -> lookup("#live-summary").<SummaryRows.Row>queryTableView().getItems().stream()
                .map(SummaryRows.Row::value).toList());
    }

    @Test
    void theWindowTitleNamesTheTabInFrontNotTheDatasetTabsFile() throws Exception {
        openLiveOnTeach();
        Stage stage = (Stage) FxWait.onFx(() -> lookup("#workspaces").query().getScene().getWindow());
        assertEquals("SchedLab - Live run", stage.getTitle());
        interact(() -> ((javafx.scene.control.TabPane) lookup("#workspaces").query()).getSelectionModel().select(0));
        assertFalse(stage.getTitle().endsWith("Live run"), stage.getTitle());
    }

    @Test
    void aSummaryMetricCutByTheNarrowColumnShowsItsWholeNameAsATooltip() throws Exception {
        openLiveOnTeach();
        waitUntil("the summary rows are drawn", () -> !lookup((Node n) -> n instanceof SummaryTable.NamedCell c
                && c.getText() != null).queryAll().isEmpty());
        List<SummaryTable.NamedCell> cells = FxWait.onFx(() -> lookup((Node n) -> n instanceof SummaryTable.NamedCell c
                && c.getText() != null).queryAllAs(SummaryTable.NamedCell.class).stream().toList());
        // the text is the cell's accessible help at once; the popup is made on the first hover
        List<Object[]> read = FxWait.onFx(() -> cells.stream() // text, help, tooltip
                .map(c -> new Object[] {c.getText(), c.getAccessibleHelp(), c.getTooltip()}).toList());
        for (Object[] c : read) {
            assertTrue(((String) c[1]).startsWith((String) c[0]), (String) c[1]);
            assertNull(c[2], "no popup before a hover: " + c[0]);
        }
        // and what it means, for the rows whose names do not say it
        SummaryTable.NamedCell wait = FxWait.onFx(() -> cells.stream()
                .filter(c -> c.getText().equals("cpu  runnableWait")).findFirst().orElseThrow());
        String help = FxWait.onFx(wait::getAccessibleHelp);
        assertTrue(help.contains("min(idle CPUs, queued tasks)"), help);
        moveTo((Node) FxWait.onFx(() -> lookup("#live-pane").query())).moveTo(wait);
        waitUntil("the hovered cell's tooltip", () -> wait.getTooltip() != null);
        assertEquals(help, FxWait.onFx(() -> wait.getTooltip().getText()));
    }

    @Test
    void choosingAnotherPreemptionModelRerunsAndChangesTheSummaryAndTheTimeline() throws Exception {
        openLiveOnTeach();
        Dataset before = lab.live().timeline().dataset();
        List<String> summaryBefore = summaryValues();
        int paints = labUi.livePane().card().timelineView().paintCountProperty().get();

        choose("param-preemption", "full");

        waitUntil("the 'full' run is in", () -> "full".equals(
                lab.live().timeline().dataset().metadata().parameters().get("preemption")));
        waitUntil("and painted", () -> labUi.livePane().card().timelineView().paintCountProperty().get() > paints
                && lab.live().latencyProperty().get().isPresent());
        assertNotSame(before, lab.live().timeline().dataset());
        assertNotEquals(summaryBefore, summaryValues(), "the summary follows the run");
        assertFalse(lab.live().staleProperty().get());
        assertEquals(1.0, FxWait.onFx(() -> lookup("#live-summary").query().getOpacity()),
                "the summary is the run's: not dimmed");
        assertTrue(FxWait.onFx(() -> lookup("#param-label-preemption").queryLabeled().getText()).startsWith("\u25CF"),
                "a changed value is marked");
        String status = FxWait.onFx(() -> lookup("#live-status").queryLabeled().getText());
        String phases = FxWait.onFx(() -> lookup("#live-status").queryLabeled().getAccessibleHelp());
        assertTrue(status.startsWith("timeline in ") && phases.startsWith(status) && phases.contains("; summary in "),
                status + " / " + phases);

        clickOn("#param-reset-preemption");
        waitUntil("back to 'none'", () -> "none".equals(
                lab.live().timeline().dataset().metadata().parameters().get("preemption")));
    }

    /**
     * Simulate > "Run likely next settings ahead": with it on, the live run's other preemption
     * models are simulated while nothing else runs, so picking one shows its picture without a
     * run of its own; the status bar names what runs ahead meanwhile and is empty when done.
     */
    @Test
    void withRunningAheadOnPickingAnotherPreemptionModelShowsAtOnce() throws Exception {
        assertFalse(lab.lookaheadProperty().get(), "off unless turned on");
        clickOn("#menu-simulate");
        clickOn("#menu-lab-lookahead");
        assertTrue(lab.lookaheadProperty().get());
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        lab.lookaheadStatusProperty().addListener((obs, old, text) -> seen.add(text));
        openLiveOnTeach();
        FxWait.until("three runs ahead (voluntary, full, lazy) and quiet again", 30,
                () -> seen.size() >= 3 && seen.get(seen.size() - 1).isEmpty()
                        && seen.stream().filter(t -> t.startsWith("looking ahead: preemption=")).distinct().count() == 3);
        assertEquals("", FxWait.onFx(() -> lookup("#status-lookahead").queryLabeled().getText()));

        choose("param-preemption", "lazy");
        waitUntil("the 'lazy' timeline, painted", () -> "lazy".equals(
                lab.live().timeline().dataset().metadata().parameters().get("preemption"))
                && lab.live().latencyProperty().get().isPresent());
        assertTrue(lab.live().latencyProperty().get().get().reused(), seen + " shown from the run made ahead: "
                + lab.live().latencyProperty().get().get().text());
    }

    /**
     * An hour-long run: its recorded window (warm-up + 100 ms) is simulated at once, so its
     * timeline is on screen while the summary runs on; Cancel stops it and the summary stays
     * marked as the previous run's.
     */
    @Test
    void aLongRunsSummaryCanBeCancelledAndItsTimelineStays() throws Exception {
        openLiveOnTeach();
        Dataset shown = lab.live().timeline().dataset();
        TextField field = FxWait.onFx(() -> (TextField) lookup("#param-durationMs").<HBox>query().getChildren().stream()
                .filter(TextField.class::isInstance).findFirst().orElseThrow());
        interact(() -> {
            field.requestFocus();
            field.setText("3600000");
        });
        interact(() -> field.fireEvent(new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "",
                KeyCode.ENTER, false, false, false, false)));
        // the textbook hour's summary simulates for a few seconds (less on a fast machine): what the
        // window shows while it runs is read, and Cancel pressed, in the one FX runnable that saw it
        // running, where the run's end lands (read in later ones, the run could have ended meanwhile;
        // a robot's mouse move to the button could lose the race)
        boolean[] wasBusy = new boolean[1];
        boolean[] seenFlags = new boolean[2];
        double[] opacity = new double[1];
        String[] seen = new String[3];
        long[] t0 = new long[1];
        waitUntil("the hour-long run's timeline is in, its summary running", () -> {
            if (!(lab.live().busyProperty().get() && lab.live().phaseProperty().get() == RunViewModel.Phase.TIMELINE_READY
                    && lab.live().progressProperty().get() > 0)) {
                return false;
            }
            seenFlags[0] = lookup("#live-stale").query().isVisible();
            seenFlags[1] = lab.live().staleProperty().get();
            seen[0] = lookup("#live-label").queryLabeled().getText();
            opacity[0] = lookup("#live-summary").query().getOpacity();
            seen[1] = lookup("#live-status").queryLabeled().getText();
            seen[2] = lookup("#live-status").queryLabeled().getAccessibleHelp();
            t0[0] = System.nanoTime();
            wasBusy[0] = lab.live().busyProperty().get();
            lookup("#live-cancel").queryButton().fire();
            return true;
        });
        assertFalse(seenFlags[0], "the timeline is the new run's");
        assertTrue(seen[0].contains("durationMs=3600000"), "the header names the run on screen, not the summary's: "
                + seen[0]);
        assertTrue(seenFlags[1], "the summary is not yet");
        assertTrue(opacity[0] < 1.0, "so its rows are dimmed");
        // the header short ("summary 53 %"), its tooltip (accessible help) whole
        assertTrue(seen[1].matches("summary \\d+ %"), seen[1]);
        assertTrue(seen[2].matches("timeline (ready|in .+); summary: simulating.*"), seen[2]);
        assertTrue(wasBusy[0], "the run was still going when Cancel was pressed");
        waitUntil("the run stopped", () -> !lab.live().busyProperty().get());
        assertTrue(System.nanoTime() - t0[0] < 5_000_000_000L);
        assertNotSame(shown, lab.live().timeline().dataset());
        assertEquals("3600000", lab.live().timeline().dataset().metadata().parameters().get("durationMs"));
        assertTrue(lab.live().staleProperty().get());
        assertTrue(lab.live().statusProperty().get().startsWith("cancelled"));
    }

    @Test
    void abTableShowsTheComparisonAndSwapInvertsIt() throws Exception {
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "300"),
                    Map.of("preemption", "full", "durationMs", "300"));
            labUi.showCompare();
        });
        waitUntil("both sides and the table", () -> !lab.compare().rows().isEmpty()
                && !lab.compare().rowsStaleProperty().get());
        assertFalse(FxWait.onFx(() -> lookup("#status-counts").query().isVisible()),
                "the status bar's dataset figures describe the Dataset tab, not what A/B shows");
        TableView<SummaryComparison.Row> table = FxWait.onFx(() -> lookup("#ab-table").queryTableView());
        assertEquals(lab.compare().rows().size(), (int) FxWait.onFx(() -> table.getItems().size()));
        SummaryComparison.Row throughput = FxWait.onFx(() -> table.getItems().get(0));
        assertTrue(throughput.metric().startsWith("throughput"));
        assertEquals("preemption=none", FxWait.onFx(() -> lookup("#ab-a-label").queryLabeled().getText()));
        assertEquals("preemption=full", FxWait.onFx(() -> lookup("#ab-b-label").queryLabeled().getText()));

        clickOn("#ab-swap");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("preemption=full", FxWait.onFx(() -> lookup("#ab-a-label").queryLabeled().getText()));
        assertEquals(throughput.base(), FxWait.onFx(() -> table.getItems().get(0).test()));

        clickOn("#ab-make-b-a");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("same parameters", FxWait.onFx(() -> lookup("#ab-a-label").queryLabeled().getText()));
    }

    @Test
    void aSweepStreamsIntoThePlotAndAClickedPointOpensItsRunInTheLiveTab() throws Exception {
        openLiveOnTeach();
        interact(labUi::showSweep);
        ComboBox<String> keys = FxWait.onFx(() -> lookup("#sweep-key1").queryComboBox());
        interact(() -> keys.getSelectionModel().select("sectionUs")); // far down a long list: as if scrolled to
        assertEquals(String.join(",", lab.sweep().suggestedValues("sectionUs")),
                FxWait.onFx(() -> lookup("#sweep-values1").queryTextInputControl().getText()),
                "suggested values filled in");
        interact(() -> lab.sweep().values1Property().set("2000,10000"));
        clickOn("#sweep-run");
        waitUntil("both points", () -> lab.sweep().rows().size() == 2 && !lab.sweep().runningProperty().get());
        SweepPlotView plot = FxWait.onFx(() -> lookup("#sweep-plot").query());
        waitUntil("markers drawn", () -> plot.layoutNow().markers().size() == 4);
        SweepPlotLayout.Marker m = plot.layoutNow().markers().stream().filter(k -> k.pointIndex() == 0).findFirst()
                .orElseThrow();
        clickOn(plot.localToScreen(m.xPx(), m.yPx()));
        waitUntil("the point's run in the Live tab", () -> "2000".equals(
                lab.live().timeline().dataset().metadata().parameters().get("sectionUs")));
        assertEquals("2000", lab.livePanelProperty().get().param("sectionUs").orElseThrow().value());
        assertTrue(FxWait.onFx(() -> lookup("#live-pane").query().isVisible()));
        Button run = FxWait.onFx(() -> lookup("#sweep-run").queryButton());
        assertFalse(run.isDisabled());
        assertEquals("sectionUs", keys.getValue());
    }

    @Test
    void aPointClickedAfterTheLiveTabOpenedAnotherScenarioOpensTheSweptRun() throws Exception {
        openLiveOnTeach();
        interact(labUi::showSweep);
        interact(() -> {
            lab.sweep().key1Property().set("sectionUs");
            lab.sweep().values1Property().set("2000,10000");
        });
        clickOn("#sweep-run");
        waitUntil("both points", () -> lab.sweep().rows().size() == 2 && !lab.sweep().runningProperty().get());
        org.schedlab.sim.scenario.Scenario fair = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> lab.openLive(fair, Map.of("durationMs", "500")));
        waitUntil("the fair-share run", () -> lab.live().outcome().isPresent()
                && "teach-fair-share".equals(lab.livePanelProperty().get().scenario().name()));
        interact(labUi::showSweep);
        SweepPlotView plot = FxWait.onFx(() -> lookup("#sweep-plot").query());
        waitUntil("the swept markers still drawn", () -> plot.layoutNow().markers().size() == 4);
        SweepPlotLayout.Marker m = plot.layoutNow().markers().stream().filter(k -> k.pointIndex() == 0).findFirst()
                .orElseThrow();
        clickOn(plot.localToScreen(m.xPx(), m.yPx()));
        // the point is a run of the scenario swept, not the fair-share scenario (which has no
        // sectionUs: the click threw on the FX thread and nothing opened)
        waitUntil("the point's run in the Live tab", () -> "2000".equals(
                lab.live().timeline().dataset().metadata().parameters().get("sectionUs")));
        assertEquals("teach-kernel-section", lab.livePanelProperty().get().scenario().name());
        assertEquals("2000", lab.livePanelProperty().get().param("sectionUs").orElseThrow().value());
        assertEquals("500", lab.livePanelProperty().get().param("durationMs").orElseThrow().value(),
                "with the swept run's base, not the fair-share panel's");
        assertTrue(FxWait.onFx(() -> lookup("#live-pane").query().isVisible()));
    }

    @Test
    void anotherScenarioInTheLiveTabLeavesTheSweepChoicesReadable() throws Exception {
        openLiveOnTeach();
        interact(labUi::showSweep);
        ComboBox<String> key1 = FxWait.onFx(() -> lookup("#sweep-key1").queryComboBox());
        ComboBox<String> key2 = FxWait.onFx(() -> lookup("#sweep-key2").queryComboBox());
        interact(() -> key1.getSelectionModel().select("sectionUs"));
        assertEquals(SweepPane.NONE, key2.getValue());
        org.schedlab.sim.scenario.Scenario fair = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("teach-fair-share");

        interact(() -> lab.openLive(fair, Map.of("durationMs", "500")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SweepPane.NONE, key2.getValue(), "the second parameter still reads (none), not blank");
        assertEquals("", lab.sweep().key1Property().get(), "another scenario: the parameters are picked again");
        assertEquals(null, key1.getValue(), "and the first combo says so (its prompt)");
        assertEquals("", lab.sweep().values1Property().get());
    }

    /** A short pgbench run on the Live tab, then a sweep of hz over 100 and 1000 from the Sweep tab, finished. */
    private void sweepPgbenchHz() throws Exception {
        org.schedlab.sim.scenario.Scenario pgbench = org.schedlab.sim.scenario.ScenarioCatalog.builtIn("pgbench-graviton4");
        interact(() -> {
            lab.openLive(pgbench, Map.of("warmupMs", "0", "durationMs", "20"));
            labUi.showLive();
        });
        waitUntil("the first live run", () -> lab.live().outcome().isPresent());
        interact(labUi::showSweep);
        interact(() -> {
            lab.sweep().key1Property().set("hz");
            lab.sweep().values1Property().set("100,1000");
        });
        clickOn("#sweep-run");
        waitUntil("both points", () -> lab.sweep().rows().size() == 2 && !lab.sweep().runningProperty().get());
    }

    @Test
    void aLatencyPickedInThePlotChooserIsWhatTheLowerPlotShowsWithItsUnit() throws Exception {
        sweepPgbenchHz();
        ComboBox<?> chooser = FxWait.onFx(() -> lookup("#sweep-metric").queryComboBox());
        assertEquals(null, chooser.getValue(), "the top site's share until another is picked");
        String before = lab.sweep().plotProperty().get().title();
        assertTrue(before.contains("share against hz"), before);

        choose("sweep-metric", "transaction p99");

        var plot = lab.sweep().plotProperty().get();
        assertEquals("transaction p99", plot.metricLabel());
        assertEquals(org.schedlab.render.SweepPlotData.MetricUnit.MICROS, plot.metricUnit());
        assertTrue(plot.title().contains("transaction p99 against hz"), plot.title());
        for (var row : lab.sweep().rows()) {
            double p99 = row.summary().path("latencyUs").path("transaction").path("p99").asDouble();
            var point = plot.series().get(0).points().stream().filter(p -> p.pointIndex() == row.pointIndex())
                    .findFirst().orElseThrow();
            assertEquals(p99, point.metricMean(), 1e-9, "the run's own transaction p99, in us");
        }
        SweepPlotView view = FxWait.onFx(() -> lookup("#sweep-plot").query());
        waitUntil("markers drawn", () -> view.layoutNow().markers().size() == 4);
        SweepPlotLayout.Marker lower = view.layoutNow().markers().stream().filter(k -> k.pointIndex() == 1)
                .max(java.util.Comparator.comparingDouble(SweepPlotLayout.Marker::yPx)).orElseThrow();
        moveTo(view.localToScreen(lower.xPx(), lower.yPx()));
        javafx.scene.control.Label hover = (javafx.scene.control.Label) view.getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof javafx.scene.control.Label).findFirst().orElseThrow();
        waitUntil("the point's figures", hover::isVisible);
        String text = hover.getText();
        assertTrue(text.startsWith("hz=1000\n"), text);
        assertTrue(text.matches("(?s).*\ntransaction p99 [0-9.,]+ (ms|us)\n.*"), text);
    }

    @Test
    void theMetricPickedInThePlotChooserStaysForTheNextSweepOrTheStatusLineSaysItIsGone() throws Exception {
        sweepPgbenchHz();
        choose("sweep-metric", "transaction p99");
        ComboBox<?> chooser = FxWait.onFx(() -> lookup("#sweep-metric").queryComboBox());
        javafx.scene.control.Labeled status = FxWait.onFx(() -> lookup("#sweep-status").queryLabeled());

        // the same scenario with other values: the chooser and the plot stay on transaction p99
        interact(() -> lab.sweep().values1Property().set("250,300"));
        clickOn("#sweep-run");
        waitUntil("the new sweep's points", () -> lab.sweep().rows().size() == 2 && !lab.sweep().runningProperty().get());
        assertEquals("transaction p99", String.valueOf(chooser.getValue()));
        assertEquals("transaction p99", FxWait.onFx(() -> from(chooser).lookup(".list-cell").queryAs(ListCell.class)
                .getText()),
                "what the chooser reads");
        assertEquals("transaction p99", lab.sweep().plotProperty().get().metricLabel());
        assertTrue(lab.sweep().plotProperty().get().title().contains("transaction p99 against hz"),
                lab.sweep().plotProperty().get().title());
        assertEquals("done: 2 runs", status.getText());

        // a scenario without transactions: back to the top site, and the status line says what went
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of("durationMs", "500"));
            labUi.showLive();
        });
        waitUntil("the textbook run", () -> lab.live().outcome().isPresent()
                && !"pgbench-graviton4".equals(lab.livePanelProperty().get().scenario().name()));
        interact(labUi::showSweep);
        interact(() -> {
            lab.sweep().key1Property().set("sectionUs");
            lab.sweep().values1Property().set("2000,10000");
        });
        clickOn("#sweep-run");
        waitUntil("the textbook sweep's points", () -> lab.sweep().rows().size() == 2
                && !lab.sweep().runningProperty().get());
        String top = lab.sweep().metrics().get(0).label();
        assertEquals(null, chooser.getValue(), "the top site's share, the chooser's prompt");
        assertEquals(lab.sweep().metrics().get(0).name(), lab.sweep().plotProperty().get().metricLabel());
        assertEquals("done: 2 runs. No run of this sweep reports transaction p99, so the plot shows " + top
                + " instead.", status.getText());
        assertEquals("top profile site share", FxWait.onFx(() -> from(chooser).lookup(".list-cell")
                .queryAs(ListCell.class).getText()),
                "the chooser reads its prompt again, not blank");
        WaitForAsyncUtils.waitForFxEvents();
        Button run = FxWait.onFx(() -> lookup("#sweep-run").queryButton());
        assertTrue(run.getWidth() >= run.prefWidth(-1) - 0.5 && chooser.getWidth() >= chooser.prefWidth(-1) - 0.5,
                "the long status line squeezes neither Run (" + run.getWidth() + ") nor the chooser ("
                        + chooser.getWidth() + ")");
        // the hidden progress bar takes no room: the status follows the chooser
        double gap = status.getBoundsInParent().getMinX() - chooser.getBoundsInParent().getMaxX();
        assertTrue(gap < 40, "the status starts right after the chooser, not " + gap + " px on");
    }
}
