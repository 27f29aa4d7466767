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
        List<Integer> ids = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String label : labels) {
            int found = -1;
            for (TaskInfo t : d.tasks()) {
                if (t.label().equals(label) && !ids.contains(t.id())) {
                    found = t.id();
                    break;
                }
            }
            if (found >= 0) {
                ids.add(found);
            } else {
                missing.add(label);
            }
        }
        return new Found(ids, missing);
    }
}
