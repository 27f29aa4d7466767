package org.schedlab.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;

import org.schedlab.render.TimelineStyle;

/**
 * The workbench's light or dark theme (View > Dark theme). A window is dark while its scene's
 * root has the {@value #DARK_CLASS} style class: workbench.css keys its own colors on it, and the
 * canvases ({@link TimelineView}, the Sweep plot) paint in {@link TimelineStyle#DARK} then. The
 * controls' theme is JavaFX's user-agent stylesheet, which is process-wide: AtlantaFX Primer
 * Dark or Primer Light. Pictures (exports, {@code schedlab render}) are never dark.
 */
public final class Theme {
    /** The scene root's style class of a dark window. */
    public static final String DARK_CLASS = "dark";

    private Theme() {
    }

    /** Switches the controls' theme and {@code root}'s window to dark or light at once. */
    public static void apply(Parent root, boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
        if (dark && !root.getStyleClass().contains(DARK_CLASS)) {
            root.getStyleClass().add(DARK_CLASS);
        } else if (!dark) {
            root.getStyleClass().remove(DARK_CLASS);
        }
    }

    /** Whether {@code node}'s window is dark (a node in no window is light). */
    public static boolean isDark(Node node) {
        Scene scene = node.getScene();
        return scene != null && scene.getRoot() != null && scene.getRoot().getStyleClass().contains(DARK_CLASS);
    }

    /** The colors a canvas in {@code node}'s window paints in. */
    public static TimelineStyle timelineStyle(Node node) {
        return isDark(node) ? TimelineStyle.DARK : TimelineStyle.LIGHT;
    }

    /**
     * Runs {@code changed} when {@code node}'s window switches theme or {@code node} moves to
     * another window: a canvas repaints (nothing is folded or simulated again).
     */
    public static void follow(Node node, Runnable changed) {
        ListChangeListener<String> onClass = c -> changed.run();
        node.sceneProperty().addListener((o, was, now) -> {
            if (was != null && was.getRoot() != null) {
                was.getRoot().getStyleClass().removeListener(onClass);
            }
            if (now != null && now.getRoot() != null) {
                now.getRoot().getStyleClass().addListener(onClass);
            }
            changed.run();
        });
        if (node.getScene() != null && node.getScene().getRoot() != null) {
            node.getScene().getRoot().getStyleClass().addListener(onClass);
        }
    }
}
