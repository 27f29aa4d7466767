package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.schedlab.ui.FxWait;
import org.schedlab.ui.MenuText;
import org.schedlab.ui.Mnemonics;
import org.schedlab.ui.ShownText;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The A/B and Sweep tabs' buttons answer Alt and their letter, as the menus do: the Sweep tab's
 * Export PNG, Export CSV and Copy table and the A/B tab's Link lanes had none, so a keyboard user
 * walked there with Tab. A button's letter is its tab's alone and leaves the menus theirs (Alt+F
 * still opens File there), and Help > Keyboard shortcuts lists every one of them.
 */
@ExtendWith(ApplicationExtension.class)
class TabButtonLettersWindowTest extends FxRobot {
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

    /** The letter of each button in {@code pane} that has one, by the button's words. */
    private static Map<Character, List<String>> letters(Parent pane) {
        Map<Character, List<String>> byLetter = new TreeMap<>();
        List<Node> todo = new ArrayList<>(List.of(pane));
        while (!todo.isEmpty()) {
            Node n = todo.remove(todo.size() - 1);
            if (n instanceof ButtonBase b) {
                char c = Mnemonics.letter(b.getText(), b.isMnemonicParsing());
                if (c != 0) {
                    byLetter.computeIfAbsent(c, k -> new ArrayList<>()).add(MenuText.of(b));
                }
            }
            if (n instanceof Parent p) {
                todo.addAll(p.getChildrenUnmodifiable());
            }
        }
        return byLetter;
    }

    /** The menus' letters (F, E, V, S, H). */
    private Set<Character> menuLetters() {
        return FxWait.onFx(() -> {
            Set<Character> s = new TreeSet<>();
            for (Menu m : bar().getMenus()) {
                s.add(Mnemonics.letter(m.getText(), m.isMnemonicParsing()));
            }
            return s;
        });
    }

    @Test
    void eachTabsButtonLettersAreItsOwnAndLeaveTheMenusTheirs() throws Exception {
        Set<Character> menus = menuLetters();
        assertEquals(Set.of('f', 'e', 'v', 's', 'h'), menus);
        for (String tab : List.of("A/B", "Sweep")) {
            interact(() -> {
                if (tab.equals("A/B")) {
                    window.ui.showCompare();
                } else {
                    window.ui.showSweep();
                }
            });
            Map<Character, List<String>> letters = FxWait.onFx(() -> letters(
                    tab.equals("A/B") ? window.ui.comparePane() : window.ui.sweepPane()));
            for (Map.Entry<Character, List<String>> e : letters.entrySet()) {
                assertEquals(1, e.getValue().size(), tab + ": " + e.getValue() + " share " + e.getKey());
                assertFalse(menus.contains(e.getKey()), tab + ": " + e.getValue() + " takes a menu's letter " + e.getKey());
            }
            // Alt and a menu's letter still opens the menu on this tab. Given a button too (Swap's
            // S, Export's E), JavaFX opens the menu and moves the keyboard to the button without
            // pressing it: a shared letter is the button's lost, which the check above keeps out
            Menu m = FxWait.onFx(() -> bar().getMenus().stream().filter(x -> x.getId().equals(
                    tab.equals("A/B") ? "menu-simulate" : "menu-edit")).findFirst().orElseThrow());
            char c = Mnemonics.letter(m.getText(), true);
            interact(() -> lookup(".tab-pane").query().requestFocus());
            push(KeyCode.ALT, KeyCode.getKeyCode(String.valueOf(Character.toUpperCase(c))));
            FxWait.untilOnFx(tab + " tab: Alt+" + c + " opens " + MenuText.of(m), 60, m::isShowing);
            push(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            FxWait.untilOnFx("Escape closes " + MenuText.of(m), 60, () -> !m.isShowing());
            push(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @Test
    void theShortcutsListEveryButtonLetterOfTheAbAndSweepTabs() throws Exception {
        clickOn("Help");
        clickOn("Keyboard shortcuts");
        FxWait.untilOnFx("the shortcuts dialog", 60, () -> lookup("#shortcuts-grid").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        // each row's key and description, as shown
        Map<Integer, String[]> rows = FxWait.onFx(() -> {
            Map<Integer, String[]> r = new TreeMap<>();
            for (Node n : lookup("#shortcuts-grid").queryAs(GridPane.class).getChildren()) {
                Integer row = GridPane.getRowIndex(n);
                Integer column = GridPane.getColumnIndex(n);
                r.computeIfAbsent(row, k -> new String[2])[column == null ? 0 : column] = ShownText.of((Label) n);
            }
            return r;
        });
        List<String> keys = rows.values().stream().map(r -> r[0]).toList();
        assertTrue(keys.contains("Alt + F / E / V / S / H"), "the menus' letters: " + keys);
        for (String tab : List.of("A/B", "Sweep")) {
            Set<Character> listed = new TreeSet<>();
            for (String[] r : rows.values()) {
                if (r[0] != null && r[1] != null && r[0].startsWith("Alt + ") && r[1].startsWith(tab + " tab: ")) {
                    for (String letter : r[0].substring("Alt + ".length()).split("[^A-Za-z]+")) {
                        assertEquals(1, letter.length(), "one letter each: " + r[0]);
                        listed.add(Character.toLowerCase(letter.charAt(0)));
                    }
                }
            }
            Set<Character> onButtons = FxWait.onFx(() -> letters(tab.equals("A/B") ? window.ui.comparePane()
                    : window.ui.sweepPane()).keySet());
            assertEquals(onButtons, listed, tab + " tab: the letters listed are its buttons'");
        }
        push(KeyCode.ESCAPE);
    }

    @Test
    void altYOnTheSweepTabCopiesItsTable() throws Exception {
        SweepViewModel vm = window.lab.sweep();
        interact(() -> {
            window.lab.openLive(LabFixtures.teach(), Map.of("durationMs", "100"));
            window.ui.showSweep();
        });
        FxWait.untilOnFx("the sweep has the live scenario", 30, () -> vm.scenario().isPresent()
                && vm.base().equals(Map.of("durationMs", "100")));
        interact(() -> {
            vm.key1Property().set("preemption");
            vm.values1Property().set("none,full");
            vm.key2Property().set("");
            vm.seedsProperty().set(1);
            vm.threadsProperty().set(2);
            assertTrue(vm.start(), vm.problemProperty().get());
        });
        FxWait.untilOnFx("the sweep is done", 120, () -> !vm.runningProperty().get()
                && !lookup("#sweep-copy").query().isDisabled());
        interact(() -> Clipboard.getSystemClipboard().clear());
        interact(() -> lookup("#sweep-metric").query().requestFocus());
        push(KeyCode.ALT, KeyCode.Y);
        FxWait.untilOnFx("Alt+Y copies the table", 30, () -> Clipboard.getSystemClipboard().hasString());
        String copied = FxWait.onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(copied.startsWith("sweep teach-kernel-section: 2 points"), copied);
    }

    @Test
    void altLTurnsTheAbTabsLinkLanesOffAndOn() throws Exception {
        interact(() -> window.ui.showCompare());
        CheckBox link = FxWait.onFx(() -> lookup("#ab-link-lanes").queryAs(CheckBox.class));
        boolean before = FxWait.onFx(link::isSelected);
        interact(() -> lookup(".tab-pane").query().requestFocus());
        push(KeyCode.ALT, KeyCode.L);
        FxWait.untilOnFx("Alt+L toggles Link lanes", 60, () -> link.isSelected() != before);
        assertEquals(!before, FxWait.onFx(() -> window.lab.compare().lanesLinkedProperty().get()), "the A/B lanes follow");
        push(KeyCode.ALT, KeyCode.L);
        FxWait.untilOnFx("Alt+L again toggles it back", 60, () -> link.isSelected() == before);
        type(KeyCode.L);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, FxWait.onFx(link::isSelected), "a bare L is the timeline's key, not the box's");
    }
}
