package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.beans.Observable;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.util.StringConverter;

import atlantafx.base.controls.CustomTextField;
import atlantafx.base.theme.Styles;
import javafx.geometry.Orientation;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import org.controlsfx.control.CheckComboBox;
import org.controlsfx.control.textfield.TextFields;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.schedlab.render.ColorMode;
import org.schedlab.render.CounterStyle;

/**
 * The timeline's own controls in the toolbar: color mode (by task / by state), counter style
 * (steps / lines), which tasks get a state lane (a checked list over the shown tab's
 * {@link TaskLaneChoice}: the Dataset tab's tasks, or A/B's two sides'), and the task search
 * (the shown tab's {@link TaskSearch}: its query, suggestions and matches) with its match count
 * and a "next match" button.
 */
final class TimelineToolBar {
    /**
     * Rows the task lanes list measures for its width when it opens. Left alone, the list (a
     * JavaFX combo box inside the ControlsFX control) lays out a cell for every task to find
     * the widest: over half a second on the FX thread, at every opening, for the 1,120 tasks
     * of a recorded case-A run. Labels further down are as wide or get an ellipsis.
     */
    static final int ROWS_MEASURED = 40;

    /** A task suggestion's row under the search field: the theme's list row, its text whole. */
    static final double SUGGESTION_ROW_PX = 36;
    /** The combo box property JavaFX's list skin reads the number of rows to measure from. */
    private static final String ROWS_TO_MEASURE_KEY = "comboBoxRowsToMeasureWidth";

    /** The task lanes list's tooltip while it has tasks. */
    static final String LANES_HELP = "Tasks shown with their own state lane (running, runnable, sleeping, blocked)";
    /**
     * The list's title over a dataset that names tasks without their states (a lock table, the
     * built-in example): short enough to be read whole in the list's 200 px.
     */
    static final String NO_STATES_TITLE = "No task states";
    /** Its accessible help (a disabled control shows no tooltip: its title says why). */
    static final String NO_STATES_HELP = "This dataset has no task states (running, runnable, sleeping, blocked),"
            + " so no task has a lane of its own";
    /** The list's title over a dataset without tasks. */
    static final String NO_TASKS_TITLE = "No tasks";

    private final TimelineViewModel vm;
    /** The Dataset tab's list: its timeline's tasks. */
    private final TaskLaneChoice own;
    /** What the list lists now: the shown tab's choice ({@link #own} but on A/B); empty on a tab without one. */
    private Optional<TaskLaneChoice> active;
    private final CheckComboBox<Integer> tasks = new CheckComboBox<>();
    private final CustomTextField search = new CustomTextField();
    /** The items in the datasets' lane order (lock-holder preemption victims, then the tasks that ran longest). */
    private List<Integer> laneOrder = List.of();
    /** The items by name: comm (case aside), then tid. */
    private List<Integer> nameOrder = List.of();
    /** Each item's text in the list. */
    private java.util.Map<Integer, String> texts = java.util.Map.of();
    private final javafx.beans.InvalidationListener relisted = o -> fillTasks();
    private final javafx.beans.InvalidationListener rechecked = o -> showChecked();
    /** Why the list is greyed out, or what it does: its tooltip and accessible help. */
    private final javafx.beans.property.StringProperty tasksHelp = new javafx.beans.property.SimpleStringProperty(LANES_HELP);
    private boolean syncing;
    /** What the task search works on: the shown tab's ({@link #workOn}); empty where there is no timeline. */
    private final javafx.beans.property.ObjectProperty<Optional<TaskSearch>> searching =
            new javafx.beans.property.SimpleObjectProperty<>(this, "searching", Optional.empty());
    /**
     * The shown tab's search as the FX thread last set it: the suggestions are asked for on
     * ControlsFX's own thread, which reads this instead of the bound property.
     */
    private volatile Optional<TaskSearch> suggesting = Optional.empty();
    /** The query the field is bound to now (the shown tab's). */
    private javafx.beans.property.StringProperty boundQuery;
    /** The shown tab's search summary ("13 tasks: ..."), or nothing where there is no search. */
    private final javafx.beans.property.StringProperty summary = new javafx.beans.property.SimpleStringProperty(this, "summary", "");
    /** True while the shown tab's search has no match to go to (or there is no search). */
    private final javafx.beans.property.BooleanProperty nextUnusable = new javafx.beans.property.SimpleBooleanProperty(this, "nextUnusable", true);
    /** The timeline the user last worked in on the shown tab: where "next" goes first. */
    private java.util.function.Supplier<Optional<TimelineViewModel>> worked = Optional::empty;

    TimelineToolBar(TimelineViewModel vm) {
        this.vm = vm;
        this.own = TaskLaneChoice.of(vm);
        this.active = Optional.of(own);
        this.searching.set(Optional.of(TaskSearch.of(vm)));
        own.listingProperty().addListener(relisted);
        own.checkedProperty().addListener(rechecked);
    }

    /** The controls, in toolbar order. */
    List<javafx.scene.Node> nodes(Runnable refocus) {
        ToggleButton byTask = new ToggleButton("By task");
        byTask.setId("color-by-task");
        ToggleButton byState = new ToggleButton("By state");
        byState.setId("color-by-state");
        byTask.getStyleClass().add(Styles.LEFT_PILL);
        byState.getStyleClass().add(Styles.RIGHT_PILL);
        HBox colors = new HBox(byTask, byState);
        colors.setId("color-mode");
        Runnable showMode = () -> {
            byTask.setSelected(vm.colorModeProperty().get() == ColorMode.BY_TASK);
            byState.setSelected(vm.colorModeProperty().get() == ColorMode.BY_STATE);
        };
        showMode.run();
        vm.colorModeProperty().addListener((Observable o) -> showMode.run());
        byTask.setOnAction(e -> {
            vm.colorModeProperty().set(ColorMode.BY_TASK);
            showMode.run();
            refocus.run();
        });
        byState.setOnAction(e -> {
            vm.colorModeProperty().set(ColorMode.BY_STATE);
            showMode.run();
            refocus.run();
        });
        LazyTooltip.install(byTask, "Color CPU lanes by task (C toggles)");
        LazyTooltip.install(byState, "Color CPU lanes by state: user, kernel, fault, spinning, stolen (C toggles)");

        ToggleButton lines = new ToggleButton(null, new FontIcon(MaterialDesignC.CHART_LINE_VARIANT));
        lines.setId("counter-lines");
        LazyTooltip.install(lines, "Counters as lines between samples instead of steps");
        lines.selectedProperty().addListener((Observable o) -> {
            vm.counterStyleProperty().set(lines.isSelected() ? CounterStyle.LINE : CounterStyle.STEP);
            refocus.run();
        });

        tasks.setId("task-lanes");
        tasks.setTitle("Task lanes");
        tasks.setShowCheckedCount(true);
        tasks.setPrefWidth(200); // "Task lanes (3/1120)" whole: a recorded case-A run has 1,120 tasks
        // greyed out, the list says why on its face: a disabled control shows no tooltip
        LazyTooltip.following(tasksHelp).installOn(tasks);
        tasks.skinProperty().addListener((Observable o) -> limitMeasuredRows()); // a new skin has a new list
        tasks.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer t) {
                return t == null ? "" : texts.getOrDefault(t, "");
            }

            /** The item a text names (its first in lane order), or null: the inverse of toString. */
            @Override
            public Integer fromString(String s) {
                for (Integer t : laneOrder) {
                    if (s != null && s.equals(texts.get(t))) {
                        return t;
                    }
                }
                return null;
            }
        });
        // the list opens from the keyboard as a choice box does (it did with the mouse only)
        tasks.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            javafx.scene.input.KeyCode k = e.getCode();
            if (k == javafx.scene.input.KeyCode.SPACE || k == javafx.scene.input.KeyCode.ENTER
                    || k == javafx.scene.input.KeyCode.F4 || k == javafx.scene.input.KeyCode.DOWN) {
                e.consume();
                tasks.show();
            }
        });
        tasks.getCheckModel().getCheckedItems().addListener((ListChangeListener<Integer>) c -> {
            if (!syncing) {
                active.ifPresent(a -> a.check(new ArrayList<>(tasks.getCheckModel().getCheckedItems())));
            }
        });
        fillTasks();

        FontIcon clearIcon = new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE);
        clearIcon.setCursor(Cursor.HAND);
        clearIcon.setOnMouseClicked(e -> search.clear());
        clearIcon.visibleProperty().bind(search.textProperty().isNotEmpty());
        search.setLeft(new FontIcon(MaterialDesignM.MAGNIFY));
        search.setRight(clearIcon);
        search.setId("task-search");
        search.setPromptText("Find task: comm or tid");
        search.setPrefWidth(215); // the whole prompt, "Find task: comm or tid", beside the icons
        searching.addListener((Observable o) -> followSearch());
        followSearch();
        var completion = TextFields.bindAutoCompletion(search, request -> {
            String q = request.getUserText().toLowerCase(java.util.Locale.ROOT);
            if (q.length() < 2) {
                return List.of();
            }
            return suggesting.map(TaskSearch::suggestions).orElse(List.of()).stream().filter(s -> s.toLowerCase(java.util.Locale.ROOT).contains(q))
                    .limit(12).toList();
        });
        // the popup is its own scene: give it the Modena colors ControlsFX's stylesheet looks up,
        // in the theme's (Primer Light) values
        // (Primer Dark's under View > Dark theme)
        Runnable popupColors = () -> completion.getAutoCompletionPopup().setStyle(Theme.isDark(search)
                ? "-fx-color: #161B22; -fx-control-inner-background: #0D1117; -fx-text-background-color: #E6EDF3;"
                        + " -fx-selection-bar: #1F3A5F; -fx-selection-bar-non-focused: #161B22; -fx-accent: #1F6FEB;"
                : "-fx-color: #F6F8FA; -fx-control-inner-background: #FFFFFF;"
                        + " -fx-selection-bar: #DDF4FF; -fx-selection-bar-non-focused: #F6F8FA; -fx-accent: #0969DA;");
        popupColors.run();
        Theme.follow(search, popupColors);
        search.setOnAction(e -> go());
        // Enter in the open suggestions: the popup's list takes the key, so the field's action never
        // ran (it took Escape, then Enter). A highlighted suggestion is put in the field and gone to;
        // with none highlighted the list did nothing, so Enter goes to what was typed
        completion.setOnAutoCompleted(e -> go());
        var popup = completion.getAutoCompletionPopup();
        // ControlsFX sizes the list for rows of 24 px; the theme's are taller, and two suggestions
        // showed one and a half behind a scroll bar: rows of the theme's height, the list as tall as they
        popup.skinProperty().addListener((Observable o) -> {
            if (popup.getSkin() != null && popup.getSkin().getNode() instanceof javafx.scene.control.ListView<?> list) {
                list.setFixedCellSize(SUGGESTION_ROW_PX);
                list.prefHeightProperty().unbind();
                list.prefHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                        () -> Math.min(popup.getVisibleRowCount(), list.getItems().size()) * SUGGESTION_ROW_PX
                                + list.snappedTopInset() + list.snappedBottomInset(),
                        popup.visibleRowCountProperty(), list.getItems(), list.insetsProperty()));
            }
        });
        popup.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && popup.getSkin() != null
                    && popup.getSkin().getNode() instanceof javafx.scene.control.ListView<?> list
                    && list.getSelectionModel().isEmpty()) {
                e.consume();
                popup.hide();
                go();
            }
        });
        Button next = new Button(null, new FontIcon(MaterialDesignC.CHEVRON_RIGHT_CIRCLE_OUTLINE));
        next.setId("search-next");
        LazyTooltip.install(next, "Next run of the found task (N)");
        next.getStyleClass().add("flat");
        next.setOnAction(e -> {
            searching.get().ifPresent(t -> t.next(worked.get()));
            refocus.run();
        });
        next.disableProperty().bind(nextUnusable);
        var unusable = javafx.beans.binding.Bindings.createBooleanBinding(() -> searching.get().isEmpty(), searching);
        search.disableProperty().bind(unusable);
        Label found = new SearchSummary();
        found.setId("search-summary");
        found.disableProperty().bind(unusable);
        found.textProperty().bind(summary);
        found.getStyleClass().add("text-muted");
        LazyTooltip.following(found.textProperty()).installOn(found); // whole when it is cut
        // task lanes, then the search: one node, so the search summary can measure the room left
        HBox datasetTools = new HBox(8, tasks, new Separator(Orientation.VERTICAL), search, next, found);
        datasetTools.setId("dataset-tools");
        datasetTools.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        ToggleButton fit = new ToggleButton(null, new FontIcon(MaterialDesignA.ARROW_COLLAPSE_VERTICAL));
        fit.setId("fit-cpu-lanes");
        LazyTooltip.install(fit, "Fit CPU lanes: every CPU in view, down to a pixel a lane (K toggles)");
        fit.setSelected(vm.fitCpuLanesProperty().get());
        vm.fitCpuLanesProperty().addListener((Observable o) -> fit.setSelected(vm.fitCpuLanesProperty().get()));
        fit.setOnAction(e -> {
            vm.fitCpuLanesProperty().set(fit.isSelected());
            refocus.run();
        });

        return List.of(colors, lines, fit, new Separator(Orientation.VERTICAL), datasetTools);
    }

    /**
     * Gives the task search the keyboard, its text selected so typing replaces it (Ctrl+F); in a
     * narrow window, behind the toolbar's overflow button, with the overflow popup opened.
     */
    void focusSearch(ToolBarOverflow overflow) {
        overflow.focus(search, search::selectAll);
    }

    /** The task search field (tests type into it). */
    javafx.scene.control.TextField search() {
        return search;
    }

    /**
     * The field, its summary and "next" follow the shown tab's search: the field shows that tab's
     * query (the Dataset tab's stays the Dataset tab's while the Live run's is typed, and back).
     */
    private void followSearch() {
        if (boundQuery != null) {
            search.textProperty().unbindBidirectional(boundQuery);
            boundQuery = null;
        }
        summary.unbind();
        nextUnusable.unbind();
        Optional<TaskSearch> now = searching.get();
        suggesting = now;
        if (now.isEmpty()) {
            search.setText(""); // a tab without a timeline (Sweep) has no query; the others keep theirs
            summary.set("");
            nextUnusable.set(true);
            return;
        }
        boundQuery = now.get().queryProperty();
        search.textProperty().bindBidirectional(boundQuery);
        summary.bind(now.get().summaryText());
        nextUnusable.bind(now.get().anyMatch().not());
    }

    /** Enter in the search: to the next match, on the side the user last worked in first. */
    private void go() {
        searching.get().ifPresent(t -> t.go(worked.get()));
    }

    private void fillTasks() {
        TaskLaneChoice.Listing l = active.map(a -> a.listingProperty().get()).orElse(TaskLaneChoice.Listing.EMPTY);
        List<Integer> ids = l.laneOrder();
        laneOrder = ids;
        nameOrder = l.nameOrder();
        texts = l.texts();
        int before = tasks.getItems().size();
        syncing = true;
        try {
            tasks.getCheckModel().clearChecks();
            tasks.getItems().setAll(ids);
            tasks.setDisable(ids.isEmpty());
        } finally {
            syncing = false;
        }
        showChecked();
        if (!showTitle() && before != ids.size()) {
            refreshCount(); // after the checks: the new skin reads both counts as they are now
        }
    }

    /**
     * The list's title: "Task lanes (checked/all)", or over datasets without task lanes why it is
     * greyed out - "Task lanes (0/0)" over a lock table's 52 tasks said nothing, and a disabled
     * control shows no tooltip. On a tab without a list (see {@link #workOn}) the title is the
     * list's name alone. Returns whether it changed (the skin was made again to show it).
     */
    private boolean showTitle() {
        boolean none = tasks.getItems().isEmpty() && active.map(TaskLaneChoice::anyDataset).orElse(false);
        boolean anyTasks = active.map(TaskLaneChoice::anyTasks).orElse(false);
        String title = !none ? "Task lanes" : !anyTasks ? NO_TASKS_TITLE : NO_STATES_TITLE;
        boolean count = active.isPresent() && !tasks.getItems().isEmpty();
        tasksHelp.set(none && anyTasks ? NO_STATES_HELP : LANES_HELP);
        if (title.equals(tasks.getTitle()) && count == tasks.isShowCheckedCount()) {
            return false;
        }
        tasks.setTitle(title);
        tasks.setShowCheckedCount(count);
        refreshCount(); // the skin writes its text only when the checks change
        return true;
    }

    /**
     * The checked tasks at the top of the list as it opens, in the dataset's order: with a thousand
     * tasks the few shown were scattered through it. The others follow by name, comm then tid, so
     * that a task is found where its name says (in the dataset's order, the order the recording
     * first named them, postgres[7386] sat between migration/0 and postgres[7383]). Not while it is
     * open, where a row would move under the pointer as it is clicked.
     */
    private void putCheckedFirst() {
        java.util.Set<Integer> checked = new java.util.HashSet<>(tasks.getCheckModel().getCheckedItems());
        List<Integer> order = new ArrayList<>(laneOrder.size());
        for (Integer t : laneOrder) {
            if (checked.contains(t)) {
                order.add(t);
            }
        }
        for (Integer t : nameOrder) {
            if (!checked.contains(t)) {
                order.add(t);
            }
        }
        if (order.equals(tasks.getItems())) {
            return;
        }
        syncing = true;
        try {
            tasks.getCheckModel().clearChecks();
            tasks.getItems().setAll(order);
            for (Integer t : order.subList(0, checked.size())) {
                tasks.getCheckModel().check(t);
            }
        } finally {
            syncing = false;
        }
    }

    /**
     * ControlsFX writes "Task lanes (checked/items)" only when the checks change: a new dataset
     * with no lane checked before or after kept the old count ("0/49" over a file with no
     * tasks). A fresh skin (the control makes its default one at the next CSS pass) reads the
     * count from the items it has now. Laid out at once: its combo box keeps the text it is made
     * with as its value and writes that on its button at its first layout, and when A's run came
     * between the skin made at B's and that layout (the next pulse), A/B read "Task lanes (3/1120)"
     * over six lanes checked, B's own three among them, on one launch of three.
     */
    private void refreshCount() {
        if (tasks.getSkin() != null) {
            tasks.setSkin(null);
            tasks.applyCss();
            tasks.layout();
        }
    }

    private void limitMeasuredRows() {
        for (javafx.scene.Node n : tasks.getChildrenUnmodifiable()) {
            if (n instanceof javafx.scene.control.ComboBox<?> inner) {
                inner.getProperties().put(ROWS_TO_MEASURE_KEY, ROWS_MEASURED);
                // before its popup is shown (a new skin has a new box)
                inner.addEventHandler(javafx.scene.control.ComboBoxBase.ON_SHOWING, e -> putCheckedFirst());
            }
        }
    }

    /**
     * The task lanes list works on {@code lanes}' choice: the Dataset tab's own ({@link #ownLanes}),
     * A/B's two sides', or none (greyed out, its name alone: another tab's count would read as
     * that tab's). The task search works on {@code searches}' (the shown tab's timelines; greyed
     * out where it is empty), "next" going first to the timeline {@code worked} gives.
     */
    void workOn(javafx.beans.value.ObservableValue<Optional<TaskLaneChoice>> lanes,
                javafx.beans.value.ObservableValue<Optional<TaskSearch>> searches,
                java.util.function.Supplier<Optional<TimelineViewModel>> worked) {
        Runnable apply = () -> {
            Optional<TaskLaneChoice> now = lanes.getValue();
            if (!now.equals(active)) {
                active.ifPresent(a -> {
                    a.listingProperty().removeListener(relisted);
                    a.checkedProperty().removeListener(rechecked);
                });
                active = now;
                active.ifPresent(a -> {
                    a.listingProperty().addListener(relisted);
                    a.checkedProperty().addListener(rechecked);
                });
            }
            fillTasks();
        };
        lanes.addListener((Observable o) -> apply.run());
        apply.run();
        this.worked = worked;
        searching.bind(searches);
    }

    /** The Dataset tab's choice: its timeline's tasks. */
    TaskLaneChoice ownLanes() {
        return own;
    }

    /** The task lanes list (tests open it). */
    CheckComboBox<Integer> taskLanes() {
        return tasks;
    }

    /** The text on the task lanes button, as the user reads it. */
    String taskLanesText() {
        return tasks.lookupAll(".list-cell").stream().filter(n -> n instanceof javafx.scene.control.ListCell<?>)
                .map(n -> ((javafx.scene.control.ListCell<?>) n).getText()).filter(t -> t != null && !t.isEmpty())
                .findFirst().orElse("");
    }

    private void showChecked() {
        if (syncing) {
            return;
        }
        syncing = true;
        try {
            List<Integer> want = active.map(a -> a.checkedProperty().get()).orElse(List.of());
            if (!want.equals(new ArrayList<>(tasks.getCheckModel().getCheckedItems()))) {
                tasks.getCheckModel().clearChecks();
                for (int t : want) {
                    Optional.of(t).filter(tasks.getItems()::contains).ifPresent(tasks.getCheckModel()::check);
                }
            }
        } finally {
            syncing = false;
        }
    }

    /**
     * The search's summary ("13 tasks: java[7329], C2 CompilerThre[7348], ...") no wider than the
     * room the toolbar has left, cut with an ellipsis (its tooltip whole). The toolbar lays its
     * items out at their preferred widths and moves what does not fit into its overflow menu: on a
     * laptop the first letter typed put the summary, and with it the field being typed in, there.
     */
    private static final class SearchSummary extends Label {
        private ToolBar watched;

        @Override
        protected double computePrefWidth(double height) {
            double whole = super.computePrefWidth(height);
            ToolBar bar = toolBar();
            if (bar == null || bar.getWidth() <= 0 || !(getParent() instanceof HBox tools)
                    || !(tools.getParent() instanceof HBox items)) {
                return whole;
            }
            if (watched != bar) {
                watched = bar;
                bar.widthProperty().addListener((Observable o) -> requestLayout()); // the room changes with it
            }
            // as the toolbar counts: each item's width and the spacing after it, inside its insets
            double used = bar.snappedLeftInset() + bar.snappedRightInset();
            for (Node item : bar.getItems()) {
                if (item.isManaged()) {
                    used += (item == tools ? 0 : snapSizeX(item.prefWidth(-1))) + items.getSpacing();
                }
            }
            used += tools.snappedLeftInset() + tools.snappedRightInset();
            for (Node n : tools.getChildren()) {
                if (n != this && n.isManaged()) {
                    used += snapSizeX(n.prefWidth(-1)) + tools.getSpacing();
                }
            }
            return Math.max(0, Math.min(whole, Math.floor(bar.getWidth() - used) - 1));
        }

        @Override
        protected double computeMinWidth(double height) {
            return 0;
        }

        private ToolBar toolBar() {
            for (javafx.scene.Parent p = getParent(); p != null; p = p.getParent()) {
                if (p instanceof ToolBar bar) {
                    return bar;
                }
            }
            return null;
        }
    }
}
