package org.schedlab.ui;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.schedlab.model.Dataset;
import org.schedlab.model.TaskInfo;

/**
 * Task lanes as a workspace names them: by {@code comm[tid]}, which a reader gives the same
 * task again when the file is read again (its numeric id is only a position in one dataset's
 * task list).
 */
final class TaskLaneLabels {
    /** The tasks of {@code labels} found in a dataset, and the labels it has no task for. */
    record Found(List<Integer> ids, List<String> missing) {
    }

    private TaskLaneLabels() {
    }

    static List<String> labels(Dataset d, List<Integer> taskIds) {
        List<String> out = new ArrayList<>(taskIds.size());
        for (int id : taskIds) {
            out.add(d.task(id).label());
        }
        return out;
    }

    /**
     * Each label to the first task of {@code d} with that label not already taken. A label that
     * comes again with none of its own left is the tid's next task of that comm: a workspace saved
     * before a reused tid's later tasks were labelled {@code comm[tid#2]} names both
     * {@code worker[7]}, and its second pick, the second task, is {@code worker[7#2]} now (it was
     * left out as missing, and only the first came back).
     */
    static Found ids(Dataset d, List<String> labels) {
        // one pass over the tasks, not one per label: a hand-edited list may be long
        Map<String, ArrayDeque<Integer>> byLabel = new HashMap<>();
        for (TaskInfo t : d.tasks()) {
            byLabel.computeIfAbsent(t.label(), k -> new ArrayDeque<>()).add(t.id());
        }
        List<Integer> ids = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String label : labels) {
            int nth = seen.merge(label, 1, Integer::sum);
            ArrayDeque<Integer> free = byLabel.get(label);
            if ((free == null || free.isEmpty()) && nth > 1) {
                free = reuse(label, nth).map(byLabel::get).orElse(null);
            }
            if (free != null && !free.isEmpty()) {
                ids.add(free.poll());
            } else {
                missing.add(label);
            }
        }
        return new Found(ids, missing);
    }

    /**
     * The label of the {@code nth} task of {@code label}'s comm and tid ({@link TaskInfo#label}):
     * {@code worker[7]} and 2 give {@code worker[7#2]}; empty for a label that names a later task
     * already, or no tid.
     */
    static Optional<String> reuse(String label, int nth) {
        int open = label.lastIndexOf('[');
        if (nth < 2 || open < 0 || !label.endsWith("]")) {
            return Optional.empty();
        }
        String tid = label.substring(open + 1, label.length() - 1);
        if (tid.isEmpty() || !tid.chars().allMatch(c -> c >= '0' && c <= '9' || c == '-')) {
            return Optional.empty();
        }
        return Optional.of(label.substring(0, open + 1) + tid + "#" + nth + "]");
    }

    /** The first three of {@code labels} and how many more: one status line, whatever the file says. */
    static String list(List<String> labels) {
        int shown = Math.min(3, labels.size());
        String first = String.join(", ", labels.subList(0, shown));
        return labels.size() > shown ? first + " and " + (labels.size() - shown) + " more" : first;
    }
}
