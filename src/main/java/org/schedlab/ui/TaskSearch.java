package org.schedlab.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What the toolbar's task search works on: the search of each timeline a tab shows. Over the
 * Dataset tab that is its timeline's search; over the Live run its run's; over A/B both sides',
 * one query lighting the matches on each side. Each tab keeps its own query: the field shows the
 * shown tab's. No controls here.
 * <p>
 * "Next" goes to the next match on the side the user last worked in (the timeline last focused,
 * else the first), and on another side only where that one has none: A's and B's timelines share
 * one window, so the window centred on A's next run shows B over the same moment, its own matches
 * lit wherever they ran.
 */
public final class TaskSearch {
    private final List<TimelineViewModel> sides;
    private final List<String> sideNames;
    private final StringProperty query;
    private final StringBinding summary;
    private final BooleanBinding anyMatch;

    private TaskSearch(List<TimelineViewModel> sides, List<String> sideNames) {
        this.sides = List.copyOf(sides);
        this.sideNames = List.copyOf(sideNames);
        if (this.sides.size() == 1) {
            query = this.sides.get(0).search().queryProperty();
        } else {
            query = new SimpleStringProperty(this, "query", "");
            for (TimelineViewModel t : this.sides) {
                t.search().queryProperty().bindBidirectional(query);
            }
        }
        List<Observable> deps = new ArrayList<>();
        for (TimelineViewModel t : this.sides) {
            deps.add(t.search().summaryTextProperty());
            deps.add(t.search().matchesProperty());
            deps.add(t.datasetProperty());
        }
        Observable[] on = deps.toArray(Observable[]::new);
        summary = Bindings.createStringBinding(this::summarize, on);
        anyMatch = Bindings.createBooleanBinding(
                () -> this.sides.stream().anyMatch(t -> !t.search().matchesProperty().get().isEmpty()), on);
    }

    /** The search of one timeline: its query cleared when it gets another dataset (the Dataset tab's). */
    public static TaskSearch of(TimelineViewModel timeline) {
        return new TaskSearch(List.of(timeline), List.of(""));
    }

    /**
     * The search of a lab tab's timelines (the Live run's one, A/B's two, named A, B, ...): the
     * query stays through a new run on a side (a slider moved, a rerun, Swap) and finds the new
     * run's tasks, so the same task is followed from run to run.
     */
    public static TaskSearch keptAcrossRuns(List<TimelineViewModel> timelines) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < timelines.size(); i++) {
            names.add(timelines.size() == 1 ? "" : String.valueOf((char) ('A' + i)));
        }
        for (TimelineViewModel t : timelines) {
            t.search().keepQueryAcrossDatasets();
        }
        return new TaskSearch(timelines, names);
    }

    /** What the user typed: each side's query. */
    public StringProperty queryProperty() {
        return query;
    }

    /**
     * "2 tasks: postgres[5000], postgres[5001]" over one timeline, or over several whose matches
     * read the same; where the sides differ, each side's count before the tasks named:
     * "A: 2 tasks, B: 1 task: postgres[5000], postgres[5001]".
     */
    public StringBinding summaryText() {
        return summary;
    }

    /** True while some side has a match to go to. */
    public BooleanBinding anyMatch() {
        return anyMatch;
    }

    /** The timelines searched. */
    public List<TimelineViewModel> sides() {
        return sides;
    }

    /** Distinct comms, then task labels, of every side's tasks, for completing what the user types. */
    public List<String> suggestions() {
        Set<String> s = new LinkedHashSet<>();
        for (TimelineViewModel t : sides) {
            s.addAll(t.search().suggestions());
        }
        return new ArrayList<>(s);
    }

    /** "Next": the next run of a match on {@code worked} (else the first side), or on another side without one there. */
    public boolean next(Optional<TimelineViewModel> worked) {
        for (TimelineViewModel t : order(worked)) {
            if (t.search().next()) {
                return true;
            }
        }
        return false;
    }

    /** Enter: {@link SearchViewModel#go} on the side {@link #next} would go on: the first in its order with matches. */
    public void go(Optional<TimelineViewModel> worked) {
        for (TimelineViewModel t : order(worked)) {
            if (!t.search().matchesProperty().get().isEmpty()) {
                t.search().go();
                return;
            }
        }
    }

    private List<TimelineViewModel> order(Optional<TimelineViewModel> worked) {
        List<TimelineViewModel> out = new ArrayList<>();
        worked.filter(sides::contains).ifPresent(out::add);
        for (TimelineViewModel t : sides) {
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private String summarize() {
        List<TimelineViewModel> shown = sides.stream().filter(t -> t.dataset() != TimelineViewModel.NO_DATASET).toList();
        if (sides.size() == 1 || shown.size() <= 1) {
            // one timeline, or B's run not in yet: what the one with a run found
            return (shown.isEmpty() ? sides.get(0) : shown.get(0)).search().summaryTextProperty().get();
        }
        Set<String> texts = new LinkedHashSet<>();
        for (TimelineViewModel t : shown) {
            texts.add(t.search().summaryTextProperty().get());
        }
        if (texts.size() == 1) {
            return texts.iterator().next(); // the same tasks on every side
        }
        StringBuilder counts = new StringBuilder();
        Set<String> named = new LinkedHashSet<>();
        for (TimelineViewModel t : shown) {
            List<Integer> found = t.search().matchesProperty().get();
            counts.append(counts.length() == 0 ? "" : ", ").append(sideNames.get(sides.indexOf(t))).append(": ")
                    .append(found.isEmpty() ? "no match" : found.size() + (found.size() == 1 ? " task" : " tasks"));
            for (int id : found) {
                named.add(t.dataset().task(id).label());
            }
        }
        if (named.isEmpty()) {
            return counts.toString();
        }
        List<String> names = new ArrayList<>(named);
        String list = String.join(", ", names.subList(0, Math.min(SearchViewModel.NAMED, names.size())));
        return counts + ": " + list + (names.size() > SearchViewModel.NAMED ? ", \u2026" : "");
    }
}
