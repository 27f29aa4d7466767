package org.schedlab.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.render.HighlightIndex;

/**
 * Finding a task: by tid or pid (digits), or by any part of its label in any case: the comm
 * ("postgres"), the label ("postgres[5001]") or its start as the suggestions list it
 * ("postgres[50"). The matches light up across every CPU (the highlight index is built in the
 * background, a newer query cancelling an older one) and "next" jumps to their next run.
 */
public final class SearchViewModel {
    /** Matched tasks named in the summary, at most. */
    static final int NAMED = 3;

    private final TimelineViewModel timeline;
    private final StringProperty query = new SimpleStringProperty(this, "query", "");
    private final ReadOnlyObjectWrapper<List<Integer>> matches = new ReadOnlyObjectWrapper<>(this, "matches", List.of());
    private final ReadOnlyStringWrapper summaryText = new ReadOnlyStringWrapper(this, "summaryText", "");
    private final ReadOnlyObjectWrapper<HighlightIndex> highlight =
            new ReadOnlyObjectWrapper<>(this, "highlight", HighlightIndex.NONE);
    private final LatestJob<HighlightIndex> job;
    /** Set by {@link #go()} before the query's matches were found: go to them once they are. */
    private boolean goWhenFound;
    /** The query stays through a new dataset and finds its tasks ({@link #keepQueryAcrossDatasets}). */
    private boolean keepQuery;

    SearchViewModel(TimelineViewModel timeline, Optional<TaskExecutor> executor) {
        this.timeline = timeline;
        this.job = new LatestJob<>(executor);
        query.addListener((Observable o) -> update());
        timeline.datasetProperty().addListener((Observable o) -> newDataset());
    }

    /**
     * The query stays when the timeline gets another dataset, and finds that one's tasks: a lab
     * timeline's new run (a slider moved, a rerun) is the same workload again, and the user follows
     * the same task through the runs. Without it (the Dataset tab) another dataset clears it.
     */
    void keepQueryAcrossDatasets() {
        keepQuery = true;
    }

    private void newDataset() {
        if (!keepQuery) {
            query.set("");
            return;
        }
        job.cancel();
        highlight.set(HighlightIndex.NONE); // the old run's slices are not the new run's
        update();
    }

    /** What the user typed. */
    public StringProperty queryProperty() {
        return query;
    }

    public ReadOnlyObjectProperty<List<Integer>> matchesProperty() {
        return matches.getReadOnlyProperty();
    }

    /** "2 tasks: postgres[5000], postgres[5001]", "no task matches", or empty without a query. */
    public ReadOnlyStringProperty summaryTextProperty() {
        return summaryText.getReadOnlyProperty();
    }

    /** Where the matches ran; {@link HighlightIndex#NONE} until it is built or without a query. */
    public ReadOnlyObjectProperty<HighlightIndex> highlightProperty() {
        return highlight.getReadOnlyProperty();
    }

    /**
     * Task ids matching {@code q} in {@code d}: tid or pid for digits, else any part of the label
     * (comm[tid]), the text the suggestions filter on: "postgres[58" listed postgres[5818] under
     * the field, and Enter then said "no task matches".
     */
    static List<Integer> match(Dataset d, String q) {
        String t = q.strip();
        List<Integer> out = new ArrayList<>();
        if (t.isEmpty()) {
            return out;
        }
        boolean digits = t.chars().allMatch(Character::isDigit) && t.length() < 10;
        String lower = t.toLowerCase(Locale.ROOT);
        for (TaskInfo task : d.tasks()) {
            boolean hit = digits ? (task.tid() == Integer.parseInt(t) || task.pid() == Integer.parseInt(t))
                    : task.label().toLowerCase(Locale.ROOT).contains(lower);
            if (hit) {
                out.add(task.id());
            }
        }
        return out;
    }

    /** Distinct comms and every task label, for completing what the user types. */
    public List<String> suggestions() {
        Set<String> s = new LinkedHashSet<>();
        for (TaskInfo t : timeline.dataset().tasks()) {
            s.add(t.comm());
        }
        for (TaskInfo t : timeline.dataset().tasks()) {
            s.add(t.label());
        }
        return new ArrayList<>(s);
    }

    private void update() {
        goWhenFound = false; // Enter was for the query before this one
        Dataset d = timeline.dataset();
        String q = query.get() == null ? "" : query.get();
        List<Integer> found = match(d, q);
        matches.set(List.copyOf(found));
        if (q.isBlank()) {
            summaryText.set("");
        } else if (found.isEmpty()) {
            summaryText.set("no task matches");
        } else {
            StringBuilder b = new StringBuilder(found.size() + (found.size() == 1 ? " task: " : " tasks: "));
            for (int i = 0; i < Math.min(NAMED, found.size()); i++) {
                b.append(i == 0 ? "" : ", ").append(d.task(found.get(i)).label());
            }
            if (found.size() > NAMED) {
                b.append(", \u2026");
            }
            summaryText.set(b.toString());
        }
        if (found.isEmpty()) {
            job.cancel();
            highlight.set(HighlightIndex.NONE);
            return;
        }
        job.run(cancelled -> HighlightIndex.of(d, found, q.strip(), cancelled), h -> {
            if (d == timeline.dataset()) {
                highlight.set(h);
                if (goWhenFound) {
                    goWhenFound = false;
                    next();
                }
            }
        });
    }

    /**
     * Enter in the search: {@link #next()} once the query's matches are found. They are found in
     * the background, so Enter pressed right after typing, or on a suggestion just put in the
     * field, came before them and did nothing; it now goes there when they are ready.
     */
    public void go() {
        HighlightIndex h = highlight.get();
        String q = query.get() == null ? "" : query.get().strip();
        if (h.isActive() && h.query().equals(q)) {
            next();
        } else {
            goWhenFound = !matches.get().isEmpty();
        }
    }

    /**
     * Moves the window to the next run of a match after the window's middle (wrapping to the
     * start), centered and selected; false when there is nothing to go to.
     */
    public boolean next() {
        HighlightIndex h = highlight.get();
        if (!h.isActive()) {
            return false;
        }
        long mid = timeline.startNs() + timeline.spanNs() / 2;
        Optional<long[]> run = h.nextRunAfter(mid).or(() -> h.nextRunAfter(Long.MIN_VALUE));
        if (run.isEmpty()) {
            return false;
        }
        long[] r = run.get();
        timeline.centerOn((r[1] + r[2]) / 2);
        org.schedlab.render.SliceHit.at(timeline.dataset(), (int) r[0], r[1])
                .ifPresent(hit -> timeline.selection().select(Optional.of(hit)));
        return true;
    }
}
