package org.schedlab.ui;

import java.util.function.Consumer;
import java.util.function.Function;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableStringValue;
import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A tooltip made the first time it is wanted: when the pointer enters one of the controls it is
 * installed on, or one of them takes the keyboard focus. A parameter panel has two tooltips per
 * parameter (its name and control, its reset button), and each {@link Tooltip} is a popup window
 * with a scene of its own: made for every row up front, they were built on the FX thread while the
 * first screen waited, for the few a user ever hovers. The text is known at once: it is each
 * control's accessible help, what a screen reader reads from a control's tooltip, so keyboard and
 * screen-reader users get it whether or not anything was hovered. Controls sharing one instance
 * share one popup, as they did when it was made up front. The toolbars, status bar and lab panes
 * use it too ({@link #plain}, {@link #following} for a text that changes, such as the status
 * bar's file name: the tooltip, once made, and the accessible help follow it).
 */
public final class LazyTooltip {
    private final String text;
    /** The text when it changes over time ({@link #following}), else null. */
    private final ObservableStringValue value;
    private final Function<String, Tooltip> make;
    private Tooltip made;

    public LazyTooltip(String text, Function<String, Tooltip> make) {
        this.text = text;
        this.value = null;
        this.make = make;
    }

    private LazyTooltip(ObservableStringValue value, Consumer<Tooltip> style) {
        this.text = null;
        this.value = value;
        this.make = t -> {
            Tooltip tip = new Tooltip();
            style.accept(tip);
            tip.textProperty().bind(value);
            return tip;
        };
    }

    /** A plain {@code new Tooltip(text)}, made when first wanted. */
    public static LazyTooltip plain(String text) {
        return new LazyTooltip(text, Tooltip::new);
    }

    /** Installs a plain tooltip with {@code text} on {@code c} (see {@link #installOn}). */
    public static void install(Control c, String text) {
        plain(text).installOn(c);
    }

    /**
     * A tooltip whose text is {@code value}'s, now and after every change; {@code style} sets
     * the rest (wrapping, width) when it is made.
     */
    public static LazyTooltip following(ObservableStringValue value, Consumer<Tooltip> style) {
        return new LazyTooltip(value, style);
    }

    /** A plain tooltip following {@code value}. */
    public static LazyTooltip following(ObservableStringValue value) {
        return following(value, t -> { });
    }

    /** The text now. */
    public String text() {
        return value == null ? text : value.get();
    }

    /** Whether the tooltip has been made (a probe for tests: it should not be before it is wanted). */
    public boolean isMade() {
        return made != null;
    }

    /** The tooltip, made now if it was not yet. */
    public Tooltip tooltip() {
        if (made == null) {
            made = make.apply(text());
        }
        return made;
    }

    /**
     * Gives {@code c} this tooltip when the pointer first enters it or it first takes the focus;
     * its accessible help is the text from now on. Installed from the entering event's filter, the
     * tooltip's own handlers see the moves that follow it, so the first hover shows it as before.
     * While the text is empty nothing is made: a hover then would show an empty popup. A button or
     * label that shows only an icon takes the text as its accessible name too.
     */
    public void installOn(Control c) {
        if (value == null) {
            c.setAccessibleHelp(text);
        } else {
            c.accessibleHelpProperty().bind(value);
        }
        if (c instanceof Labeled l && l.getAccessibleText() == null && !l.accessibleTextProperty().isBound()) {
            // an icon without words ("zoom in", "next preemption") is named by its tooltip: with no
            // name a screen reader fell back to the icon font's glyph, a private-use character
            l.accessibleTextProperty().bind(Bindings.createStringBinding(() -> l.getGraphic() != null
                    && (l.getText() == null || l.getText().isEmpty()) ? l.getAccessibleHelp() : null,
                    l.textProperty(), l.graphicProperty(), l.accessibleHelpProperty()));
        }
        Installer installer = new Installer(c);
        c.addEventFilter(MouseEvent.MOUSE_ENTERED, installer);
        c.focusedProperty().addListener(installer);
    }

    /** Installs the tooltip on its control the first time the pointer enters it or it takes the focus. */
    private final class Installer implements EventHandler<MouseEvent>, ChangeListener<Boolean> {
        private final Control control;

        Installer(Control control) {
            this.control = control;
        }

        @Override
        public void handle(MouseEvent e) {
            install();
        }

        @Override
        public void changed(javafx.beans.value.ObservableValue<? extends Boolean> obs, Boolean was, Boolean now) {
            if (now) {
                install();
            }
        }

        private void install() {
            String now = text();
            if (now == null || now.isEmpty()) {
                return; // nothing to show yet (a table cell with no row, no message so far): the next hover
            }
            control.removeEventFilter(MouseEvent.MOUSE_ENTERED, this);
            control.focusedProperty().removeListener(this);
            if (control.getTooltip() == null) {
                control.setTooltip(tooltip());
            }
        }
    }
}
