package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import javafx.scene.control.Label;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.render.Figure;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Another scenario opened in the Live tab after a sweep: the tab's header named the new scenario
 * ("Sweeps teach-fair-share ...") above a plot, Export and Copy of the old one's sweep, which read
 * as a sweep of the new scenario. The sweep is kept (it may have taken minutes, and its points
 * still open their runs) but the header and a strip on the plot say whose it is, and its exports
 * name that scenario; the next Run sweep takes both away.
 */
@ExtendWith(ApplicationExtension.class)
class SweepPreviousScenarioWindowTest extends FxRobot {
    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    private String text(String id) {
        return FxWait.onFx(() -> lookup(id).queryAs(Label.class).getText());
    }

    private boolean shown(String id) {
        return FxWait.onFx(() -> lookup(id).queryAs(Label.class).isVisible());
    }

    @Test
    void thePlotOfThePreviousScenarioSaysSoOnThePlotAndInTheHeader() throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 2);
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));
        assertFalse(shown("#sweep-previous"), "the plot is of the scenario the tab names");
        assertFalse(text("#sweep-scenario").contains("previous"), text("#sweep-scenario"));

        Scenario fair = ScenarioCatalog.builtIn("teach-fair-share");
        interact(() -> window.lab.openLive(fair, Map.of("durationMs", "200")));
        FxWait.untilOnFx("the tab names the new scenario", 30,
                () -> lookup("#sweep-scenario").queryAs(Label.class).getText().startsWith("Sweeps teach-fair-share"));

        String header = text("#sweep-scenario");
        assertTrue(header.contains("The plot below is still the sweep of teach-kernel-section, the scenario open"
                + " before"), header);
        assertTrue(shown("#sweep-previous"), "said on the plot, not only in the header");
        String note = text("#sweep-previous");
        assertTrue(note.startsWith("The previous scenario's sweep: teach-kernel-section, not teach-fair-share."),
                note);
        assertTrue(FxWait.onFx(() -> vm.plotProperty().get().title()).startsWith("teach-kernel-section: "),
                "the plot is kept, titled with its scenario");

        // its exports name the scenario swept, not the one the header names
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = window.workbench.exports().current().figure().orElseThrow());
        assertTrue(figure[0].caption().lines().get(0).startsWith("teach-kernel-section sweep"),
                figure[0].caption().lines().toString());
        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#sweep-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(copied.startsWith("sweep teach-kernel-section: 2 points x 1 seed"), copied);

        // back to the scenario swept: the plot is its own again
        interact(() -> window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "200")));
        FxWait.untilOnFx("the note goes", 30, () -> !lookup("#sweep-previous").queryAs(Label.class).isVisible());
        assertFalse(text("#sweep-scenario").contains("still the sweep of"), text("#sweep-scenario"));

        // and a sweep of the new scenario replaces the old one and its note
        interact(() -> window.lab.openLive(fair, Map.of("durationMs", "200")));
        FxWait.untilOnFx("the note again", 30, () -> lookup("#sweep-previous").queryAs(Label.class).isVisible());
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
        });
        clickOn("#sweep-run");
        assertFalse(shown("#sweep-previous"), "the plot is now teach-fair-share's sweep");
        assertFalse(text("#sweep-scenario").contains("still the sweep of"), text("#sweep-scenario"));
        FxWait.untilOnFx("the new sweep is done", 120, () -> !vm.runningProperty().get());
        assertEquals("teach-fair-share", vm.result().orElseThrow().plan().scenario().name());
    }

    /**
     * A scenario file named as a built-in one (a copy edited for a what-if: a longer section here)
     * was taken for the built-in: the tab said nothing while its plot was the built-in's sweep. The
     * note compares the scenarios themselves, as the run cache does, and tells them apart by where
     * they came from.
     */
    @Test
    void aFileNamedAsTheSweptBuiltInButWithOtherValuesIsAnotherScenario(@org.junit.jupiter.api.io.TempDir
                                                                        java.nio.file.Path dir) throws Exception {
        SweepViewModel vm = window.sweepOver(this, LabFixtures.teach(), Map.of("durationMs", "200"), "preemption",
                "none,full", 2);
        clickOn("#sweep-run");
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && vm.statusProperty().get().startsWith("done"));

        String builtIn = java.nio.file.Files.readString(
                java.nio.file.Path.of("example-data/scenarios/teach-kernel-section.json"));
        String sectionUs = LabFixtures.teach().params().get("sectionUs").value();
        String edited = builtIn.replaceFirst("(\"sectionUs\"\\s*:\\s*\\{\\s*\"value\"\\s*:\\s*)" + sectionUs,
                "$1" + (Long.parseLong(sectionUs) * 2));
        assertTrue(!edited.equals(builtIn), "the copy's section is longer");
        java.nio.file.Path file = dir.resolve("teach-kernel-section.json");
        java.nio.file.Files.writeString(file, edited);
        Scenario copy = ScenarioCatalog.find(file.toString());
        assertEquals("teach-kernel-section", copy.name());

        interact(() -> window.lab.openLive(copy, Map.of("durationMs", "200")));
        FxWait.untilOnFx("the note on the plot", 30, () -> lookup("#sweep-previous").queryAs(Label.class).isVisible());
        String note = text("#sweep-previous");
        assertTrue(note.startsWith("The previous scenario's sweep: teach-kernel-section (built-in), not"
                + " teach-kernel-section (" + file + ")."), note);
        String header = text("#sweep-scenario");
        assertTrue(header.contains("The plot below is still the sweep of teach-kernel-section (built-in)"), header);
        // its exports too: "teach-kernel-section sweep" read as a sweep of the file open now
        Figure[] figure = new Figure[1];
        interact(() -> figure[0] = window.workbench.exports().current().figure().orElseThrow());
        assertEquals("teach-kernel-section (built-in) sweep  (seed 1 per point)", figure[0].caption().subject());
        interact(() -> Clipboard.getSystemClipboard().clear());
        clickOn("#sweep-copy");
        FxWait.untilOnFx("the table is copied", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(copied.startsWith("sweep teach-kernel-section (built-in): 2 points x 1 seed"), copied);

        // the built-in again: its sweep
        interact(() -> window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "200")));
        FxWait.untilOnFx("the note goes", 30, () -> !lookup("#sweep-previous").queryAs(Label.class).isVisible());
    }
}
