package org.schedlab.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;

/**
 * What the toolbar's "Task lanes" list lists and checks: the tasks with a state lane of the
 * timelines a tab shows, and which of them have their lane shown. Over one timeline (the Dataset
 * tab) an item is a task id of its dataset. Over A/B's two an item is one task of the workload,
 * matched across the two runs by its label, {@code comm[tid]} (as {@link org.schedlab.render.MatchedLanes}
 * matches lanes): checking it shows its lane on each side that has it. A task one side has is an
 * item too, and says which side has it.
 * <p>
 * Over A/B, and over the Live run's one timeline ({@link #keptByTask}), the tasks picked are kept
 * by label: a side that gets a new dataset (a rerun, Swap, Make B the new A, data put on it) shows
 * the picked ones it has - in place of the lanes it opened with, unless it has none of them.
 * Until the user picks, the sides after the first open aligned with it: B with the tasks A opened with that it has.
 * {@link #forget} goes back to each dataset's own lanes (another scenario); {@link #picks} and
 * {@link #pick} are what a workspace keeps of them. No controls here.
 */
public final class TaskLaneChoice {
    /** What the list shows: items in lane order and by name, and each one's text. */
    public record Listing(List<Integer> laneOrder, List<Integer> nameOrder, Map<Integer, String> texts) {
        static final Listing EMPTY = new Listing(List.of(), List.of(), Map.of());

        public Listing {
            laneOrder = List.copyOf(laneOrder);
            nameOrder = List.copyOf(nameOrder);
            texts = Map.copyOf(texts);
        }
    }

    private final List<TimelineViewModel> sides;
    private final List<String> sideNames;
    /** Items are tasks by label, the picked ones kept across new datasets (several sides, or the Live run). */
    private final boolean keyed;
    private final ReadOnlyObjectWrapper<Listing> listing = new ReadOnlyObjectWrapper<>(this, "listing", Listing.EMPTY);
    private final ReadOnlyObjectWrapper<List<Integer>> checked = new ReadOnlyObjectWrapper<>(this, "checked", List.of());
    /** Keyed: item -> its key, "comm[tid]" and which of that label it is (1 for the first). */
    private List<String> keys = List.of();
    /** Keyed: key -> item. */
    private Map<String, Integer> itemOfKey = Map.of();
    /** Per side: task id -> item. */
    private List<Map<Integer, Integer>> itemOfTask = List.of();
    /** Per side: item -> task id. */
    private List<Map<Integer, Integer>> taskOfItem = List.of();
    /** Keyed: the keys picked, in order; empty until the user picks. */
    private Optional<List<String>> picked = Optional.empty();
    /** Per side: the task ids its dataset opened with (its own default lanes), before any alignment. */
    private final List<List<Integer>> openedWith = new ArrayList<>();
    /** While {@link #alignUnpicked} sets a side's lanes: those are not lanes it opened with. */
    private boolean aligning;

    private TaskLaneChoice(List<TimelineViewModel> sides, List<String> sideNames, boolean keyed) {
        this.sides = List.copyOf(sides);
        this.sideNames = List.copyOf(sideNames);
        this.keyed = keyed;
        for (TimelineViewModel t : this.sides) {
            openedWith.add(t.trackSpecProperty().get().taskLanes());
            t.datasetProperty().addListener((Observable o) -> newDataset(t));
            t.trackSpecProperty().addListener((Observable o) -> {
                lateOpeningLanes(t);
                updateChecked();
            });
            t.lateOpeningLanesProperty().addListener((Observable o) -> ownLanesKnown(t));
        }
        listing.set(relist());
        updateChecked();
    }

    /** The tasks of one timeline: an item is a task id of its dataset. */
    public static TaskLaneChoice of(TimelineViewModel timeline) {
        return new TaskLaneChoice(List.of(timeline), List.of(""), false);
    }

    /**
     * The tasks of one timeline that gets a new run now and then (the Live run's, with each slider
     * change), matched by label: the picked ones kept across new datasets, as over A/B.
     */
    public static TaskLaneChoice keptByTask(TimelineViewModel timeline) {
        return new TaskLaneChoice(List.of(timeline), List.of(""), true);
    }

    /** The tasks of A's and B's timelines, matched by label; the picked ones kept across new datasets. */
    public static TaskLaneChoice acrossSides(TimelineViewModel a, TimelineViewModel b) {
        return new TaskLaneChoice(List.of(a, b), List.of("A", "B"), true);
    }

    /** Items and their texts; a new one with each new dataset on a side. */
    public ReadOnlyObjectProperty<Listing> listingProperty() {
        return listing.getReadOnlyProperty();
    }

    /** The items whose lane is shown (on any side), in the order the lanes are. */
    public ReadOnlyObjectProperty<List<Integer>> checkedProperty() {
        return checked.getReadOnlyProperty();
    }

    /** Shows the lanes of {@code items} (in this order) on every side that has them, hides the others. */
    public void check(List<Integer> items) {
        if (keyed) {
            List<String> chosen = new ArrayList<>();
            for (int item : items) {
                if (item >= 0 && item < keys.size()) {
                    chosen.add(keys.get(item));
                }
            }
            picked = Optional.of(List.copyOf(chosen));
        }
        for (int s = 0; s < sides.size(); s++) {
            List<Integer> lanes = new ArrayList<>();
            for (int item : items) {
                Integer task = taskOfItem.get(s).get(item);
                if (task != null) {
                    lanes.add(task);
                }
            }
            sides.get(s).setTaskLanes(lanes);
        }
    }

    /** The tasks picked are forgotten: each new dataset opens with its own lanes again. */
    public void forget() {
        picked = Optional.empty();
    }

    /**
     * The tasks picked, by {@code comm[tid]} in the lanes' order; empty until the user picks, and
     * after {@link #forget}. What a workspace keeps. As in the Dataset tab's lanes a workspace
     * keeps, the n-th time a label comes stands for the n-th task of that label (a tid reused by
     * the same comm): the second of two such tasks picked alone comes back as the first.
     */
    public Optional<List<String>> picks() {
        return picked.map(keys -> keys.stream().map(k -> k.substring(0, k.lastIndexOf('#'))).toList());
    }

    /**
     * Picks the tasks {@code labels} names (as {@link #picks} gives them), as if the user had
     * checked them: the sides show those they have now, and each new dataset shows them in place
     * of the lanes it opens with (a workspace restored).
     */
    public void pick(List<String> labels) {
        if (!keyed) {
            throw new IllegalStateException("picks are kept over tasks matched by label only");
        }
        Map<String, Integer> seen = new HashMap<>();
        List<String> keep = new ArrayList<>();
        for (String l : labels) {
            keep.add(l + "#" + seen.merge(l, 1, Integer::sum));
        }
        picked = Optional.of(List.copyOf(keep));
        for (TimelineViewModel side : sides) {
            if (side.dataset() != TimelineViewModel.NO_DATASET) {
                showPicked(side);
            }
        }
        updateChecked();
    }

    /** Whether some side shows a dataset (not the empty one shown before anything is open). */
    public boolean anyDataset() {
        return sides.stream().anyMatch(t -> t.dataset() != TimelineViewModel.NO_DATASET);
    }

    /** Whether some side's dataset names any task (with a state lane or not). */
    public boolean anyTasks() {
        return sides.stream().anyMatch(t -> !t.dataset().tasks().isEmpty());
    }

    /**
     * The new dataset's items, then the lanes picked on it, then which items are checked, and only
     * then the new listing: whoever lists it reads the checks that go with it.
     */
    private void newDataset(TimelineViewModel side) {
        openedWith.set(sides.indexOf(side), side.trackSpecProperty().get().taskLanes());
        Listing next = relist();
        showPicked(side);
        alignUnpicked();
        updateChecked();
        listing.set(next);
    }

    /** {@code side} shows the picked tasks it has, if any were picked and it has some of them. */
    private void showPicked(TimelineViewModel side) {
        picked.ifPresent(keep -> {
            int s = sides.indexOf(side);
            List<Integer> lanes = new ArrayList<>();
            for (String k : keep) {
                Integer item = itemOf(k);
                Integer task = item == null ? null : taskOfItem.get(s).get(item);
                if (task != null) {
                    lanes.add(task);
                }
            }
            // none of them here (another workload's recording): it keeps the lanes it opened with
            if (!lanes.isEmpty() || keep.isEmpty()) {
                side.setTaskLanes(lanes);
            }
        });
    }

    /**
     * The item of a picked key: {@code worker[7]#2}, the second task labelled {@code worker[7]} in a
     * workspace saved before a reused tid's later tasks were labelled {@code comm[tid#2]}, is
     * {@code worker[7#2]} now (only the first of the two came back).
     */
    private Integer itemOf(String key) {
        Integer item = itemOfKey.get(key);
        if (item != null) {
            return item;
        }
        int hash = key.lastIndexOf('#');
        String label = key.substring(0, hash);
        int nth = Integer.parseInt(key.substring(hash + 1));
        return TaskLaneLabels.reuse(label, nth).map(l -> itemOfKey.get(l + "#1")).orElse(null);
    }

    /**
     * Until the user picks, the sides after the first open with the first's lanes: each side shows
     * the tasks A opened with that it has (by {@code comm[tid]}, in A's order), then the lanes it
     * opened with that are not among them, so at most A's lanes and its own
     * ({@value org.schedlab.render.TrackSpec#DEFAULT_TASK_LANES} each by default). Each side
     * opening with its own busiest three, A's and B's lanes were three different tasks, and a
     * reader compared unlike with unlike; with only as many lanes as B opened with, its own
     * lock-holder preemption victims were left out wherever A's tasks filled them. A new dataset on
     * A (a rerun, Swap) aligns B again.
     */
    private void alignUnpicked() {
        if (!keyed || sides.size() < 2 || picked.isPresent() || sides.get(0).dataset() == TimelineViewModel.NO_DATASET) {
            return;
        }
        List<Integer> firstItems = new ArrayList<>();
        for (int task : openedWith.get(0)) {
            Integer item = itemOfTask.get(0).get(task);
            if (item != null) {
                firstItems.add(item);
            }
        }
        for (int s = 1; s < sides.size(); s++) {
            TimelineViewModel side = sides.get(s);
            if (side.dataset() == TimelineViewModel.NO_DATASET) {
                continue;
            }
            Set<Integer> lanes = new LinkedHashSet<>();
            for (int item : firstItems) {
                Integer task = taskOfItem.get(s).get(item);
                if (task != null) {
                    lanes.add(task);
                }
            }
            // then every lane it opened with that A's did not bring: B's own lock-holder preemption
            // victims and busiest tasks. Filled up to as many lanes as it opened with, they were cut
            // where A's tasks took every lane, and case A's B (lazy) hid the victims it opens with alone
            lanes.addAll(openedWith.get(s));
            List<Integer> next = List.copyOf(lanes);
            if (!next.equals(side.trackSpecProperty().get().taskLanes())) {
                aligning = true;
                try {
                    side.setTaskLanes(next);
                } finally {
                    aligning = false;
                }
            }
        }
    }

    /**
     * A dataset put on a side opens without lanes and gets its default ones once its summary is in
     * ({@code RunViewModel.showDataset}): those are the lanes it opened with, and B aligns to A's.
     */
    private void lateOpeningLanes(TimelineViewModel side) {
        int s = sides.indexOf(side);
        List<Integer> now = side.trackSpecProperty().get().taskLanes();
        // a new dataset's lanes are set before the dataset itself (its data first): newDataset's
        if (aligning || picked.isPresent() || !openedWith.get(s).isEmpty() || now.isEmpty()
                || side.dataset() == TimelineViewModel.NO_DATASET || side.data().dataset() != side.dataset()) {
            return;
        }
        openedWith.set(s, now);
        alignUnpicked();
    }

    /**
     * The lanes a dataset put on {@code side} without lanes opens with are in (its summary). If the
     * side shows no lanes then, {@link #lateOpeningLanes} took them as they were shown. But B lined up
     * with A's lanes meanwhile (A's in first: its run's timeline, or its summary) shows lanes, and
     * {@code RunViewModel.showDataset} gave them to the timeline only while it showed none: B kept
     * A's three alone, its own lock-holder preemption victims and busiest tasks lost on one
     * arrival order of two. They are its own all the same: B shows A's, then them.
     */
    private void ownLanesKnown(TimelineViewModel side) {
        TimelineViewModel.LateLanes late = side.lateOpeningLanesProperty().get();
        int s = sides.indexOf(side);
        if (late == null || late.dataset() != side.dataset() || picked.isPresent() || !openedWith.get(s).isEmpty()
                || late.tasks().isEmpty()) {
            return;
        }
        openedWith.set(s, late.tasks());
        alignUnpicked();
        updateChecked();
    }

    /** Rebuilds the item maps for the datasets shown and returns what the list shows of them. */
    private Listing relist() {
        return keyed ? listAcross() : listOne(sides.get(0).dataset());
    }

    /** One timeline: items are task ids, as the lanes store them. */
    private Listing listOne(Dataset d) {
        List<Integer> ids = new ArrayList<>();
        Map<Integer, String> texts = new HashMap<>();
        Map<Integer, Integer> same = new HashMap<>();
        for (TaskLane l : d.taskLanes()) {
            ids.add(l.task());
            texts.put(l.task(), d.task(l.task()).label());
            same.put(l.task(), l.task());
        }
        keys = List.of();
        itemOfTask = List.of(same);
        taskOfItem = List.of(same);
        return new Listing(ids, byName(ids, t -> d.task(t)), texts);
    }

    /**
     * Several timelines: one item per key, in A's lane order then the tasks only B has in B's. The
     * n-th task of a label on A is the n-th of that label on B (a recording may name two threads
     * alike).
     */
    private Listing listAcross() {
        Map<String, Integer> items = new LinkedHashMap<>();
        List<Map<Integer, Integer>> itemOf = new ArrayList<>();
        List<Map<Integer, Integer>> taskOf = new ArrayList<>();
        Map<Integer, TaskInfo> infoOf = new HashMap<>();
        List<Set<Integer>> on = new ArrayList<>();
        for (TimelineViewModel side : sides) {
            Dataset d = side.dataset();
            Map<Integer, Integer> mine = new HashMap<>();
            Map<Integer, Integer> back = new HashMap<>();
            Map<String, Integer> seen = new HashMap<>();
            for (TaskLane l : d.taskLanes()) {
                TaskInfo t = d.task(l.task());
                String key = t.label() + "#" + seen.merge(t.label(), 1, Integer::sum);
                int item = items.computeIfAbsent(key, k -> items.size());
                infoOf.putIfAbsent(item, t);
                mine.put(l.task(), item);
                back.put(item, l.task());
            }
            itemOf.add(mine);
            taskOf.add(back);
            on.add(back.keySet());
        }
        keys = List.copyOf(items.keySet());
        itemOfKey = Map.copyOf(items);
        itemOfTask = List.copyOf(itemOf);
        taskOfItem = List.copyOf(taskOf);
        Map<Integer, String> texts = new HashMap<>();
        List<Integer> order = new ArrayList<>(items.values());
        // a side with no run yet (B's still simulating when A's is in) does not make A's tasks A's only
        long shown = sides.stream().filter(t -> t.dataset() != TimelineViewModel.NO_DATASET).count();
        for (int item : order) {
            List<String> having = new ArrayList<>();
            for (int s = 0; s < sides.size(); s++) {
                if (on.get(s).contains(item)) {
                    having.add(sideNames.get(s));
                }
            }
            String label = infoOf.get(item).label();
            texts.put(item, having.size() >= shown ? label : label + "  (only on " + String.join(", ", having) + ")");
        }
        return new Listing(order, byName(order, infoOf::get), texts);
    }

    /**
     * Items by their task's comm (case aside, numbers by value), then tid: case C's sixteen
     * kworkers were listed kworker/10:1 .. kworker/15:1 before kworker/1:1, and its vCPU threads
     * CPU 10/KVM before CPU 2/KVM, so the one a user looked for by its CPU was not where it reads.
     */
    private static List<Integer> byName(List<Integer> items, java.util.function.IntFunction<TaskInfo> info) {
        List<Integer> out = new ArrayList<>(items);
        out.sort(Comparator.comparing((Integer i) -> info.apply(i), TaskInfo.BY_NAME));
        return out;
    }

    /** Names compared as {@link TaskInfo#compareNames} compares them (kept here for the list's tests). */
    static int compareNames(String x, String y) {
        return TaskInfo.compareNames(x, y);
    }

    /** The items whose lanes the sides show: A's in A's order, then those only B shows. */
    private void updateChecked() {
        Set<Integer> shown = new LinkedHashSet<>();
        for (int s = 0; s < sides.size(); s++) {
            for (int task : sides.get(s).trackSpecProperty().get().taskLanes()) {
                Integer item = itemOfTask.get(s).get(task);
                if (item != null) {
                    shown.add(item);
                }
            }
        }
        List<Integer> now = List.copyOf(shown);
        if (!now.equals(checked.get())) {
            checked.set(now);
        }
    }
}
