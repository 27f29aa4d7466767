package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.ui.Workbench;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A slider's number field shows the whole value at the width the parameter panel gives the
 * control: the teaching scenario's sectionUs of 10000 read "1000(" - a tenth of the real value -
 * because the field was squeezed to 64 px.
 */
@ExtendWith(ApplicationExtension.class)
class ParamFieldWidthTest extends FxRobot {
    private final ParameterPanelViewModel panel = new ParameterPanelViewModel(LabFixtures.teach());
    private HBox control;

    @Start
    void start(Stage stage) {
        Workbench.applyTheme();
        control = (HBox) ParamControl.of(panel.param("sectionUs").orElseThrow(), ParameterPanel.styled("sectionUs"));
        StackPane column = new StackPane(control);
        column.setMaxWidth(190); // the parameter panel's control column at its preferred width
        stage.setScene(new Scene(new StackPane(column), 200, 60));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    @Test
    void fiveAndSevenDigitValuesAreShownWhole() throws Exception {
        ParamViewModel p = panel.param("sectionUs").orElseThrow();
        TextField field = (TextField) control.getChildren().stream().filter(TextField.class::isInstance)
                .findFirst().orElseThrow();
        for (String value : new String[] {"10000", "1000000"}) {
            interact(() -> p.set(value));
            interact(() -> control.getScene().getRoot().layout());
            assertEquals(value, field.getText());
            Text probe = new Text(value);
            probe.setFont(field.getFont());
            double needed = probe.getLayoutBounds().getWidth() + field.getInsets().getLeft()
                    + field.getInsets().getRight();
            assertTrue(field.getWidth() >= needed, value + " needs " + needed + " px, the field is "
                    + field.getWidth());
        }
    }
}
