package org.schedlab.ui.lab;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.function.Function;

import javafx.beans.property.IntegerProperty;

import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.ui.LazyTooltip;

/**
 * The editor of one parameter, chosen by {@link ParamViewModel#control()}: a choice box, a
 * spinner, a slider with the value beside it (typed values accepted on Enter or when the field
 * loses focus), or a text field. A slider commits every position, during a drag too: the run's
 * debounce starts a simulation only where the thumb rests, so the run for the final position is
 * usually under way when the button is released; if it is not, the release starts it at once
 * ({@link ParamViewModel#settled}), as does Enter in a text field. {@code auto}/{@code off} values get a check box (a
 * slider's on the line under it).
 * Every control follows the view model's value, so reset and swap show at once.
 */
final class ParamControl {
    private ParamControl() {
    }

    /** The control of {@code p}, its parts given {@code tip} (the name's) when hovered or focused. */
    static Region of(ParamViewModel p, LazyTooltip tip) {
        Region r = switch (p.control()) {
            case CHOICE -> choice(p);
            case SPINNER -> spinner(p);
            case SLIDER -> slider(p);
            case FIELD -> field(p);
        };
        r.setId("param-" + p.key());
        installTip(r, tip);
        return r;
    }

    /** {@code tip} on every control of {@code n}, those in its rows too (a slider over its auto/off box). */
    private static void installTip(javafx.scene.Node n, LazyTooltip tip) {
        if (n instanceof javafx.scene.control.Control c) {
            tip.installOn(c);
        } else if (n instanceof javafx.scene.Parent parent) {
            for (var child : parent.getChildrenUnmodifiable()) {
                installTip(child, tip);
            }
        }
    }

    private static Region choice(ParamViewModel p) {
        ComboBox<String> box = new ComboBox<>();
        box.getItems().setAll(p.def().choices());
        box.setValue(p.value());
        box.setMaxWidth(Double.MAX_VALUE);
        box.setOnAction(e -> {
            if (box.getValue() != null && !box.getValue().equals(p.value())) {
                p.set(box.getValue());
            }
        });
        p.valueProperty().addListener((obs, o, n) -> box.setValue(n));
        return box;
    }

    /** A parameter's spinner (a count's too): typed values are checked as the parameter checks them. */
    private static Region spinner(ParamViewModel p) {
        int lo = (int) Math.round(p.def().min());
        int hi = (int) Math.round(p.def().max());
        Spinner<Integer> s = new Spinner<>(lo, hi, (int) Math.round(p.numericValue()));
        s.setEditable(true);
        s.getValueFactory().setConverter(checkedIntegers(s, p));
        s.setMaxWidth(Double.MAX_VALUE);
        boolean[] updating = {false};
        s.valueProperty().addListener((obs, o, n) -> {
            if (!updating[0] && n != null && !Integer.toString(n).equals(p.value())) {
                p.set(Integer.toString(n));
            }
        });
        // The spinner shows the plain number of an auto/off value; without the guard, showing an
        // off 0 (below the range, so clamped to its low end) would set the low end back.
        p.valueProperty().addListener((obs, o, n) -> {
            updating[0] = true;
            try {
                s.getValueFactory().setValue((int) Math.round(p.numericValue()));
            } finally {
                updating[0] = false;
            }
        });
        s.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(p::isSpecial, p.valueProperty()));
        return withSpecial(p, s);
    }

    /**
     * Typed text goes through the parameter's own check, as in a slider's field: refused (out of
     * range, not a whole number, empty) it leaves the value as it was and the parameter shows why,
     * rather than the spinner clamping it silently to an end of the range and running that.
     */
    private static javafx.util.StringConverter<Integer> checkedIntegers(Spinner<Integer> s, ParamViewModel p) {
        return integers(text -> !text.strip().equals(p.value()) && !p.set(text) ? s.getValue()
                : (int) Math.round(p.numericValue()));
    }

    /**
     * A whole number the lab asks for besides the scenario's parameters (seeds per A/B side, a
     * sweep's seeds and threads), edited like a parameter: a spinner whose typed value goes
     * through the same check, so out of range or not a whole number is refused with a message
     * naming the range, the value stays and nothing runs. {@code target} follows accepted values
     * and the spinner follows {@code target}.
     */
    record Count(ParamViewModel model, Spinner<Integer> spinner, Label error) {
        /** Whether the last typed value was refused (an action using the count should not go ahead). */
        boolean refused() {
            return !model.errorProperty().get().isEmpty();
        }
    }

    static Count count(String id, String name, int lo, int hi, IntegerProperty target, String explain) {
        ParamViewModel[] model = new ParamViewModel[1];
        model[0] = new ParamViewModel(ParamDef.number(name, Integer.toString(target.get()), "", lo, hi, true, "",
                explain), () -> target.set(Integer.parseInt(model[0].value())), k -> Optional.empty());
        ParamViewModel p = model[0];
        target.addListener((obs, o, n) -> {
            if (!Integer.toString(n.intValue()).equals(p.value())) {
                p.setQuietly(Integer.toString(n.intValue()));
            }
        });
        @SuppressWarnings("unchecked")
        Spinner<Integer> s = (Spinner<Integer>) spinner(p);
        s.setId(id);
        LazyTooltip.install(s, explain + " (" + lo + ".." + hi + ")");
        Label error = new Label();
        error.setId(id + "-error");
        error.setWrapText(true);
        error.setStyle("-fx-text-fill: -color-danger-fg;");
        // "seeds per point=500 out of range 1..100": the check's words, without calling it a parameter
        error.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> p.errorProperty().get().replaceFirst("^parameter ", ""), p.errorProperty()));
        error.managedProperty().bind(p.errorProperty().isNotEmpty());
        error.visibleProperty().bind(p.errorProperty().isNotEmpty());
        return new Count(p, s, error);
    }

    /** A spinner's converter: the value as its digits, typed text through {@code fromText}. */
    private static javafx.util.StringConverter<Integer> integers(Function<String, Integer> fromText) {
        return new javafx.util.StringConverter<>() {
            @Override
            public String toString(Integer v) {
                return v == null ? "" : v.toString();
            }

            @Override
            public Integer fromString(String text) {
                return fromText.apply(text);
            }
        };
    }

    /**
     * A slider's least width: a drag over it picks one of some hundred positions. The panel widens
     * rather than squeezing it (s390-uperf's long names), see {@link ParameterPanel}.
     */
    static final double SLIDER_MIN_PX = 100;

    private static Region slider(ParamViewModel p) {
        SliderScale scale = p.sliderScale();
        Slider slider = new Slider(0, 1, scale.positionOf(p.numericValue()));
        slider.setMinWidth(SLIDER_MIN_PX);
        HBox.setHgrow(slider, Priority.ALWAYS);
        TextField text = new TextField(p.isSpecial() ? p.ordinaryValue() : p.value());
        text.setPrefColumnCount(6);
        text.setAlignment(Pos.CENTER_RIGHT);
        fitToValue(text);
        boolean[] updating = {false};
        Runnable commitSlider = () -> {
            if (!updating[0]) {
                p.set(plain(scale.valueAt(slider.getValue())));
            }
        };
        // Every position is committed, during a drag too: the run's debounce starts a run only when
        // the thumb rests, and the next move cancels it. So the run for where the thumb stops is
        // usually under way before the button is released, and the release itself changes nothing.
        slider.valueProperty().addListener((obs, o, n) -> commitSlider.run());
        commitOnEnterOrBlur(text, p);
        p.valueProperty().addListener((obs, o, n) -> {
            updating[0] = true;
            try {
                text.setText(p.isSpecial() ? p.ordinaryValue() : n);
                if (!slider.isValueChanging()) { // mid-drag the thumb stays under the pointer
                    slider.setValue(scale.positionOf(p.numericValue()));
                }
            } finally {
                updating[0] = false;
            }
        });
        // auto resolved anew by another value (arch): the field showed x86's 100 ns on arm64, and
        // leaving the field then set that stale figure, turning auto off
        p.resolvedProperty().addListener((obs, o, n) -> {
            if (!n.isEmpty() && p.isSpecial()) {
                updating[0] = true;
                try {
                    text.setText(n);
                    slider.setValue(scale.positionOf(p.numericValue()));
                } finally {
                    updating[0] = false;
                }
            }
        });
        slider.valueChangingProperty().addListener((obs, was, now) -> {
            if (!now) { // released: the thumb snaps to the value it chose
                updating[0] = true;
                try {
                    slider.setValue(scale.positionOf(p.numericValue()));
                } finally {
                    updating[0] = false;
                }
            }
        });
        // The button's release ends the edit (a drag of the thumb or a click on the track, which
        // moves the value without valueChanging): the last position's run starts now rather than
        // at the end of the debounce.
        slider.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> p.settled());
        // The arrows step to the next value either way (the slider's own step was a tenth of a 0..1
        // track: one Left took 96 CPUs to 1); Home and End still go to the ends.
        slider.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            int way = switch (e.getCode()) {
                case RIGHT, UP, KP_RIGHT, KP_UP -> 1;
                case LEFT, DOWN, KP_LEFT, KP_DOWN -> -1;
                default -> 0;
            };
            if (way == 0 || e.isShortcutDown() || e.isAltDown()) {
                return;
            }
            e.consume();
            slider.setValue(scale.nextPosition(p.numericValue(), way));
        });
        HBox line = new HBox(6, slider, text);
        line.setAlignment(Pos.CENTER_LEFT);
        slider.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(p::isSpecial,
                p.valueProperty()));
        Optional<CheckBox> special = specialBox(p);
        if (special.isEmpty()) {
            return line;
        }
        // the auto/off box on its own line under the slider, so the slider keeps the width of the
        // others and its value ends in their column: between the slider and the value it squeezed
        // the slider to 24 px, too short to drag. Tab goes slider, value, box.
        VBox rows = new VBox(2, line, special.get());
        rows.setAlignment(Pos.CENTER_LEFT);
        return rows;
    }

    private static Region field(ParamViewModel p) {
        TextField text = new TextField(p.value());
        text.setMaxWidth(Double.MAX_VALUE);
        commitOnEnterOrBlur(text, p);
        p.valueProperty().addListener((obs, o, n) -> text.setText(n));
        return withSpecial(p, text);
    }

    /** Adds the auto/off check box next to {@code editor} when the parameter has such a value. */
    private static Region withSpecial(ParamViewModel p, Region editor) {
        Optional<CheckBox> special = specialBox(p);
        if (special.isEmpty()) {
            return editor;
        }
        HBox.setHgrow(editor, Priority.ALWAYS);
        HBox h = new HBox(6, editor, special.get());
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    /** The auto/off check box of {@code p}, if it has such a value; it sets and follows the value. */
    private static Optional<CheckBox> specialBox(ParamViewModel p) {
        if (p.specialValue().isEmpty()) {
            return Optional.empty();
        }
        String special = p.specialValue().get();
        CheckBox box = new CheckBox(p.specialLabel());
        box.setId("param-special-" + p.key());
        box.setMinWidth(Region.USE_PREF_SIZE);
        box.setSelected(p.isSpecial());
        box.setOnAction(e -> {
            if (box.isSelected()) {
                p.set(special);
            } else if (p.isSpecial()) {
                p.set(p.ordinaryValue());
            }
        });
        p.valueProperty().addListener((obs, o, n) -> box.setSelected(p.isSpecial()));
        return Optional.of(box);
    }

    private static void commitOnEnterOrBlur(TextField text, ParamViewModel p) {
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                commitText(text, p);
            } else if (e.getCode() == KeyCode.ESCAPE) {
                text.setText(p.isSpecial() ? p.ordinaryValue() : p.value());
            }
        });
        text.focusedProperty().addListener((obs, was, now) -> {
            if (!now) {
                commitText(text, p);
            }
        });
        // A refused entry stays in the field beside its message until the user fixes it. Once the
        // message goes without the value changing (Reset, Reset all, a tour step, a swap that
        // leaves this value), the field shows the value again: it kept "abc" while the run used
        // the value, and the next blur refused "abc" once more.
        p.errorProperty().addListener((obs, was, now) -> {
            if (now.isEmpty() && !was.isEmpty()) {
                text.setText(p.isSpecial() ? p.ordinaryValue() : p.value());
            }
        });
    }

    private static void commitText(TextField text, ParamViewModel p) {
        String shown = p.isSpecial() ? p.ordinaryValue() : p.value();
        if (!text.getText().strip().equals(shown)) {
            p.set(text.getText()); // rejected: the view model keeps the value and shows why
            p.settled(); // a typed value is one deliberate change: its run need not wait
        }
    }

    /**
     * Keeps a number field as wide as its value (64 to 120 px): at a fixed 64 px the parameter
     * panel showed sectionUs = 10000 as "1000(", a tenth of the value being simulated.
     */
    private static void fitToValue(TextField text) {
        Runnable fit = () -> {
            javafx.scene.text.Text probe = new javafx.scene.text.Text(text.getText() == null ? "" : text.getText());
            probe.setFont(text.getFont());
            double w = Math.ceil(probe.getLayoutBounds().getWidth() + text.getInsets().getLeft()
                    + text.getInsets().getRight()) + 4; // the caret and a margin
            double width = Math.max(64, Math.min(120, w));
            text.setMinWidth(width);
            text.setPrefWidth(width);
            text.setMaxWidth(width);
        };
        text.textProperty().addListener((obs, o, n) -> fit.run());
        text.fontProperty().addListener((obs, o, n) -> fit.run());
        text.insetsProperty().addListener((obs, o, n) -> fit.run());
        fit.run();
    }

    static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
