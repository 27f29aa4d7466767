package org.schedlab.ui.lab;

import java.io.File;
import java.util.function.Consumer;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

import org.schedlab.ui.LazyTooltip;

/**
 * Chooses the scenario of a workspace: a built-in from the list, or a scenario file. Hands the
 * name or path to {@code open}; a scenario that fails to load is reported by the lab's message.
 */
final class ScenarioPicker extends HBox {
    private final ComboBox<String> box = new ComboBox<>();

    /** {@code open} gets a built-in name, {@code openFile} the path of a picked scenario file. */
    ScenarioPicker(String id, Consumer<String> open, Consumer<String> openFile) {
        super(6);
        setAlignment(Pos.CENTER_LEFT);
        box.setId(id);
        box.getItems().setAll(LabViewModel.builtInScenarios());
        box.setPrefWidth(210);
        LazyTooltip.install(box, "Built-in scenario (example-data/scenarios)");
        box.setOnAction(e -> {
            if (box.getValue() != null) {
                open.accept(box.getValue());
            }
        });
        Button file = new Button(null, new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE));
        file.setId(id + "-file");
        file.getStyleClass().add("flat");
        LazyTooltip.install(file, "Open a scenario file (.json)");
        file.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Open scenario");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Scenario (*.json)", "*.json"));
            File f = chooser.showOpenDialog(getScene().getWindow());
            if (f != null) {
                openFile.accept(f.getPath()); // read in the background
            }
        });
        getChildren().addAll(new Label("Scenario"), box, file);
    }

    /** Shows {@code name} as chosen without opening it again. */
    void showing(String name) {
        javafx.event.EventHandler<javafx.event.ActionEvent> h = box.getOnAction();
        box.setOnAction(null);
        if (!box.getItems().contains(name)) {
            box.getItems().add(name);
        }
        box.setValue(name);
        box.setOnAction(h);
    }
}
