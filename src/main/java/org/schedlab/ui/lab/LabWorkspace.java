package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;

import org.schedlab.model.Dataset;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.ui.TimelineViewModel;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;

/**
 * The lab's share of a workspace: the Live run and the A/B setup (scenario, parameters and seed
 * per side, seeds per side, the data a side showed instead of its simulation) with their view
 * windows. Restoring
 * reruns the simulations in the background exactly as opening them by hand does; same
 * parameters and seed give the same run, so the saved window shows the same moment again.
 * How the scenario and its values are saved and checked is {@link SavedScenario}'s; putting back
 * the data a side showed is {@link RestoredSideData}'s.
 */
final class LabWorkspace implements WorkspaceViewModel.Part {
    private final LabViewModel lab;
    /**
     * A run or A/B setup of the workspace last restored that could not be shown (its scenario is
     * not in this version): saved again as it was, until the user opens one of their own, so a
     * save does not replace it with whatever the tab still shows from before.
     */
    private Optional<Workspace.SimRun> unrestoredLive = Optional.empty();
    private Optional<Workspace.AbSetup> unrestoredAb = Optional.empty();
    /** Counts restores, so a scenario file read for an older one is not shown over a newer one. */
    private int restores;
    /** The data A/B sides showed, put back by a restore and kept by a save while a side cannot show it. */
    private final RestoredSideData sideData;

    LabWorkspace(LabViewModel lab, WorkbenchViewModel reader) {
        this.lab = lab;
        this.sideData = new RestoredSideData(lab, reader);
        lab.livePanelProperty().addListener((Observable o) -> {
            if (!lab.liveIsStandIn()) { // the default run the tab opened while a restore reads its file
                unrestoredLive = Optional.empty();
            }
        });
        lab.compare().panelProperty(CompareViewModel.Side.A)
                .addListener((Observable o) -> unrestoredAb = Optional.empty());
    }

    @Override
    public Workspace capture(Workspace w) {
        Optional<Workspace.SimRun> live = Optional.ofNullable(lab.livePanelProperty().get()).flatMap(p -> {
            Map<String, String> o = p.overrides();
            return SavedScenario.seedOf(p.scenario(), o).map(seed -> new Workspace.SimRun(
                    SavedScenario.reference(p.scenario()), o, seed,
                    window(lab.live().timeline()), bookmarksOf(lab.live().timeline()),
                    Optional.of(SavedScenario.valuesOf(p.scenario())), Optional.of(ScenarioText.hashes(p.scenario())),
                    lab.liveTaskLanes().picks()));
        });
        CompareViewModel c = lab.compare();
        Optional<Workspace.AbSetup> ab = Optional.empty();
        ParameterPanelViewModel pa = c.panel(CompareViewModel.Side.A);
        ParameterPanelViewModel pb = c.panel(CompareViewModel.Side.B);
        if (c.scenario().isPresent() && pa != null && pb != null) {
            Scenario s = c.scenario().get();
            Optional<Long> seedA = SavedScenario.seedOf(s, pa.overrides());
            Optional<Long> seedB = SavedScenario.seedOf(s, pb.overrides());
            if (seedA.isPresent() && seedB.isPresent()) {
                ab = Optional.of(new Workspace.AbSetup(SavedScenario.reference(s),
                        side(c, CompareViewModel.Side.A, pa.overrides(), seedA.get()),
                        side(c, CompareViewModel.Side.B, pb.overrides(), seedB.get()),
                        c.seedsProperty().get(), windowOfA(c), c.lanesLinkedProperty().get(),
                        Optional.of(SavedScenario.valuesOf(s)), Optional.of(ScenarioText.hashes(s)), c.taskLanes().picks()));
            }
        }
        return w.withLive(unrestoredLive.isPresent() ? unrestoredLive : live)
                .withAb(unrestoredAb.isPresent() ? unrestoredAb : ab);
    }

    /**
     * The Live run's and each A/B side's bookmarks added or edited since the workspace was opened
     * or last saved: opening a workspace or closing the window drops them, as it does the Dataset
     * tab's.
     */
    @Override
    public Map<String, Integer> unsavedBookmarks() {
        Map<String, Integer> where = new java.util.LinkedHashMap<>();
        where.put("Live run", lab.live().timeline().bookmarks().unsavedCount());
        where.put("A/B side A", lab.compare().side(CompareViewModel.Side.A).timeline().bookmarks().unsavedCount());
        where.put("A/B side B", lab.compare().side(CompareViewModel.Side.B).timeline().bookmarks().unsavedCount());
        return where;
    }

    /**
     * Restoring a workspace without a Live run leaves the Live run as it is (its bookmarks too),
     * one without an A/B setup both sides ({@link #restore}): only what {@code replacing} has.
     */
    @Override
    public Map<String, Integer> unsavedBookmarks(Workspace replacing) {
        Map<String, Integer> where = new java.util.LinkedHashMap<>(unsavedBookmarks());
        if (replacing.live().isEmpty()) {
            where.remove("Live run");
        }
        if (replacing.ab().isEmpty()) {
            where.remove("A/B side A");
            where.remove("A/B side B");
        }
        return where;
    }

    /**
     * A run or A/B setup the workspace last opened could not show is saved as it was, not as the
     * tab shows it: the bookmarks shown there are not kept by a save until the user opens one.
     * Likewise an A/B side showing its simulation in place of data a restore could not show: a
     * save keeps that data with its own bookmarks, not those on the simulation ({@link #side}).
     */
    @Override
    public java.util.Set<String> notKeptBySave() {
        java.util.Set<String> where = new java.util.LinkedHashSet<>();
        if (unrestoredLive.isPresent()) {
            where.add("Live run");
        }
        CompareViewModel c = lab.compare();
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            if (unrestoredAb.isPresent() || showsSimulationInPlaceOfData(c, s)) {
                where.add("A/B side " + s);
            }
        }
        return where;
    }

    /** Side {@code s} shows its simulation, keeping data a restore could not show: a save keeps that data. */
    private static boolean showsSimulationInPlaceOfData(CompareViewModel c, CompareViewModel.Side s) {
        return WorkspaceViewModel.sourcesOf(c.dataSources(s)).isEmpty() && c.unshownDataProperty(s).get().isPresent();
    }

    /**
     * Once {@code w} is written, the bookmarks it keeps of each run count as saved - on a run that
     * still shows the same dataset with the same bookmarks. A side showing its simulation in place
     * of data a restore could not show saves that data's bookmarks, not the simulation's: those
     * stay unsaved.
     */
    @Override
    public Runnable saving(Workspace w) {
        CompareViewModel c = lab.compare();
        List<Runnable> kept = List.of(
                keptBy(lab.live().timeline(), w.live().map(Workspace.SimRun::bookmarks)),
                keptBy(c.side(CompareViewModel.Side.A).timeline(), w.ab().map(ab -> ab.a().bookmarks())),
                keptBy(c.side(CompareViewModel.Side.B).timeline(), w.ab().map(ab -> ab.b().bookmarks())));
        return () -> kept.forEach(Runnable::run);
    }

    private static Runnable keptBy(TimelineViewModel t, Optional<List<org.schedlab.render.Bookmark>> saved) {
        Dataset shown = t.dataset();
        List<org.schedlab.render.Bookmark> marks = List.copyOf(t.bookmarks().bookmarks());
        if (saved.isEmpty() || !saved.get().equals(marks)) {
            return () -> { };
        }
        return () -> {
            if (t.dataset() == shown) {
                t.bookmarks().markKept(marks);
            }
        };
    }

    /**
     * Side {@code s} as saved: its parameters and seed, its data and the bookmarks on what it
     * shows - or, while it shows its simulation in place of data a restore could not show, the
     * bookmarks saved with that data (they mark moments of the data, not of the simulation).
     */
    private Workspace.AbSide side(CompareViewModel c, CompareViewModel.Side s, Map<String, String> overrides,
                                  long seed) {
        Optional<Workspace.Sources> data = data(c, s);
        List<org.schedlab.render.Bookmark> marks = showsSimulationInPlaceOfData(c, s)
                ? sideData.unshownBookmarks(data.get())
                : bookmarksOf(c.side(s).timeline());
        return new Workspace.AbSide(overrides, seed, data, marks);
    }

    private static List<org.schedlab.render.Bookmark> bookmarksOf(TimelineViewModel t) {
        return t.dataset() == TimelineViewModel.NO_DATASET ? List.of() : List.copyOf(t.bookmarks().bookmarks());
    }

    /**
     * The data side {@code s} shows, or else the data a restore could not show on it (a file gone
     * with its disk): kept, so saving again does not turn the side into a simulation for good.
     */
    private static Optional<Workspace.Sources> data(CompareViewModel c, CompareViewModel.Side s) {
        Optional<Workspace.Sources> shown = WorkspaceViewModel.sourcesOf(c.dataSources(s));
        return shown.isPresent() ? shown : c.unshownDataProperty(s).get().map(CompareViewModel.UnshownData::sources);
    }

    /** A's window: the one kept with data A could not show (in that data's clock), else what A shows. */
    private static Optional<Workspace.TimeWindow> windowOfA(CompareViewModel c) {
        Optional<CompareViewModel.UnshownData> unshown = c.unshownDataProperty(CompareViewModel.Side.A).get();
        return unshown.isPresent() ? unshown.get().window() : window(c.side(CompareViewModel.Side.A).timeline());
    }

    @Override
    public void restore(Workspace w, Consumer<String> problems) {
        restore(w, problems, () -> { });
    }

    /**
     * Built-in scenarios open at once; a scenario file is read by the lab's executor first (a
     * file on a dead network mount must not hang the window), and opens when read unless another
     * workspace was restored meanwhile or the user opened a scenario of their own.
     */
    @Override
    public void restore(Workspace w, Consumer<String> problems, Runnable finished) {
        int generation = ++restores;
        sideData.begin(w);
        // a workspace without a Live run or an A/B setup leaves that tab as it is
        // (unsavedBookmarks(Workspace)), and with it the run an earlier one could not restore,
        // which the next save keeps as that workspace saved it
        if (w.live().isPresent()) {
            unrestoredLive = Optional.empty();
        }
        if (w.ab().isPresent()) {
            unrestoredAb = Optional.empty();
        }
        List<String> abProblems = new ArrayList<>();
        List<String> liveProblems = new ArrayList<>();
        List<CompareViewModel.Side> ownData = w.ab().map(ab -> RestoredSideData.sidesWithOwnData(w, ab)).orElse(List.of());
        int[] waiting = {2 + ownData.size()};
        Runnable answered = () -> {
            if (--waiting[0] == 0) {
                abProblems.forEach(problems); // A/B's first, as the workspace lists them
                liveProblems.forEach(problems);
                finished.run();
            }
        };
        Object abBefore = lab.compare().panel(CompareViewModel.Side.A);
        withScenario(w.ab().map(Workspace.AbSetup::scenario), generation, "A/B", abProblems,
                () -> lab.compare().panel(CompareViewModel.Side.A) != abBefore, () -> unrestoredAb = w.ab(),
                s -> restoreAb(w.ab().orElseThrow(), s, abProblems::add), answered);
        Object liveBefore = lab.livePanelProperty().get();
        withScenario(w.live().map(Workspace.SimRun::scenario), generation, "Live run", liveProblems,
                () -> lab.livePanelProperty().get() != liveBefore && !lab.liveIsStandIn(), () -> unrestoredLive = w.live(),
                s -> restoreLive(w.live().orElseThrow(), s, liveProblems::add), answered);
        for (CompareViewModel.Side side : ownData) {
            sideData.readOwnData(w.ab().orElseThrow(), side, () -> generation == restores, abProblems::add, answered);
        }
    }

    private void restoreAb(Workspace.AbSetup ab, Scenario s, Consumer<String> problems) {
        CompareViewModel c = lab.compare();
        int seeds = ab.seedsPerSide();
        if (seeds > CompareViewModel.MAX_SEEDS) {
            // the file format takes up to 1000 (a hand-edited count); the tab runs at most 20: say
            // so rather than showing 20 as if the workspace had said it
            problems.accept("A/B: " + seeds + " seeds per side is more than the A/B tab runs (1.."
                    + CompareViewModel.MAX_SEEDS + "); " + CompareViewModel.MAX_SEEDS + " are used");
            seeds = CompareViewModel.MAX_SEEDS;
        }
        c.seedsProperty().set(seeds);
        c.lanesLinkedProperty().set(ab.lanesLinked());
        try {
            Map<String, String> savedA = ab.a().parametersWithSeed();
            Map<String, String> savedB = ab.b().parametersWithSeed();
            Set<String> onBoth = new java.util.HashSet<>(savedA.keySet()); // the scenario's value shows on neither
            onBoth.retainAll(savedB.keySet());
            SavedScenario.changedSince(s, ab.scenarioValues(), ab.scenarioText(), "A/B", onBoth).ifPresent(problems);
            c.open(s, SavedScenario.fitting(s, savedA, "A/B side A", problems),
                    SavedScenario.fitting(s, savedB, "A/B side B", problems));
            ab.taskLanes().ifPresent(c.taskLanes()::pick); // open() forgot the picks before: kept for its runs
            // A's window is in the clock of what A showed: a side that showed the Dataset tab gets it
            // back when the data is (datasetRestored), not on the simulation that stands in until then
            // each on the run of its side's values: a swap before the runs are in moves them across,
            // Make B the new A leaves A's to no run
            Object valuesA = c.valuesOf(CompareViewModel.Side.A);
            Object valuesB = c.valuesOf(CompareViewModel.Side.B);
            List<RunViewModel> sides = List.of(c.side(CompareViewModel.Side.A), c.side(CompareViewModel.Side.B));
            if (ab.a().data().isEmpty()) {
                whenShown(() -> c.sideOf(valuesA).map(c::side).orElse(null), sides,
                        () -> c.panel(CompareViewModel.Side.A), ab.window(), ab.a().bookmarks());
            }
            if (ab.b().data().isEmpty()) {
                whenShown(() -> c.sideOf(valuesB).map(c::side).orElse(null), sides,
                        () -> c.panel(CompareViewModel.Side.B), Optional.empty(), ab.b().bookmarks());
            }
            sideData.abOpened();
        } catch (IllegalArgumentException e) {
            problems.accept("A/B: " + e.getMessage());
            unrestoredAb = Optional.of(ab);
        }
    }

    private void restoreLive(Workspace.SimRun run, Scenario s, Consumer<String> problems) {
        try {
            SavedScenario.changedSince(s, run.scenarioValues(), run.scenarioText(), "Live run",
                    run.parametersWithSeed().keySet()).ifPresent(problems);
            lab.openLive(s, SavedScenario.fitting(s, run.parametersWithSeed(), "Live run", problems));
            // the workspace's picks, or none: those of the same scenario shown before do not stay
            run.taskLanes().ifPresentOrElse(lab.liveTaskLanes()::pick, lab.liveTaskLanes()::forget);
            whenShown(lab::live, List.of(lab.live()), lab.livePanelProperty()::get, run.window(), run.bookmarks());
        } catch (IllegalArgumentException e) {
            problems.accept("Live run: " + e.getMessage());
            unrestoredLive = Optional.of(run);
        }
    }

    /**
     * Hands the scenario {@code name} to {@code show}, then calls {@code answered}: a built-in at
     * once, a file once the executor has read it - dropped if a newer restore started or
     * {@code userOpenedOther} says the tab shows a scenario the user opened meanwhile. One that
     * cannot be opened is named in {@code problems} and kept, as saved, by {@code ifMissing}.
     */
    private void withScenario(Optional<String> name, int generation, String where, List<String> problems,
                              java.util.function.BooleanSupplier userOpenedOther, Runnable ifMissing,
                              Consumer<Scenario> show, Runnable answered) {
        if (name.isEmpty()) {
            answered.run();
            return;
        }
        if (LabViewModel.builtInScenarios().contains(name.get())) {
            load(name.get(), where, problems::add, ifMissing).ifPresent(show);
            answered.run();
            return;
        }
        ifMissing.run(); // until the read run shows, a save keeps it as the workspace saved it
        lab.read(name.get(), s -> {
            if (generation == restores && !userOpenedOther.getAsBoolean()) {
                show.accept(s);
            }
            answered.run();
        }, why -> {
            if (generation == restores && !userOpenedOther.getAsBoolean()) {
                ifMissing.run();
                problems.add(where + ": " + why);
            }
            answered.run();
        });
    }

    @Override
    public void datasetRestored(Workspace w, Dataset d, String name) {
        sideData.datasetRestored(w, d, name);
    }

    @Override
    public void datasetNotRestored(Workspace w, String why) {
        sideData.datasetNotRestored(w, why);
    }

    private Optional<Scenario> load(String name, String where, Consumer<String> problems, Runnable ifMissing) {
        Optional<Scenario> s = lab.load(name);
        if (s.isEmpty()) {
            ifMissing.run();
            problems.accept(where + ": " + lab.messageProperty().get());
            lab.report("");
        }
        return s;
    }

    private static Optional<Workspace.TimeWindow> window(TimelineViewModel t) {
        return t.dataset() == TimelineViewModel.NO_DATASET || t.endNs() <= t.startNs() ? Optional.empty()
                : Optional.of(new Workspace.TimeWindow(t.startNs(), t.endNs()));
    }

    /**
     * Sets the window and the bookmarks once the rerun's dataset is on screen: the saved ones,
     * none included (a rerun of the scenario the tab showed keeps the bookmarks it had, which are
     * not the workspace's). Deferred to the next pulse because the run's own swap-in positions the
     * window right after announcing the new outcome. Only on a run of the panel the restore opened
     * ({@code panel} still gives it): a scenario the user opened, or data put on the side, before the
     * restored run was in shows with its own window and bookmarks - the saved ones belong to
     * another run's clock. {@code holder}: the run that has the restored values now, among
     * {@code runs} (on A/B, Swap moves them to the other side), or null when no run has them (Make B
     * the new A replaced A's); a result it shows only until a
     * rerun replaces it (the other side's, which a swap puts there) is not theirs.
     */
    private static void whenShown(java.util.function.Supplier<RunViewModel> holder, List<RunViewModel> runs,
                                  java.util.function.Supplier<ParameterPanelViewModel> panel,
                                  Optional<Workspace.TimeWindow> window, List<org.schedlab.render.Bookmark> bookmarks) {
        ParameterPanelViewModel restored = panel.get();
        InvalidationListener once = new InvalidationListener() {
            private boolean settled;

            @Override
            public void invalidated(Observable o) {
                RunViewModel run = holder.get();
                if (run == null) { // the values are nobody's now: nothing to wait for
                    settled = true;
                    runs.forEach(r -> r.outcomeProperty().removeListener(this));
                    return;
                }
                Optional<RunOutcome> in = run.outcome().filter(r -> r.dataset().isPresent());
                if (o == run.outcomeProperty() && in.isPresent()) {
                    Platform.runLater(() -> settle(in.get()));
                }
            }

            private void settle(RunOutcome seen) {
                RunViewModel run = holder.get(); // a swap since moved the result with its values
                if (settled || run == null || run.outcome().orElse(null) != seen || run.staleProperty().get()) {
                    return; // done, or a later result is in (its own call decides), or a rerun replaces it
                }
                settled = true;
                runs.forEach(r -> r.outcomeProperty().removeListener(this));
                if (!seen.simulated() || panel.get() != restored) {
                    return;
                }
                window.ifPresent(win -> run.timeline().setWindow(win.startNs(), win.endNs()));
                if (run.timeline().dataset() == seen.dataset().get()) {
                    run.timeline().bookmarks().bookmarks().setAll(bookmarks);
                    run.timeline().bookmarks().markKept(bookmarks); // the workspace keeps them
                }
            }
        };
        runs.forEach(r -> r.outcomeProperty().addListener(once));
    }
}
