package org.schedlab.ui.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Optional;

import javafx.scene.Scene;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.sim.scenario.ParamDef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a user typing into a parameter's editor meets: an entry the parameter does not accept
 * (garbage, out of range, empty, a unit, NaN, a huge number) shows why, keeps the previous
 * value and runs nothing - in a spinner's editor as in a slider's text field.
 */
@ExtendWith(ApplicationExtension.class)
class ParamControlBadInputTest extends FxRobot {
    private final int[] commits = {0};
    private final ParamViewModel cpus = new ParamViewModel(
            ParamDef.number("cpus", "4", "", 1, 8, true, "", ""), () -> commits[0]++, k -> Optional.empty());
    private final ParamViewModel sliceUs = new ParamViewModel(
            ParamDef.number("sliceUs", "50", "us", 0.5, 1000, false, "", ""), () -> commits[0]++, k -> Optional.empty());
    private final ParamViewModel extUs = new ParamViewModel(
            ParamDef.number("extUs", "3", "", 1, 8, true, "", "").withZeroIsOff(), () -> commits[0]++,
            k -> Optional.empty());
    private Spinner<?> spinner;
    private TextField sliderText;

    @Start
    void start(Stage stage) {
        Region s = ParamControl.of(cpus, ParameterPanel.styled("cpus"));
        Region sl = ParamControl.of(sliceUs, ParameterPanel.styled("sliceUs"));
        Region off = ParamControl.of(extUs, ParameterPanel.styled("extUs"));
        spinner = (Spinner<?>) s;
        sliderText = (TextField) ((HBox) sl).getChildren().stream().filter(TextField.class::isInstance)
                .findFirst().orElseThrow();
        stage.setScene(new Scene(new VBox(8, s, sl, off), 460, 160));
        stage.sizeToScene(); // a shared stage sized by an earlier class keeps its size otherwise
        stage.show();
    }

    private void typeInto(TextField field, String text) {
        interact(() -> {
            field.requestFocus();
            field.setText(text);
        });
        clickOn(field).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @ParameterizedTest
    @ValueSource(strings = {"99", "0", "-3", "abc", "", "5us", "NaN", "99999999999999999999", "5d", "5f"})
    void aSpinnerRefusesAnEntryItDoesNotAcceptWithAMessageAndKeepsItsValue(String typed) {
        typeInto(spinner.getEditor(), typed);
        assertEquals("4", cpus.value(), "typed '" + typed + "'");
        assertEquals(4, spinner.getValue());
        assertFalse(cpus.errorProperty().get().isEmpty(), "no message for '" + typed + "'");
        assertEquals(0, commits[0], "a run was asked for by '" + typed + "'");
    }

    @Test
    void aSpinnerAcceptsAWholeNumberInRange() {
        typeInto(spinner.getEditor(), "6");
        assertEquals("6", cpus.value());
        assertEquals("", cpus.errorProperty().get());
        assertEquals(1, commits[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"5000", "0.1", "abc", "", "5us", "NaN", "Infinity", "1e308", "5d", "20F", "0x1p4"})
    void aSliderFieldRefusesAnEntryItDoesNotAcceptWithAMessageAndKeepsItsValue(String typed) {
        typeInto(sliderText, typed);
        assertEquals("50", sliceUs.value(), "typed '" + typed + "'");
        assertFalse(sliceUs.errorProperty().get().isEmpty(), "no message for '" + typed + "'");
        assertEquals(0, commits[0], "a run was asked for by '" + typed + "'");
    }

    @Test
    void resettingAfterARefusedEntryShowsTheValueAgain() {
        typeInto(sliderText, "abc");
        assertFalse(sliceUs.errorProperty().get().isEmpty());
        assertEquals("abc", sliderText.getText(), "the refused entry stays beside its message");
        interact(sliceUs::reset); // the value is the scenario's already: the reset changes no value
        assertEquals("", sliceUs.errorProperty().get());
        assertEquals("50", sliderText.getText(), "the field shows the value the run uses");
        interact(() -> sliderText.getParent().requestFocus()); // leaving the field commits nothing bad
        assertEquals("", sliceUs.errorProperty().get());
        assertEquals(0, commits[0]);
    }

    @Test
    void applyingValuesAfterARefusedEntryShowsTheValueAgain() {
        typeInto(sliderText, "5us");
        interact(() -> sliceUs.setQuietly("50")); // Reset all or a tour step: the panel applies values
        assertEquals("", sliceUs.errorProperty().get());
        assertEquals("50", sliderText.getText());
    }

    @Test
    void turningASpinnerParameterOffKeepsItOff() {
        clickOn("#param-special-extUs");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("0", extUs.value());
        assertEquals(1, commits[0]);
    }
}
