package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.analysis.SummaryComparison;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * In the real window (headless), A/B on the textbook scenario: picking another preemption model
 * for B puts B's new timeline on screen before its summary is in - the table then still compares
 * the previous runs and says it waits for B - and ends with both. Simulations run for real in
 * the background; what the window showed at each step is recorded from B's phase changes.
 */
@ExtendWith(ApplicationExtension.class)
class ProgressiveCompareWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();
    private LabViewModel lab;
    private Lab labUi;

    /** What the window showed when B's phase changed. */
    record Seen(RunViewModel.Phase phase, String timeline, String summary, boolean rowsStale, String pending,
                String status, String label) {
    }

    @Start
    void start(Stage stage) {
        window.show(stage);
        lab = window.lab;
        labUi = window.ui;
    }

    /** Read on the FX thread (FxWait.untilOnFx), where the view models live. */
    private boolean tableIsCurrent() {
        return !lab.compare().rows().isEmpty() && !lab.compare().rowsStaleProperty().get()
                && !lab.compare().side(CompareViewModel.Side.B).busyProperty().get();
    }

    @Test
    void choosingAModelForBShowsItsTimelineBeforeItsSummaryThenBoth() throws Exception {
        interact(() -> {
            lab.compare().open(LabFixtures.teach(), Map.of("preemption", "none", "durationMs", "500"),
                    Map.of("preemption", "full", "durationMs", "500"));
            labUi.showCompare();
        });
        FxWait.untilOnFx("both sides and the table", 30, this::tableIsCurrent);
        RunViewModel b = lab.compare().side(CompareViewModel.Side.B);
        List<Seen> seen = new CopyOnWriteArrayList<>();
        interact(() -> b.phaseProperty().addListener((obs, o, n) -> seen.add(new Seen(n,
                b.timeline().dataset().metadata().parameters().get("preemption"),
                b.outcome().map(r -> r.overrides().get("preemption")).orElse("-"),
                lab.compare().rowsStaleProperty().get(), lab.compare().rowsPendingProperty().get(),
                lookup("#ab-b-status").queryLabeled().getText(), lookup("#ab-b-label").queryLabeled().getText()))));

        Node combo = FxWait.onFx(() -> from(lookup("#ab-pane").queryAll()).lookup("#param-preemption").query());
        clickOn(combo);
        clickOn(lookup((Node n) -> n instanceof ListCell<?> c && "voluntary".equals(c.getText()) && n.isVisible())
                .<Node>query());
        FxWait.untilOnFx("B reran with voluntary", 30, () -> tableIsCurrent()
                && b.outcome().map(r -> r.overrides().get("preemption")).orElse("").equals("voluntary"));

        Seen early = seen.stream().filter(s -> s.phase() == RunViewModel.Phase.TIMELINE_READY).findFirst()
                .orElseThrow(() -> new AssertionError("no timeline-first step: " + seen));
        assertEquals("voluntary", early.timeline(), "the new timeline is on screen");
        assertEquals("full", early.summary(), "while the summary is still the previous run's");
        assertTrue(early.rowsStale(), "the table still compares the previous runs");
        assertTrue(early.pending().startsWith("table pending - B: timeline ready"), early.pending());
        // the summary's progress, short ("summary 40 %"): the whole status is the tooltip's
        assertTrue(early.status().matches("summary \\d+ %"), early.status());
        assertEquals("preemption=voluntary", early.label(), "the card names the run it shows");
        assertEquals(RunViewModel.Phase.IDLE, seen.get(seen.size() - 1).phase());

        FxWait.untilOnFx("B's latencies once its timeline was painted", 30,
                () -> lookup("#ab-b-status").queryLabeled().getText().startsWith("timeline in "));
        interact(() -> {
            assertSame(b.outcome().orElseThrow().dataset().orElseThrow(), b.timeline().dataset(), "one run on screen");
            assertFalse(lab.compare().rowsStaleProperty().get());
            assertEquals("", lab.compare().rowsPendingProperty().get());
            assertFalse(lookup("#ab-table-stale").query().isVisible());
            TableView<SummaryComparison.Row> table = lookup("#ab-table").queryTableView();
            assertEquals(lab.compare().rows().size(), table.getItems().size());
            // the phases and the summary's time in the header's tooltip (its accessible help)
            assertTrue(lookup("#ab-b-status").queryLabeled().getAccessibleHelp().contains("; summary in "),
                    lookup("#ab-b-status").queryLabeled().getAccessibleHelp());
        });
    }
}
