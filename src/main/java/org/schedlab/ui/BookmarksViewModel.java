package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.schedlab.model.Dataset;
import org.schedlab.model.MarkKind;
import org.schedlab.model.Marks;
import org.schedlab.render.Bookmark;

/**
 * The user's markers on the timeline, each with a note, in time order. A dataset's own bookmark
 * marks are there when it opens; a new dataset replaces them all (a simulated run's timeline puts
 * the user's back when the new dataset is another run of the same scenario: see the lab's
 * RunViewModel). It remembers the bookmarks as last opened or saved, so the window can ask before
 * an open or a close drops the ones added or edited since: they are the user's work, and nothing
 * else keeps them.
 */
public final class BookmarksViewModel {
    private final TimelineViewModel timeline;
    private final ObservableList<Bookmark> bookmarks = FXCollections.observableArrayList();
    /** The bookmarks as the dataset opened with them or as last saved in a workspace. */
    private List<Bookmark> kept = List.of();

    BookmarksViewModel(TimelineViewModel timeline) {
        this.timeline = timeline;
        timeline.datasetProperty().addListener((Observable o) -> load(timeline.dataset()));
    }

    private void load(Dataset d) {
        bookmarks.clear();
        Marks m = d.marks();
        for (int i = 0; i < m.size(); i++) {
            if (m.kind(i) == MarkKind.BOOKMARK) {
                bookmarks.add(new Bookmark(m.tNs(i), m.note(i)));
            }
        }
        kept = List.copyOf(bookmarks);
    }

    /** {@code marks} are kept elsewhere (opened from, or saved to, a workspace): losing them loses nothing. */
    public void markKept(List<Bookmark> marks) {
        kept = List.copyOf(marks);
    }

    /**
     * The bookmarks kept elsewhere ({@link #markKept}): a run that puts the user's bookmarks on its
     * rerun or on the other A/B side carries these along, so moving them loses nothing either.
     */
    public List<Bookmark> kept() {
        return kept;
    }

    /**
     * How many bookmarks were added or edited (a note changed) since the dataset opened or the
     * workspace was last opened or saved: what replacing the dataset now would lose. A removed
     * one is not counted - nothing of it would be lost.
     */
    public int unsavedCount() {
        List<Bookmark> left = new ArrayList<>(kept);
        int count = 0;
        for (Bookmark b : bookmarks) {
            if (!left.remove(b)) {
                count++;
            }
        }
        return count;
    }

    public ObservableList<Bookmark> bookmarks() {
        return bookmarks;
    }

    List<Bookmark> list() {
        return List.copyOf(bookmarks);
    }

    /** Adds a bookmark at {@code tNs} (kept in time order); returns its index. */
    public int add(long tNs, String note) {
        int i = 0;
        while (i < bookmarks.size() && bookmarks.get(i).tNs() <= tNs) {
            i++;
        }
        bookmarks.add(i, new Bookmark(tNs, note.strip()));
        return i;
    }

    public void setNote(int index, String note) {
        Bookmark b = bookmarks.get(index);
        bookmarks.set(index, new Bookmark(b.tNs(), note.strip()));
    }

    public void remove(int index) {
        bookmarks.remove(index);
    }

    /** Centers the window on bookmark {@code index}. */
    public void goTo(int index) {
        timeline.centerOn(bookmarks.get(index).tNs());
    }
}
