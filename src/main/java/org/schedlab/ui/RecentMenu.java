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
 * it opens finds files gone (those entries are shown disabled, "(missing)"). The menu itself
 * never looks at a file: a path on a dead network mount would hang the window.
 */
final class RecentMenu {
    private RecentMenu() {
    }

    static Menu of(WorkbenchViewModel vm, Consumer<List<Path>> open) {
        Menu m = new Menu("Open recent", new FontIcon(MaterialDesignH.HISTORY));
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
            boolean available = !vm.recentMissingProperty().contains(entry);
            MenuItem mi = item("menu-recent-" + items.size(), label(entry) + (available ? "" : "  (missing)"));
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
            MenuItem clear = item("menu-recent-clear", "Clear recent files");
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
