package org.schedlab.ui;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * Which timeline the toolbar and the View menu act on: the one the selected tab shows. The
 * Dataset tab has the opened dataset's; a lab tab registers its cards' (A/B: both sides, whose
 * windows follow each other, so acting on the one last focused moves both); a tab without a
 * timeline (Sweep) has none, and the timeline commands are disabled there rather than acting on
 * a tab the user cannot see. Colour mode, counter style and "Fit CPU lanes" are one setting for
 * every timeline.
 * The "Task lanes" list works on the Dataset tab's tasks there, and on a tab that registered its
 * own {@link TaskLaneChoice} (A/B: both sides'; the Live run: its run's) on that; elsewhere (Sweep)
 * it is greyed out. The task search works on the selected tab's timelines: the Dataset tab's, the
 * Live run's, A/B's two sides at once ({@link TaskSearch}), each tab with its own query; on a tab
 * without a timeline (Sweep) it is greyed out.
 */
final class ShownTimelines {
    private final TimelineView dataset;
    private final Supplier<Optional<TabPane>> tabs;
    private final Map<Tab, List<TimelineView>> byTab = new HashMap<>();
    private final Map<Tab, TimelineView> lastFocused = new HashMap<>();
    private final ReadOnlyBooleanWrapper none = new ReadOnlyBooleanWrapper(this, "none", false);
    private final ReadOnlyBooleanWrapper datasetShown = new ReadOnlyBooleanWrapper(this, "datasetShown", true);
    private final Map<Tab, TaskLaneChoice> lanesByTab = new HashMap<>();
    private final TaskSearch datasetSearch;
    private final Map<Tab, TaskSearch> searchByTab = new HashMap<>();
    private final javafx.beans.property.ReadOnlyObjectWrapper<Optional<TaskSearch>> search =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "search", Optional.empty());
    private Optional<TaskLaneChoice> datasetLanes = Optional.empty();
    private final javafx.beans.property.ReadOnlyObjectWrapper<Optional<TaskLaneChoice>> taskLanes =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "taskLanes", Optional.empty());

    ShownTimelines(TimelineView dataset, Supplier<Optional<TabPane>> tabs) {
        this.dataset = dataset;
        this.tabs = tabs;
        this.datasetSearch = TaskSearch.of(dataset.viewModel());
        search.set(Optional.of(datasetSearch));
    }

    /** {@code tabs} was created: follow its selection. */
    void watch(TabPane pane) {
        pane.getSelectionModel().selectedItemProperty().addListener((obs, o, n) -> update());
        update();
    }

    void register(Tab tab, List<TimelineView> views) {
        byTab.put(tab, List.copyOf(views));
        if (!views.isEmpty()) {
            searchByTab.put(tab, TaskSearch.keptAcrossRuns(views.stream().map(TimelineView::viewModel).toList()));
        }
        TimelineViewModel shared = dataset.viewModel();
        for (TimelineView v : views) {
            v.viewModel().colorModeProperty().bindBidirectional(shared.colorModeProperty());
            v.viewModel().counterStyleProperty().bindBidirectional(shared.counterStyleProperty());
            v.viewModel().fitCpuLanesProperty().bindBidirectional(shared.fitCpuLanesProperty());
            v.focusedProperty().addListener((obs, was, now) -> {
                if (now) {
                    lastFocused.put(tab, v);
                }
            });
        }
        update();
    }

    /** The Dataset tab's task lanes list works on {@code lanes}. */
    void datasetLanes(TaskLaneChoice lanes) {
        datasetLanes = Optional.of(lanes);
        update();
    }

    /** {@code tab}'s task lanes list works on {@code lanes}. */
    void registerLanes(Tab tab, TaskLaneChoice lanes) {
        lanesByTab.put(tab, lanes);
        update();
    }

    /** What the "Task lanes" list works on for the selected tab; empty where it is greyed out. */
    javafx.beans.property.ReadOnlyObjectProperty<Optional<TaskLaneChoice>> taskLanesProperty() {
        return taskLanes.getReadOnlyProperty();
    }

    /** What the task search works on for the selected tab; empty where it is greyed out (no timeline). */
    javafx.beans.property.ReadOnlyObjectProperty<Optional<TaskSearch>> searchProperty() {
        return search.getReadOnlyProperty();
    }

    /** The timeline the user last worked in on the selected tab (the one last focused, else its first). */
    Optional<TimelineViewModel> worked() {
        return target().map(TimelineView::viewModel);
    }

    /** View > Next search match: the next run of a match on the selected tab's timelines. */
    void nextMatch() {
        search.get().ifPresent(s -> s.next(worked()));
    }

    /** True while the selected tab has no timeline (the timeline commands are disabled). */
    ReadOnlyBooleanProperty noneProperty() {
        return none.getReadOnlyProperty();
    }

    /** True while the Dataset tab is selected (files opened from another tab are said to be there). */
    ReadOnlyBooleanProperty datasetShownProperty() {
        return datasetShown.getReadOnlyProperty();
    }

    /** The view the commands act on now: the selected tab's (its last focused one), if it has any. */
    Optional<TimelineView> target() {
        Optional<Tab> selected = tabs.get().map(p -> p.getSelectionModel().getSelectedItem());
        if (selected.isEmpty() || !byTab.containsKey(selected.get())) {
            return Optional.of(dataset); // the Dataset tab, or a window without tabs
        }
        List<TimelineView> views = byTab.get(selected.get());
        if (views.isEmpty()) {
            return Optional.empty();
        }
        TimelineView last = lastFocused.get(selected.get());
        return Optional.of(last != null ? last : views.get(0));
    }

    /** Runs {@code action} on the shown timeline and gives its view the keyboard back. */
    void act(Consumer<TimelineViewModel> action) {
        target().ifPresent(v -> {
            action.accept(v.viewModel());
            v.requestFocus(); // keys keep working after a click on the toolbar
        });
    }

    /** The keyboard goes back to the shown timeline, if there is one. */
    void refocus() {
        target().ifPresent(TimelineView::requestFocus);
    }

    private void update() {
        Optional<Tab> selected = tabs.get().map(p -> p.getSelectionModel().getSelectedItem());
        boolean isDataset = selected.isEmpty() || !byTab.containsKey(selected.get());
        datasetShown.set(isDataset);
        none.set(target().isEmpty());
        Optional<TaskLaneChoice> lanes = isDataset ? datasetLanes : Optional.ofNullable(lanesByTab.get(selected.get()));
        if (!lanes.equals(taskLanes.get())) {
            taskLanes.set(lanes);
        }
        Optional<TaskSearch> searched = isDataset ? Optional.of(datasetSearch)
                : Optional.ofNullable(searchByTab.get(selected.get()));
        if (!searched.equals(search.get())) {
            search.set(searched);
        }
    }
}
