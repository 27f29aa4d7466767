package org.schedlab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javafx.beans.Observable;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;

/**
 * File > Open recent: rebuilt when the list changes and when the check made in the background as
 * it opens finds files gone (those entries are shown disabled, "(missing)", a several-file entry
 * naming its files that are gone: "(missing: pgbench.txt)"). The menu itself
 * never looks at a file: a path on a dead network mount would hang the window.
 */
final class RecentMenu {
    private RecentMenu() {
    }

    static Menu of(WorkbenchViewModel vm, Consumer<List<Path>> open) {
        Menu m = new Menu("Open _recent", new FontIcon(MaterialDesignH.HISTORY));
        m.setId("menu-recent");
        vm.recentEntriesProperty().addListener((Observable o) -> fill(m, vm, open));
        vm.recentMissingProperty().addListener((Observable o) -> fill(m, vm, open));
        m.setOnShowing(e -> vm.checkRecent()); // in the background: the menu updates when it answers
        fill(m, vm, open);
        return m;
    }

    private static void fill(Menu m, WorkbenchViewModel vm, Consumer<List<Path>> open) {
        List<MenuItem> items = new ArrayList<>();
        for (List<Path> entry : vm.recentEntriesProperty()) {
            List<Path> gone = vm.recentMissingProperty().get(entry);
            boolean available = gone == null || gone.isEmpty();
            MenuItem mi = item("menu-recent-" + items.size(), label(entry) + (available ? "" : missingNote(entry, gone)));
            mi.setOnAction(e -> open.accept(entry));
            mi.setDisable(!available);
            items.add(mi);
        }
        if (items.isEmpty()) {
            MenuItem none = item("menu-recent-none", "No recent files");
            none.setDisable(true);
            items.add(none);
        } else {
            items.add(new SeparatorMenuItem());
            MenuItem clear = item("menu-recent-clear", "_Clear recent files");
            clear.setMnemonicParsing(true); // its own words: C its Alt letter
            clear.setGraphic(new FontIcon(MaterialDesignD.DELETE_OUTLINE));
            clear.setOnAction(e -> vm.clearRecent());
            items.add(clear);
        }
        m.getItems().setAll(items);
    }

    private static MenuItem item(String id, String text) {
        MenuItem mi = new MenuItem(text);
        mi.setMnemonicParsing(false); // file names are full of underscores
        mi.setId(id);
        return mi;
    }

    /**
     * What a disabled entry's label ends with: "  (missing)" for one file; for several, which are
     * gone, "  (missing: pgbench.txt)", so the user knows which file to put back. A file is named
     * as the label names it, with its folder where two files of the entry share a name.
     */
    static String missingNote(List<Path> entry, List<Path> gone) {
        if (entry.size() == 1) {
            return "  (missing)";
        }
        if (gone.size() == entry.size()) {
            return entry.size() == 2 ? "  (missing: both files)" : "  (missing: all " + entry.size() + " files)";
        }
        StringBuilder sb = new StringBuilder("  (missing: ");
        for (int i = 0; i < gone.size(); i++) {
            Path p = gone.get(i);
            Path name = p.getFileName();
            boolean shared = entry.stream().filter(q -> java.util.Objects.equals(q.getFileName(), name)).count() > 1;
            sb.append(i == 0 ? "" : ", ").append(shared || name == null ? p : name);
        }
        return sb.append(')').toString();
    }

    /**
     * "perf_sched_script.txt.gz + pgbench.txt  -  /home/me/runs"; files of one run from different
     * folders each with its own, "perf.txt (/runs/a) + pgbench.txt (/runs/b)": the first file's
     * folder alone put the second where it is not.
     */
    static String label(List<Path> entry) {
        Path dir = entry.get(0).getParent();
        boolean oneDir = entry.stream().allMatch(p -> java.util.Objects.equals(p.getParent(), dir));
        StringBuilder sb = new StringBuilder();
        for (Path p : entry) {
            sb.append(sb.length() == 0 ? "" : " + ").append(p.getFileName());
            if (!oneDir && p.getParent() != null) {
                sb.append(" (").append(p.getParent()).append(')');
            }
        }
        return !oneDir || dir == null ? sb.toString() : sb + "  \u2014  " + dir;
    }
}
