package org.schedlab.ui.lab;

import java.util.Optional;

import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * The live workspace: the parameter panel on the left, the run's timeline in the middle (stale
 * while a rerun is due, swapped in place when it is done) and its summary on the right. Every
 * accepted parameter change reruns the simulation in the background.
 */
final class LivePane extends BorderPane {
    private final TimelineCard card;
    private final ScenarioPicker picker;
    private final ParameterPanel parameters;
    private final SplitPane split;
    private final SplitPane side;

    LivePane(LabViewModel lab, Runnable openGallery) {
        setId("live-pane");
        picker = new ScenarioPicker("live-scenario", name -> lab.load(name).ifPresent(s -> lab.openLive(s, java.util.Map.of())),
                f -> lab.loadFile(f, s -> lab.openLive(s, java.util.Map.of())));
        javafx.scene.control.Button gallery = new javafx.scene.control.Button("Scenarios\u2026",
                new org.kordamp.ikonli.javafx.FontIcon(org.kordamp.ikonli.materialdesign2.MaterialDesignV.VIEW_GRID_OUTLINE));
        gallery.setId("live-gallery");
        gallery.getStyleClass().add("flat");
        org.schedlab.ui.LazyTooltip.install(gallery, "The built-in scenarios with a picture each (Ctrl+G)");
        gallery.setOnAction(e -> openGallery.run());
        Label message = new Label();
        message.setStyle("-fx-text-fill: -color-danger-fg;");
        message.textProperty().bind(lab.messageProperty());
        Label hint = new Label("Shift+drag selects a range; F fits it; Esc clears");
        hint.setStyle("-fx-text-fill: -color-fg-muted;");
        HBox bar = new HBox(12, picker, gallery, message, hint);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 10, 6, 10));
        setTop(bar);
        parameters = new ParameterPanel(lab.livePanelProperty());
        setLeft(parameters);
        card = new TimelineCard("live", "", lab.live(), new SimpleObjectProperty<>(Optional.empty()));
        side = new SplitPane(new ExplainPanel(lab), new SummaryTable(lab.live().outcomeProperty(), lab.live().staleProperty(),
                lab.live().busyProperty(), lab.live().statusProperty()));
        side.setId("live-side-split");
        side.setOrientation(Orientation.VERTICAL);
        // the explanation and its tour (what to look at, step by step) over the summary, which
        // keeps several rows in a 1280 x 720 window
        side.setDividerPositions(0.6);
        split = new SplitPane(card, side);
        split.setId("live-split");
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.58);
        setCenter(split);
        lab.livePanelProperty().addListener((obs, o, n) -> {
            if (n != null) {
                picker.showing(n.scenario().name());
            }
        });
    }

    /** The timeline beside the explanation and summary (kept by a workspace as "live"). */
    SplitPane split() {
        return split;
    }

    /** The explanation over the summary (kept by a workspace as "liveSide"). */
    SplitPane sideSplit() {
        return side;
    }

    ParameterPanel parameterPanel() {
        return parameters;
    }

    TimelineCard card() {
        return card;
    }
}
