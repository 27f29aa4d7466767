package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.geometry.Bounds;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.MenuText;
import org.schedlab.ui.Mnemonics;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The menus answer the keyboard as a desktop application's do: Alt+F opens File, and an item's
 * underlined letter picks it; the letters are unique in each menu, and a file name's underscore in
 * Open recent is shown, not taken for a letter. The parameter panel's slider that has the keyboard
 * is ringed in the accent colour: a faint shading was lost among twenty parameters.
 */
@ExtendWith(ApplicationExtension.class)
class MenuMnemonicsWindowTest extends FxRobot {
    /** Items that are no command: file names (their underscores are theirs), and the Edit menu's note. */
    private static final Set<String> UNLETTERED = Set.of("menu-copy-note", "menu-recent-none");

    @RegisterExtension
    final LabWindowFixture window = new LabWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    /** Keys a failed wait left pressed are let go: a held Alt made the next test classes' keys others. */
    @AfterEach
    void releaseKeys() {
        release(new KeyCode[0]);
    }

    private MenuBar bar() {
        return FxWait.onFx(() -> lookup(".menu-bar").queryAs(MenuBar.class));
    }

    private Menu menu(String id) {
        return FxWait.onFx(() -> bar().getMenus().stream().filter(m -> id.equals(m.getId())).findFirst().orElseThrow());
    }

    /**
     * Waits for menu {@code id} open with its items drawn: their letters are taken only once the
     * popup has laid them out, a pulse or two after the menu says it is showing.
     */
    private void open(String id, String what) throws Exception {
        FxWait.untilOnFx(what, 60, () -> menu(id).isShowing() && menu(id).getItems().get(0).getStyleableNode() != null
                && menu(id).getItems().get(0).getStyleableNode().getScene() != null);
        FxWait.pulse(menu(id).getItems().get(0).getStyleableNode().getScene());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Alt+F, as a keyboard user opens a menu; Escape closes it again. */
    @Test
    void altAndTheMenusLetterOpensIt() throws Exception {
        interact(() -> lookup(".tab-pane").query().requestFocus());
        push(KeyCode.ALT, KeyCode.F);
        FxWait.untilOnFx("Alt+F opens File", 60, () -> menu("menu-file").isShowing());
        push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.untilOnFx("Escape closes File", 60, () -> !menu("menu-file").isShowing());
        // the menu bar may keep the keyboard after a menu closes (Monocle took the next Alt+H for
        // it): a second Escape and the tabs' focus again, as a user's click in the window gives
        push(KeyCode.ESCAPE);
        interact(() -> lookup(".tab-pane").query().requestFocus());
        push(KeyCode.ALT, KeyCode.H);
        FxWait.untilOnFx("Alt+H opens Help", 60, () -> menu("menu-help").isShowing());
        push(KeyCode.ESCAPE);
    }

    /**
     * Alt held: V opens View, and Z (its "Zoom in" underlined) zooms the Dataset tab's timeline, as
     * JavaFX takes an open menu's letters (with Alt; a bare Z is the timeline's own key).
     */
    @Test
    void anItemsLetterInTheOpenMenuPicksIt() throws Exception {
        interact(() -> {
            window.workbench.showDatasetTab();
            window.vm.openExample();
        });
        FxWait.untilOnFx("the example is open", 60, () -> window.vm.timeline().spanNs() > 0
                && !menu("menu-view").getItems().get(0).isDisable());
        long before = FxWait.onFx(window.vm.timeline()::spanNs);
        interact(() -> lookup(".tab-pane").query().requestFocus());
        press(KeyCode.ALT);
        type(KeyCode.V);
        open("menu-view", "Alt+V opens View");
        type(KeyCode.Z);
        release(KeyCode.ALT);
        FxWait.untilOnFx("Z zooms in", 60, () -> window.vm.timeline().spanNs() < before);
        assertFalse(FxWait.onFx(() -> menu("menu-view").isShowing()), "the item picked closes the menu");
    }

    /**
     * Alt held: S opens Simulate, and W (its Sweep underlined) brings the Sweep tab to the front. In
     * a window of its own: right after another menu's letter Monocle's menu bar sometimes swallowed
     * the next Alt+letter (the menu bar keeps the keyboard a moment), a robot's quirk, not the user's.
     */
    @Test
    void aSecondMenusLetterPicksItsItem() throws Exception {
        interact(() -> lookup(".tab-pane").query().requestFocus());
        press(KeyCode.ALT);
        type(KeyCode.S);
        open("menu-simulate", "Alt+S opens Simulate");
        type(KeyCode.W);
        release(KeyCode.ALT);
        FxWait.untilOnFx("W shows the Sweep tab", 60, () -> "tab-sweep".equals(lookup(".tab-pane")
                .queryAs(javafx.scene.control.TabPane.class).getSelectionModel().getSelectedItem().getId()));
    }

    /** The A/B header's buttons: Alt+A edits side A, Alt+B side B; a bare A pans the timeline as before. */
    @Test
    void altAndASidesLetterEditsIt() throws Exception {
        interact(() -> window.ui.showCompare());
        javafx.scene.control.ToggleButton editA = FxWait.onFx(() -> lookup("#ab-edit-a")
                .queryAs(javafx.scene.control.ToggleButton.class));
        javafx.scene.control.ToggleButton editB = FxWait.onFx(() -> lookup("#ab-edit-b")
                .queryAs(javafx.scene.control.ToggleButton.class));
        interact(() -> editB.setSelected(true));
        interact(() -> lookup(".tab-pane").query().requestFocus());
        type(KeyCode.A);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(FxWait.onFx(editB::isSelected), "a bare A is no button's letter");
        push(KeyCode.ALT, KeyCode.A);
        FxWait.untilOnFx("Alt+A edits side A", 60, editA::isSelected);
        push(KeyCode.ALT, KeyCode.B);
        FxWait.untilOnFx("Alt+B edits side B", 60, editB::isSelected);
    }

    /** Every menu and item has a letter, and no two in one menu (nor two menus in the bar) share one. */
    @Test
    void eachMenuHasALetterPerItemAndNoneTwice() throws Exception {
        List<String> wrong = FxWait.onFx(() -> {
            List<String> w = new ArrayList<>();
            check("menu bar", new ArrayList<>(bar().getMenus()), w);
            return w;
        });
        assertEquals(List.of(), wrong);
    }

    private static void check(String where, List<? extends MenuItem> items, List<String> wrong) {
        Map<Character, String> taken = new HashMap<>();
        for (MenuItem i : items) {
            String id = i.getId() == null ? "" : i.getId();
            if (i instanceof SeparatorMenuItem || UNLETTERED.contains(id) || id.matches("menu-recent-\\d+")) {
                continue;
            }
            char c = Mnemonics.letter(i.getText(), i.isMnemonicParsing());
            String name = MenuText.of(i);
            if (c == 0) {
                wrong.add(where + ": " + name + " has no letter");
            } else if (taken.containsKey(c)) {
                wrong.add(where + ": " + name + " and " + taken.get(c) + " share " + c);
            } else {
                taken.put(c, name);
            }
            if (i instanceof Menu m) {
                check(name, m.getItems(), wrong);
            }
        }
    }

    /** A recent file's underscores are its name's: shown as they are, none taken for a letter. */
    @Test
    void aRecentFilesUnderscoresAreShown() throws Exception {
        Path file = Path.of("/tmp/runs/perf_sched_script.txt.gz");
        interact(() -> window.vm.rememberFiles(List.of(file)));
        interact(() -> lookup(".tab-pane").query().requestFocus());
        press(KeyCode.ALT);
        type(KeyCode.F);
        open("menu-file", "Alt+F opens File");
        type(KeyCode.R); // Open recent
        release(KeyCode.ALT);
        FxWait.untilOnFx("R opens Open recent", 60, () -> menu("menu-file").getItems().stream()
                .anyMatch(i -> "menu-recent".equals(i.getId()) && ((Menu) i).isShowing()));
        FxWait.untilOnFx("the entry drawn with its underscores", 60, () -> lookup(n -> n instanceof Text t
                && t.getText().startsWith("perf_sched_script.txt.gz")).tryQuery().isPresent());
        push(KeyCode.ESCAPE);
        push(KeyCode.ESCAPE);
    }

    /**
     * The slider that has the keyboard, reached by Tab, is ringed in the accent colour - the colour
     * of the slider's own thumb, whichever the theme - outside its bounds, so the row does not move.
     */
    @Test
    void theSliderWithTheKeyboardIsRingedInTheAccentColour() throws Exception {
        interact(() -> window.ui.showLive());
        FxWait.untilOnFx("the Live tab's sliders", 60, () -> lookup(".parameter-panel .slider")
                .queryAll().stream().anyMatch(n -> n.isVisible() && !n.isDisabled() && n.getScene() != null));
        Slider slider = FxWait.onFx(() -> lookup(".parameter-panel .slider").queryAll().stream()
                .filter(n -> !n.isDisabled()).map(n -> (Slider) n).findFirst().orElseThrow());
        TextField value = FxWait.onFx(() -> (TextField) ((HBox) slider.getParent()).getChildren().get(1));
        Bounds unfocused = FxWait.onFx(() -> layout(slider));
        assertFalse(FxWait.onFx(() -> ring(slider) != null), "no ring before it has the keyboard");
        interact(value::requestFocus);
        push(KeyCode.SHIFT, KeyCode.TAB);
        FxWait.untilOnFx("Shift+Tab from its value reaches the slider", 60,
                () -> slider.isFocused() && slider.isFocusVisible());
        FxWait.pulse(slider.getScene());
        BackgroundFill ring = FxWait.onFx(() -> ring(slider));
        assertTrue(ring != null, "a ring round the slider");
        Paint thumb = FxWait.onFx(() -> ((Region) slider.lookup(".thumb")).getBackground().getFills().get(0).getFill());
        assertEquals(thumb, ring.getFill(), "in the accent colour, the thumb's");
        assertTrue(ring.getInsets().getTop() < 0 && ring.getInsets().getLeft() < 0, "outside the slider: " + ring.getInsets());
        assertEquals(unfocused, FxWait.onFx(() -> layout(slider)), "the slider did not move");
    }

    /** Where the slider is laid out, and its size: not its visual bounds, which the ring's edge widens. */
    private static Bounds layout(Slider s) {
        return new javafx.geometry.BoundingBox(s.getLayoutX(), s.getLayoutY(), s.getWidth(), s.getHeight());
    }

    /** The slider's outermost background fill when it is an opaque colour, else null. */
    private static BackgroundFill ring(Slider s) {
        s.applyCss();
        if (s.getBackground() == null || s.getBackground().getFills().size() < 2) {
            return null;
        }
        BackgroundFill f = s.getBackground().getFills().get(0);
        return f.getFill() instanceof Color c && c.getOpacity() > 0.5 ? f : null;
    }
}
