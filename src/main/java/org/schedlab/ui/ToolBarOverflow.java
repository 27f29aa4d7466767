package org.schedlab.ui;

import java.util.Optional;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.scene.AccessibleAction;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The keyboard's way to what a narrow window puts behind the toolbar's "&gt;&gt;" button. JavaFX's
 * button takes the keyboard and opens with Space or Enter, but the keyboard stayed on it: the arrows
 * only highlighted the popup's rows, so the task lanes list and the task search inside could not be
 * reached, and Ctrl+F gave the keyboard to a search that was not in the window. Here the button
 * opens with Enter, Space or Down (as a menu button does) and gives the keyboard to the first
 * control inside that takes it; Tab walks the others; Escape closes it. A control asked for by a
 * command (Ctrl+F) is given the keyboard where it is: behind the button, the popup opens first.
 */
final class ToolBarOverflow {
    /** JavaFX's style class of the toolbar's overflow button. */
    static final String BUTTON_STYLE = "tool-bar-overflow-button";

    /** The button was given the keyboard back by Escape in its popup (a Tab's focus is :focus-visible). */
    private static final javafx.css.PseudoClass KEYBOARD_BACK = javafx.css.PseudoClass.getPseudoClass("keyboard-back");

    private final ToolBar bar;
    private Node watched;
    /** The overflow popups Escape is watched in (the skin makes one, a new skin another). */
    private final java.util.Set<javafx.stage.Window> popups =
            java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

    ToolBarOverflow(ToolBar bar) {
        this.bar = bar;
        // the button comes with the skin (made at the first CSS pass, and again with a new skin)
        bar.skinProperty().addListener((Observable o) -> watchButton());
        watchButton();
        // Tab and Shift+Tab walk the controls in the open popup (its menu took Tab and kept it)
        bar.getItems().forEach(this::watchItem);
        bar.getItems().addListener((javafx.collections.ListChangeListener<Node>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::watchItem);
            }
        });
    }

    private void watchItem(Node item) {
        item.addEventFilter(KeyEvent.KEY_PRESSED, this::tabInside);
        // the popup the item is put in when it is behind the button: Escape there gives the keyboard
        // back to the button. The window kept its own (the timeline's, after Ctrl+F), and the keyboard
        // was taken away from the user's way back in.
        item.sceneProperty().flatMap(javafx.scene.Scene::windowProperty).addListener((o, was, now) -> {
            if (now instanceof javafx.stage.PopupWindow popup && popups.add(popup)) {
                popup.addEventFilter(KeyEvent.KEY_PRESSED, this::escapeInPopup);
            }
        });
    }

    private void escapeInPopup(KeyEvent e) {
        if (e.getCode() != KeyCode.ESCAPE || !(e.getSource() instanceof javafx.stage.Window popup)) {
            return;
        }
        // after the popup's own handling: the first Escape may close only a list opened inside it
        Platform.runLater(() -> {
            if (!popup.isShowing()) {
                button().filter(b -> b.getScene() != null).ifPresent(b -> {
                    b.requestFocus();
                    b.pseudoClassStateChanged(KEYBOARD_BACK, b.isFocused()); // ringed as a Tab's focus is
                });
            }
        });
    }

    private void tabInside(KeyEvent e) {
        Node item = (Node) e.getSource();
        if (e.getCode() != KeyCode.TAB || e.isShortcutDown() || e.isAltDown() || !hides(item)) {
            return;
        }
        java.util.List<Node> controls = new java.util.ArrayList<>();
        for (Node i : bar.getItems()) {
            if (hides(i)) {
                focusables(i, controls);
            }
        }
        Node at = e.getTarget() instanceof Node n ? n : null;
        int now = -1;
        for (int i = 0; i < controls.size(); i++) {
            if (at != null && (controls.get(i) == at || contains(controls.get(i), at))) {
                now = i;
            }
        }
        if (now < 0 || controls.size() < 2) {
            return;
        }
        e.consume();
        controls.get(Math.floorMod(now + (e.isShiftDown() ? -1 : 1), controls.size())).requestFocus();
    }

    private static void focusables(Node n, java.util.List<Node> into) {
        if (n.isDisabled() || !n.isVisible()) {
            return;
        }
        if (n.isFocusTraversable()) {
            into.add(n);
        } else if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> focusables(c, into));
        }
    }

    /** The overflow button, once the toolbar has its skin. */
    Optional<Node> button() {
        return bar.getSkin() == null ? Optional.empty() : Optional.ofNullable(bar.lookup("." + BUTTON_STYLE));
    }

    /** Whether {@code n} is behind the overflow button: not laid out in the toolbar. */
    boolean hides(Node n) {
        for (Parent p = n.getParent(); p != null; p = p.getParent()) {
            if (p == bar) {
                return false;
            }
        }
        return bar.getItems().stream().anyMatch(item -> item == n || contains(item, n));
    }

    /**
     * Gives {@code n} the keyboard, opening the overflow popup first where {@code n} is behind its
     * button; then runs {@code then} (once {@code n} has the keyboard).
     */
    void focus(Node n, Runnable then) {
        if (shown(n)) {
            n.requestFocus();
            then.run();
            return;
        }
        if (!hides(n)) {
            return;
        }
        button().ifPresent(b -> {
            open(b);
            Platform.runLater(() -> { // after the popup's own first focus
                if (shown(n)) {
                    n.requestFocus();
                    then.run();
                }
            });
        });
    }

    private void watchButton() {
        button().ifPresent(b -> {
            if (b != watched) {
                watched = b;
                b.addEventFilter(KeyEvent.KEY_PRESSED, this::keyOnButton);
                b.focusedProperty().addListener((o, was, now) -> {
                    if (!now) {
                        b.pseudoClassStateChanged(KEYBOARD_BACK, false);
                    }
                });
            }
        });
    }

    private void keyOnButton(KeyEvent e) {
        KeyCode k = e.getCode();
        if (!(k == KeyCode.ENTER || k == KeyCode.SPACE || k == KeyCode.DOWN) || e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        e.consume();
        Node b = (Node) e.getSource();
        if (firstControlInside().map(ToolBarOverflow::shown).orElse(false)) {
            return; // open already: the keyboard is in it
        }
        firstControlInside().ifPresentOrElse(c -> focus(c, () -> { }), () -> open(b));
    }

    /** The first control behind the button that takes the keyboard (enabled and focus traversable). */
    private Optional<Node> firstControlInside() {
        for (Node item : bar.getItems()) {
            if (hides(item)) {
                Optional<Node> c = firstFocusable(item);
                if (c.isPresent()) {
                    return c;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Node> firstFocusable(Node n) {
        if (n.isDisabled() || !n.isVisible()) {
            return Optional.empty();
        }
        if (n.isFocusTraversable()) {
            return Optional.of(n);
        }
        if (n instanceof Parent p) { // a control made of others (the task lanes list's combo box) too
            for (Node c : p.getChildrenUnmodifiable()) {
                Optional<Node> f = firstFocusable(c);
                if (f.isPresent()) {
                    return f;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether {@code n} is on screen: in the window, or in the overflow popup while it is open. */
    private static boolean shown(Node n) {
        return n.getScene() != null && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing();
    }

    private static boolean contains(Node root, Node n) {
        for (Parent p = n.getParent(); p != null; p = p.getParent()) {
            if (p == root) {
                return true;
            }
        }
        return false;
    }

    /** Opens the popup (the button's own action toggles it). */
    private static void open(Node button) {
        button.executeAccessibleAction(AccessibleAction.FIRE);
    }
}
