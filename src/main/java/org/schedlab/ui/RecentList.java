package org.schedlab.ui;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyMapProperty;
import javafx.beans.property.ReadOnlyMapWrapper;
import javafx.collections.FXCollections;
import javafx.concurrent.Task;

/**
 * File > Open recent's list as the window shows it: the {@link RecentFiles} entries and which of
 * them have a file gone. Every file access (reading and writing the stored list, checking the
 * entries' files) goes through the {@link TaskExecutor}, so a configuration directory or a
 * recording on a slow or dead network mount never stops the FX thread; results come back to it.
 */
final class RecentList {
    private final RecentFiles recent;
    private final TaskExecutor executor;
    private final ReadOnlyListWrapper<List<Path>> entries =
            new ReadOnlyListWrapper<>(this, "entries", FXCollections.observableArrayList());
    private final ReadOnlyMapWrapper<List<Path>, List<Path>> missing =
            new ReadOnlyMapWrapper<>(this, "missing", FXCollections.observableHashMap());
    private boolean checking;

    RecentList(RecentFiles recent, TaskExecutor executor) {
        this.recent = recent;
        this.executor = executor;
        entries.setAll(recent.entries());
        if (recent.stored()) {
            readStore();
        }
    }

    ReadOnlyListProperty<List<Path>> entriesProperty() {
        return entries.getReadOnlyProperty();
    }

    /** Entries the last {@link #check} found a file of missing, each with its files that are gone. */
    ReadOnlyMapProperty<List<Path>, List<Path>> missingProperty() {
        return missing.getReadOnlyProperty();
    }

    void add(List<Path> files) {
        recent.add(files);
        missing.remove(recent.entries().get(0)); // it just opened: its files are there
        changed();
    }

    void clear() {
        recent.clear();
        changed();
    }

    /** The list changed in memory: show it, and write it in the background once the stored one is in. */
    private void changed() {
        entries.setAll(recent.entries());
        missing.keySet().retainAll(recent.entries());
        if (recent.stored() && recent.storeRead()) {
            RecentFiles.Snapshot snap = recent.snapshot();
            executor.execute(new Task<Void>() {
                @Override
                protected Void call() {
                    recent.write(snap);
                    return null;
                }
            });
        }
    }

    /** Reads the stored list in the background (the configuration directory may be on a slow mount). */
    private void readStore() {
        Task<List<List<Path>>> read = new Task<>() {
            @Override
            protected List<List<Path>> call() {
                return recent.readStore();
            }
        };
        read.setOnSucceeded(e -> {
            if (recent.mergeStored(read.getValue())) {
                changed();
            } else {
                entries.setAll(recent.entries());
            }
        });
        executor.execute(read);
    }

    /**
     * Finds out in the background which recent entries have a file that is gone, for the menu to
     * mark them (a file on a dead network mount would hang the check, so the FX thread never
     * makes it). One check at a time; until it answers, entries are offered as they are, and
     * opening a missing one says so.
     */
    void check() {
        if (checking || entries.isEmpty()) {
            return;
        }
        checking = true;
        List<List<Path>> asked = List.copyOf(entries);
        Task<Map<List<Path>, List<Path>>> check = new Task<>() {
            @Override
            protected Map<List<Path>, List<Path>> call() {
                Map<List<Path>, List<Path>> gone = new HashMap<>();
                for (List<Path> entry : asked) {
                    List<Path> files = RecentFiles.missing(entry);
                    if (!files.isEmpty()) {
                        gone.put(entry, files);
                    }
                }
                return gone;
            }
        };
        check.setOnSucceeded(e -> {
            checking = false;
            Map<List<Path>, List<Path>> gone = new HashMap<>(check.getValue());
            gone.keySet().retainAll(entries); // an entry cleared meanwhile is not marked
            if (!gone.equals(missing.get())) {
                missing.clear();
                missing.putAll(gone);
            }
        });
        check.setOnFailed(e -> checking = false);
        check.setOnCancelled(e -> checking = false);
        executor.execute(check);
    }
}
