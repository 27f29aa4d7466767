package org.schedlab.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.schedlab.io.read.Printable;
import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;
import org.schedlab.model.TaskLane;
import org.schedlab.render.TrackSpec;

/**
 * {@code render --task}: the task lanes asked for, as the workbench's "Task lanes" list names
 * them, {@code comm[tid]} ({@link TaskInfo#label()}, as the picture's lane labels and perf print
 * a task), or a bare tid. Over A/B a task is matched on each side by that name, as the list
 * matches it ({@code ui.TaskLaneChoice}): each side draws the lanes of those it has, a task only
 * one side has on that side alone. A name no side has a task lane for is bad input, said with
 * the names closest to it.
 */
final class TaskPicks {
    /** Names listed as the closest to one no side has. */
    private static final int CLOSEST = 3;

    private final List<String> names;

    /** {@code names} as given, one per {@code --task}; none keeps each dataset's own lanes. */
    TaskPicks(List<String> names) {
        this.names = List.copyOf(names);
    }

    boolean isEmpty() {
        return names.isEmpty();
    }

    /**
     * The rows {@code d} is drawn with: its own ({@link TrackSpec#defaultFor}) without names, else
     * the lanes of the tasks named that it has, in the order named (a name matching several tasks,
     * a bare tid the recording reused: each of them, in the dataset's lane order; a later task of one
     * tid and comm is named apart, {@code comm[tid#2]}).
     */
    TrackSpec spec(Dataset d) {
        if (names.isEmpty()) {
            return TrackSpec.defaultFor(d);
        }
        Set<Integer> lanes = new LinkedHashSet<>();
        for (String n : names) {
            lanes.addAll(matches(d, n));
        }
        return TrackSpec.DEFAULT.withTaskLanes(new ArrayList<>(lanes));
    }

    /**
     * Every name is the task of a lane on at least one of {@code sides} ({@code what} names them
     * for the message: "small.json", "A (a.json)" and "B (b.json)", or a scenario's "A" and "B"); else
     * one line naming the first that is not, what it is instead if a side has the task without a
     * lane, and the closest names there are.
     */
    void check(List<Dataset> sides, List<String> what) throws UserInputException {
        for (String n : names) {
            if (n.isBlank()) {
                // was "--task : no task lane of that name in run.json", as if a task had no name
                throw new UserInputException("--task: an empty name was given; expected COMM[TID] or a TID, as the"
                        + " Task lanes list names a task (is a shell variable unset?)");
            }
            boolean found = false;
            for (Dataset d : sides) {
                found |= !matches(d, n).isEmpty();
            }
            if (found) {
                continue;
            }
            String where = what.size() == 1 ? what.get(0) : String.join(" or ", what);
            String shown = Printable.of(n);
            List<String> closest = closest(sides, n);
            String hint = closest.isEmpty() ? "; " + where + " has no task lanes"
                    : "; the closest: " + String.join(", ", closest) + " (of " + labels(sides).size() + " task lanes)";
            boolean withoutLane = sides.stream().anyMatch(d -> d.tasks().stream().anyMatch(t -> named(t, n)));
            throw new UserInputException("--task " + shown + ": " + (withoutLane
                    ? where + " has that task but no task lane for it (only tasks with a lane can be drawn)"
                    : "no task lane of that name in " + where) + hint
                    // a comm alone ("kworker/3:1") is no name of a task: said how to write one
                    + (n.contains("[") || n.matches("-?\\d+") ? ""
                    : "; name a task COMM[TID], as the workbench's Task lanes list and the lane labels do"));
        }
    }

    /** The tasks of {@code d}'s lanes that {@code name} names, in lane order. */
    private static List<Integer> matches(Dataset d, String name) {
        List<Integer> out = new ArrayList<>();
        for (TaskLane l : d.taskLanes()) {
            if (named(d.task(l.task()), name)) {
                out.add(l.task());
            }
        }
        return out;
    }

    /** {@code comm[tid]} as the label reads, or the tid alone. */
    private static boolean named(TaskInfo t, String name) {
        return t.label().equals(name) || name.equals(Integer.toString(t.tid()));
    }

    /**
     * The names of the sides' task lanes closest to {@code name}: fewest edits from it (a tid
     * alone against the tids), ties by name; each once.
     */
    private static List<String> closest(List<Dataset> sides, String name) {
        boolean tid = name.matches("-?\\d+");
        return labels(sides).stream()
                .sorted(Comparator.comparingInt((String l) -> SchedLabCli.edits(tid ? tidOf(l) : l, name))
                        .thenComparing(Comparator.naturalOrder()))
                .limit(CLOSEST).map(Printable::of).toList();
    }

    private static String tidOf(String label) {
        return label.substring(label.lastIndexOf('[') + 1, label.length() - 1);
    }

    /** The distinct names of the sides' task lanes, in lane order, A's first. */
    private static Set<String> labels(List<Dataset> sides) {
        Set<String> labels = new LinkedHashSet<>();
        for (Dataset d : sides) {
            for (TaskLane l : d.taskLanes()) {
                labels.add(d.task(l.task()).label());
            }
        }
        return labels;
    }
}
