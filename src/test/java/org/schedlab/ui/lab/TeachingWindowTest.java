package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.model.MarkKind;
import org.schedlab.ui.FxWait;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The teacher's journey in the real window, headless: open teach-kernel-section, step to the
 * next preemption and read why it happened; follow the Explain panel's tour to full and read
 * the new rule; open a scenario from the gallery.
 */
@ExtendWith(ApplicationExtension.class)
class TeachingWindowTest extends FxRobot {
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

    private String text(String id) {
        return lookup(id).queryAs(Label.class).getText();
    }

    private void openTeach() throws TimeoutException {
        interact(() -> {
            lab.openLive(LabFixtures.teach(), Map.of());
            labUi.showLive();
        });
        waitUntil("the first live run", () -> lab.live().outcome().isPresent()
                && lab.live().timeline().dataset().marks().size() > 0);
    }

    @Test
    void stepToTheNextPreemptionAndReadWhy() throws TimeoutException {
        openTeach();
        clickOn("#live-step-next-preemption");
        WaitForAsyncUtils.waitForFxEvents();
        String why = text("#live-step-explanation");
        assertTrue(why.startsWith("none: A preempted by B"), why);
        assertTrue(why.contains("none does not preempt the kernel") && why.contains("return to user"), why);
        assertTrue(text("#live-step-position").contains("preemption"), text("#live-step-position"));
        int current = lab.live().timeline().steps().current().getAsInt();
        assertEquals(MarkKind.PREEMPTION, lab.live().timeline().dataset().marks().kind(current));
        long t = lab.live().timeline().dataset().marks().tNs(current);
        assertTrue(lab.live().timeline().startNs() < t && t < lab.live().timeline().endNs(), "the view shows it");
        // the first preemption's wake-up may lie before the recorded window; the next ones' do not
        for (int i = 0; i < 5 && !text("#live-step-explanation").contains("B waited"); i++) {
            clickOn("#live-step-next-preemption");
        }
        assertTrue(text("#live-step-explanation").contains("B waited"), text("#live-step-explanation"));
        assertTrue(lab.live().timeline().selection().range().isPresent(), "the wait is highlighted");
        current = lab.live().timeline().steps().current().getAsInt();

        // keys: back with ',' to the wake-up that asked for it, forward again with '.'
        clickOn("#live-timeline");
        type(KeyCode.COMMA);
        assertTrue(text("#live-step-explanation").contains("B woken by A onto CPU 0"), text("#live-step-explanation"));
        type(KeyCode.PERIOD);
        assertEquals(current, lab.live().timeline().steps().current().getAsInt());
    }

    @Test
    void theExplainPanelsTourSwitchesTheModelAndTheRuleChanges() throws TimeoutException {
        openTeach();
        assertTrue(text("#explain-text").contains("NEED_RESCHED_LAZY"), text("#explain-text"));
        assertTrue(text("#explain-step-3-text").startsWith("full:"), text("#explain-step-3-text"));
        assertTrue(FxWait.onFx(() -> lookup("#explain-step-1").query().getStyle())
                .contains("accent"), "the defaults are step 1");
        Object before = lab.live().timeline().dataset();
        interact(() -> {
            // bring the step into the panel's view, as a user scrolls to it
            javafx.scene.control.ScrollPane sp = lookup("#explain-panel").query();
            Node step = lookup("#explain-step-3").query();
            double room = sp.getContent().getBoundsInLocal().getHeight() - sp.getViewportBounds().getHeight();
            sp.setVvalue(room <= 0 ? 0 : Math.min(1, step.getBoundsInParent().getMinY() / room));
        });
        clickOn("#explain-step-3-show");
        waitUntil("the run under full", () -> lab.live().timeline().dataset() != before && !lab.live().busyProperty().get());
        assertEquals("full", lab.live().timeline().dataset().metadata().parameters().get("preemption"));
        assertTrue(FxWait.onFx(() -> lookup("#explain-step-3").query().getStyle())
                .contains("accent"), "step 3 is showing now");
        assertTrue(FxWait.onFx(() -> lookup("#explain-step-1").query().getStyle().isEmpty()));
        clickOn("#live-step-next-preemption");
        WaitForAsyncUtils.waitForFxEvents();
        String why = text("#live-step-explanation");
        assertTrue(why.startsWith("full: A preempted by B"), why);
        assertTrue(why.contains("interrupt exit inside the kernel"), why);
    }

    @Test
    void theGalleryOpensAScenarioInTheLiveTab() throws TimeoutException {
        Stage[] gallery = new Stage[1];
        interact(() -> gallery[0] = labUi.showGallery());
        Node card = FxWait.onFx(() -> lookup("#gallery-teach-fair-share").query());
        String sentence = text("#gallery-teach-fair-share-sentence");
        assertEquals("T1: two CPU-bound tasks share one CPU", sentence, "the card says what the scenario shows");
        Node remote = FxWait.onFx(() -> lookup("#gallery-teach-remote-wakeup-sentence").query());
        String remoteCaption = ((Label) remote).getText();
        assertEquals("Lazy vs full for a task in user mode, woken from another CPU", remoteCaption,
                "not the description's first sentence, which only sets the scene");
        assertTrue(((Label) remote).getAccessibleHelp().startsWith("A computes in user mode"),
                "a screen reader has the whole description");
        moveTo(remote); // its tooltip is made when the pointer first enters it
        assertTrue(((Label) remote).getTooltip().getText().startsWith("A computes in user mode"),
                "the whole description is one hover away");
        clickOn(card);
        waitUntil("the live run of the clicked scenario", () -> lab.live().outcome()
                .map(o -> o.scenarioName().equals("teach-fair-share")).orElse(false));
        assertTrue(!gallery[0].isShowing(), "the gallery closes");
    }

    @Test
    void escapeClosesTheGalleryWithoutOpeningAnything() {
        Stage[] gallery = new Stage[1];
        interact(() -> gallery[0] = labUi.showGallery());
        Node card = FxWait.onFx(() -> lookup("#gallery-teach-fair-share").query());
        clickOn(card, javafx.scene.input.MouseButton.SECONDARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(gallery[0].isShowing(), "a right click is not a choice");
        interact(() -> {
            gallery[0].requestFocus();
            card.getScene().getRoot().requestFocus();
        });
        assertTrue(gallery[0].isShowing());
        type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!gallery[0].isShowing(), "Esc closes the gallery");
        assertTrue(lab.livePanelProperty().get() == null
                || !lab.livePanelProperty().get().scenario().name().equals("teach-fair-share"), "nothing opened");
    }

    @Test
    void theGalleryIsDarkInTheDarkTheme() throws Exception {
        Stage[] gallery = new Stage[1];
        try {
            interact(() -> {
                org.schedlab.ui.Theme.apply(labUi.livePane().getScene().getRoot(), true);
                gallery[0] = labUi.showGallery();
            });
            FxWait.onFx(() -> lookup("#gallery-teach-fair-share").query());
            // the 12 px margin at the gallery's left, below its first card: the window's own background
            int argb = FxWait.onFx(() -> {
                javafx.scene.Scene scene = gallery[0].getScene();
                javafx.scene.image.WritableImage shot = scene.snapshot(null);
                return shot.getPixelReader().getArgb(4, (int) scene.getHeight() - 4);
            });
            double luminance = (0.2126 * ((argb >> 16) & 0xFF) + 0.7152 * ((argb >> 8) & 0xFF)
                    + 0.0722 * (argb & 0xFF)) / 255.0;
            assertTrue(luminance < 0.2, "the gallery's background is dark, as its light text needs: "
                    + Integer.toHexString(argb));
        } finally {
            interact(() -> {
                if (gallery[0] != null) {
                    gallery[0].close();
                }
                org.schedlab.ui.Theme.apply(labUi.livePane().getScene().getRoot(), false);
            });
        }
    }
}
