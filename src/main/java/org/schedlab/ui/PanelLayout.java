package org.schedlab.ui;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import org.schedlab.workspace.Workspace;

/**
 * The state of the panels beside the timelines that a workspace keeps: which tab each tabbed
 * panel shows (the Dataset tab's side panel: Selection, CPU, Locks, ...; the A/B delta table's),
 * whether each foldable group is open (a parameter panel's "Not used by this scenario") and where
 * each split pane's dividers sit (timeline and side panel, A, B and the delta table; A/B's also
 * where they were before "Fit CPU lanes" moved them). Panels
 * register here by a name the workspace file uses; {@link #capture()} reads them all and
 * {@link #restore} puts them back, a panel the workspace does not name (one saved before these were
 * kept) to how a new window shows it, a name or tab this version does not have ignored.
 */
public final class PanelLayout {
    private record Tabs(TabPane pane, List<String> names) {
    }

    private record Group(BooleanProperty open, boolean openByDefault) {
    }

    private record Split(SplitPane pane, double[] defaults, Optional<SetAside> aside) {
    }

    /**
     * A split whose dividers are set aside for a while (A/B's table given the whole tab, A and B
     * folded): a save keeps the positions it goes back to, and it goes back before a workspace's
     * are placed.
     */
    public interface SetAside {
        /** The positions the split goes back to; empty while it shows its own. */
        Optional<double[]> positions();

        /** Goes back to them (a workspace's positions are about to be placed). */
        void goBack();

        /**
         * Where the dividers were before "Fit CPU lanes" moved them, while they are where it put
         * them: where turning it off puts them back. Empty when it did not move them.
         */
        default Optional<double[]> beforeFit() {
            return Optional.empty();
        }

        /**
         * A workspace's positions {@code placed} are placed (or wait for the split's first layout);
         * {@code beforeFit}, where its dividers were before "Fit CPU lanes" moved them, if it says.
         */
        default void restored(double[] placed, Optional<double[]> beforeFit) {
        }
    }

    private final Map<String, Tabs> tabs = new LinkedHashMap<>();
    private final Map<String, Group> groups = new LinkedHashMap<>();
    private final Map<String, Split> splits = new LinkedHashMap<>();
    /** The tabbed panels that follow the data opened ({@link #addDataTabs}). */
    private final List<String> dataTabs = new ArrayList<>();
    /**
     * Positions restored into a split that has not been laid out yet (the window not shown, or its
     * tab never laid out): set now, the split's first layout would place its dividers anew and
     * lose them, so they wait for the split to get its size.
     */
    private final Map<SplitPane, double[]> waiting = new IdentityHashMap<>();

    /**
     * A tabbed panel, saved as {@code name}; {@code tabNames} names its tabs in order (the names
     * the file uses). Its first tab is what a new window shows.
     */
    public void addTabs(String name, TabPane pane, List<String> tabNames) {
        if (tabNames.size() != pane.getTabs().size()) {
            throw new IllegalArgumentException(name + ": " + tabNames.size() + " names for " + pane.getTabs().size() + " tabs");
        }
        tabs.put(name, new Tabs(pane, List.copyOf(tabNames)));
    }

    /**
     * As {@link #addTabs}, for a panel that turns to a tab of its own when data is opened (the
     * Dataset tab's side panel shows Figures for a file without CPU lanes): a workspace's data is
     * read after its panels are restored, so {@link #datasetRestored} shows the saved tab again.
     */
    public void addDataTabs(String name, TabPane pane, List<String> tabNames) {
        addTabs(name, pane, tabNames);
        dataTabs.add(name);
    }

    /** A foldable group, saved as {@code name}, open or folded as {@code open} says. */
    public void addGroup(String name, BooleanProperty open, boolean openByDefault) {
        groups.put(name, new Group(open, openByDefault));
    }

    /**
     * A split pane, saved as {@code name}: the positions of its dividers. Where they are now is
     * what a new window shows (restored when a workspace does not name it).
     */
    public void addDividers(String name, SplitPane pane) {
        splits.put(name, new Split(pane, pane.getDividerPositions().clone(), Optional.empty()));
    }

    /** As {@link #addDividers(String, SplitPane)}, for a split whose dividers {@code aside} may hold for a while. */
    public void addDividers(String name, SplitPane pane, SetAside aside) {
        splits.put(name, new Split(pane, pane.getDividerPositions().clone(), Optional.of(aside)));
    }

    /** Every registered panel as it is now. */
    public Workspace.Panels capture() {
        Map<String, String> t = new LinkedHashMap<>();
        tabs.forEach((name, p) -> {
            int i = p.pane().getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                t.put(name, p.names().get(i));
            }
        });
        Map<String, Boolean> g = new LinkedHashMap<>();
        groups.forEach((name, group) -> g.put(name, group.open().get()));
        Map<String, List<Double>> d = new LinkedHashMap<>();
        Map<String, List<Double>> beforeFit = new LinkedHashMap<>();
        splits.forEach((name, split) -> {
            double[] now = split.aside().flatMap(SetAside::positions).orElseGet(split.pane()::getDividerPositions);
            d.put(name, fractions(waiting.getOrDefault(split.pane(), now)));
            split.aside().flatMap(SetAside::beforeFit).ifPresent(at -> beforeFit.put(name, fractions(at)));
        });
        return new Workspace.Panels(t, g, d, beforeFit, List.of());
    }

    private static List<Double> fractions(double[] positions) {
        List<Double> at = new ArrayList<>();
        for (double x : positions) {
            at.add(Math.max(0, Math.min(1, x)));
        }
        return at;
    }

    /**
     * Shows {@code saved}: each panel's tab and each group as saved; a panel or group it does not
     * name, or names with a tab this version does not have, as a new window shows it.
     */
    public void restore(Workspace.Panels saved) {
        tabs.forEach((name, p) -> {
            int i = p.names().indexOf(saved.tabs().getOrDefault(name, ""));
            Tab tab = p.pane().getTabs().get(Math.max(i, 0));
            p.pane().getSelectionModel().select(tab);
        });
        groups.forEach((name, group) -> group.open().set(saved.groups().getOrDefault(name, group.openByDefault())));
        splits.forEach((name, split) -> {
            split.aside().ifPresent(SetAside::goBack);
            double[] at = positions(saved.dividers().get(name), split).orElse(split.defaults());
            place(split.pane(), at);
            Optional<double[]> beforeFit = positions(saved.dividersBeforeFit().get(name), split);
            split.aside().ifPresent(a -> a.restored(at.clone(), beforeFit));
        });
    }

    /** {@code saved}'s positions for {@code split}: as many as it has dividers, or it is another version's split. */
    private static Optional<double[]> positions(List<Double> saved, Split split) {
        return saved != null && saved.size() == split.defaults().length
                ? Optional.of(saved.stream().mapToDouble(Double::doubleValue).toArray()) : Optional.empty();
    }

    /**
     * The Dataset tab's data of a restored workspace is on screen again: each panel that follows
     * the data shows the tab {@code saved} names, as the user left it, not the one the data turned
     * it to; one {@code saved} does not name (a workspace saved before the panels were kept) stays
     * as the data turned it.
     */
    public void datasetRestored(Workspace.Panels saved) {
        for (String name : dataTabs) {
            Tabs p = tabs.get(name);
            int i = p.names().indexOf(saved.tabs().getOrDefault(name, ""));
            if (i >= 0) {
                p.pane().getSelectionModel().select(i);
            }
        }
    }

    /**
     * Puts {@code pane}'s dividers at {@code at}: at once if it has been laid out, else when its
     * parent first gives it a size - before its own layout in that pass, which then places the
     * dividers there.
     */
    private void place(SplitPane pane, double[] at) {
        if (laidOut(pane)) {
            waiting.remove(pane);
            setInOrder(pane, at);
            return;
        }
        boolean listening = waiting.containsKey(pane);
        waiting.put(pane, at.clone());
        if (listening) {
            return; // the listener added before places the newest positions
        }
        // a change listener: an invalidation listener hears nothing more until someone reads the
        // bounds, and the first change may come while the split has no skin yet
        ChangeListener<Object> sized = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<?> o, Object was, Object now) {
                if (!laidOut(pane)) {
                    return;
                }
                pane.layoutBoundsProperty().removeListener(this);
                pane.skinProperty().removeListener(this);
                double[] positions = waiting.remove(pane);
                if (positions != null) {
                    setInOrder(pane, positions);
                }
            }
        };
        pane.layoutBoundsProperty().addListener(sized);
        pane.skinProperty().addListener(sized); // sized before its skin came (a later CSS pass)
    }

    /**
     * Puts {@code pane}'s dividers at {@code at}, each where asked: the split places them in order,
     * each short of where the next one is, so a first divider going down past the second's old
     * place (A/B's fitted dividers restored over a small A and B) stops there; a pass for each
     * divider puts it.
     */
    private static void setInOrder(SplitPane pane, double[] at) {
        for (int pass = 0; pass < Math.max(1, at.length); pass++) {
            pane.setDividerPositions(at);
            if (pass + 1 < at.length) {
                pane.layout();
            }
        }
    }

    /** Whether {@code pane} has a size to place its dividers in (its window shown, its tab laid out). */
    private static boolean laidOut(SplitPane pane) {
        double size = pane.getOrientation() == Orientation.HORIZONTAL ? pane.getWidth() : pane.getHeight();
        return size > 0 && pane.getSkin() != null;
    }
}
