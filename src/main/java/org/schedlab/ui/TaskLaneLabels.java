package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;

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

    /** Each label to the first task of {@code d} with that label not already taken (a tid reused by the same comm). */
    static Found ids(Dataset d, List<String> labels) {
        // one pass over the tasks, not one per label: a hand-edited list may be long
        java.util.Map<String, java.util.ArrayDeque<Integer>> byLabel = new java.util.HashMap<>();
        for (TaskInfo t : d.tasks()) {
            byLabel.computeIfAbsent(t.label(), k -> new java.util.ArrayDeque<>()).add(t.id());
        }
        List<Integer> ids = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String label : labels) {
            java.util.ArrayDeque<Integer> free = byLabel.get(label);
            if (free != null && !free.isEmpty()) {
                ids.add(free.poll());
            } else {
                missing.add(label);
            }
        }
        return new Found(ids, missing);
    }

    /** The first three of {@code labels} and how many more: one status line, whatever the file says. */
    static String list(List<String> labels) {
        int shown = Math.min(3, labels.size());
        String first = String.join(", ", labels.subList(0, shown));
        return labels.size() > shown ? first + " and " + (labels.size() - shown) + " more" : first;
    }
}
