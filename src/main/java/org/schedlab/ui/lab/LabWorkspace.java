package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;

import org.schedlab.model.Dataset;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.DatasetSource;
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
    /**
     * What the current restore puts on each A/B side that showed data: the reread data once it
     * is read, until then (or for good, when it cannot be read) the note that the side keeps that
     * data while it shows its simulation. Run again if the A/B scenario (a file, read in the
     * background too) opens after the data, as opening it puts both sides back to simulating.
     */
    private final Map<CompareViewModel.Side, Runnable> dataOnSides = new java.util.EnumMap<>(CompareViewModel.Side.class);
    /** The current restore's A/B scenario is open: a side's note goes on at once, not on an older setup. */
    private boolean abOpened;
    /**
     * The bookmarks the last restore's A/B sides had on their data, by that data: saved again
     * for a side that keeps data it could not show (swapped or not), as its data is.
     */
    private final Map<Workspace.Sources, List<org.schedlab.render.Bookmark>> unshownBookmarks = new java.util.HashMap<>();
    /** Reads a side's own data, when it is not what the Dataset tab shows. */
    private final WorkbenchViewModel reader;

    LabWorkspace(LabViewModel lab, WorkbenchViewModel reader) {
        this.lab = lab;
        this.reader = reader;
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
            return seedOf(p.scenario(), o).map(seed -> new Workspace.SimRun(reference(p.scenario()), o, seed,
                    window(lab.live().timeline()), bookmarksOf(lab.live().timeline()),
                    Optional.of(valuesOf(p.scenario())), Optional.of(ScenarioText.hashes(p.scenario()))));
        });
        CompareViewModel c = lab.compare();
        Optional<Workspace.AbSetup> ab = Optional.empty();
        ParameterPanelViewModel pa = c.panel(CompareViewModel.Side.A);
        ParameterPanelViewModel pb = c.panel(CompareViewModel.Side.B);
        if (c.scenario().isPresent() && pa != null && pb != null) {
            Scenario s = c.scenario().get();
            Optional<Long> seedA = seedOf(s, pa.overrides());
            Optional<Long> seedB = seedOf(s, pb.overrides());
            if (seedA.isPresent() && seedB.isPresent()) {
                ab = Optional.of(new Workspace.AbSetup(reference(s),
                        side(c, CompareViewModel.Side.A, pa.overrides(), seedA.get()),
                        side(c, CompareViewModel.Side.B, pb.overrides(), seedB.get()),
                        c.seedsProperty().get(), windowOfA(c), c.lanesLinkedProperty().get(),
                        Optional.of(valuesOf(s)), Optional.of(ScenarioText.hashes(s))));
            }
        }
        return w.withLive(unrestoredLive.isPresent() ? unrestoredLive : live)
                .withAb(unrestoredAb.isPresent() ? unrestoredAb : ab);
    }

    /**
     * Side {@code s} as saved: its parameters and seed, its data and the bookmarks on what it
     * shows - or, while it shows its simulation in place of data a restore could not show, the
     * bookmarks saved with that data (they mark moments of the data, not of the simulation).
     */
    private Workspace.AbSide side(CompareViewModel c, CompareViewModel.Side s, Map<String, String> overrides,
                                  long seed) {
        Optional<Workspace.Sources> data = data(c, s);
        boolean shown = WorkspaceViewModel.sourcesOf(c.dataSources(s)).isPresent();
        List<org.schedlab.render.Bookmark> marks = data.isPresent() && !shown
                ? unshownBookmarks.getOrDefault(data.get(), List.of())
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
        dataOnSides.clear();
        unshownBookmarks.clear();
        abOpened = false;
        // until its data is read (or for good, if it cannot be), a side that showed data keeps it
        w.ab().ifPresent(ab -> {
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                saved.data().ifPresent(d -> {
                    unshownBookmarks.put(d, saved.bookmarks());
                    keep(ab, side, d, "");
                });
            }
        });
        unrestoredLive = Optional.empty();
        unrestoredAb = Optional.empty();
        List<String> abProblems = new ArrayList<>();
        List<String> liveProblems = new ArrayList<>();
        List<CompareViewModel.Side> ownData = w.ab().map(ab -> sidesWithOwnData(w, ab)).orElse(List.of());
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
            readOwnData(w.ab().orElseThrow(), side, generation, abProblems::add, answered);
        }
    }

    /** The A/B sides that showed data other than the Dataset tab's (which comes back with the tab). */
    private static List<CompareViewModel.Side> sidesWithOwnData(Workspace w, Workspace.AbSetup ab) {
        Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
        List<CompareViewModel.Side> sides = new ArrayList<>();
        if (ab.a().data().isPresent() && !ab.a().data().equals(tab)) {
            sides.add(CompareViewModel.Side.A);
        }
        if (ab.b().data().isPresent() && !ab.b().data().equals(tab)) {
            sides.add(CompareViewModel.Side.B);
        }
        return sides;
    }

    /**
     * Reads the data side {@code side} showed, in the background as the Dataset tab's files are
     * read, and puts it back on that side; data that cannot be read is named, and the side shows
     * its simulation.
     */
    private void readOwnData(Workspace.AbSetup ab, CompareViewModel.Side side, int generation,
                             Consumer<String> problems, Runnable answered) {
        Workspace.Sources saved = (side == CompareViewModel.Side.A ? ab.a() : ab.b()).data().orElseThrow();
        String where = "A/B side " + side + ": ";
        Optional<List<DatasetSource>> sources = WorkspaceViewModel.datasetSources(saved);
        if (sources.isEmpty()) {
            String why = "the example " + saved.example().orElse("") + " is not shipped with this version";
            keep(ab, side, saved, why);
            problems.accept(where + why + "; the side shows its simulation");
            answered.run();
            return;
        }
        reader.readApart(sources.get(), (d, name) -> {
            if (generation == restores) {
                Runnable show = () -> showOnSide(ab, side, d, name, sources.get());
                dataOnSides.put(side, show);
                show.run();
            }
            answered.run();
        }, why -> {
            if (generation == restores) {
                keep(ab, side, saved, why);
                problems.accept(where + why + "; the side shows its simulation");
            }
            answered.run();
        });
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
            changedSince(s, ab.scenarioValues(), ab.scenarioText(), "A/B", onBoth).ifPresent(problems);
            c.open(s, fitting(s, savedA, "A/B side A", problems), fitting(s, savedB, "A/B side B", problems));
            // A's window is in the clock of what A showed: a side that showed the Dataset tab gets it
            // back when the data is (datasetRestored), not on the simulation that stands in until then
            if (ab.a().data().isEmpty()) {
                whenShown(c.side(CompareViewModel.Side.A), ab.window(), ab.a().bookmarks());
            }
            if (ab.b().data().isEmpty()) {
                whenShown(c.side(CompareViewModel.Side.B), Optional.empty(), ab.b().bookmarks());
            }
            abOpened = true;
            // the data was read first: back on its sides (or the note that it is not there yet)
            List.copyOf(dataOnSides.values()).forEach(Runnable::run);
        } catch (IllegalArgumentException e) {
            problems.accept("A/B: " + e.getMessage());
            unrestoredAb = Optional.of(ab);
        }
    }

    private void restoreLive(Workspace.SimRun run, Scenario s, Consumer<String> problems) {
        try {
            changedSince(s, run.scenarioValues(), run.scenarioText(), "Live run",
                    run.parametersWithSeed().keySet()).ifPresent(problems);
            lab.openLive(s, fitting(s, run.parametersWithSeed(), "Live run", problems));
            whenShown(lab.live(), run.window(), run.bookmarks());
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
        w.ab().ifPresent(ab -> {
            Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
            List<DatasetSource> sources = tab.flatMap(WorkspaceViewModel::datasetSources).orElse(List.of());
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                if (saved.data().isPresent() && saved.data().equals(tab)) {
                    Runnable show = () -> showOnSide(ab, side, d, name, sources);
                    dataOnSides.put(side, show);
                    show.run();
                }
            }
        });
    }

    @Override
    public void datasetNotRestored(Workspace w, String why) {
        w.ab().ifPresent(ab -> {
            Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                if (saved.data().isPresent() && saved.data().equals(tab)) {
                    keep(ab, side, saved.data().get(), why);
                }
            }
        });
    }

    /**
     * Side {@code side} keeps {@code data} while it shows its simulation instead ({@code why} it
     * does: empty while the data is read); on the side once the restore's A/B is open. Once it
     * is, a reason that comes later only completes the note where it still stands: a side the
     * user has since changed keeps the change, and a side swapped since carries the note along.
     */
    private void keep(Workspace.AbSetup ab, CompareViewModel.Side side, Workspace.Sources data, String why) {
        CompareViewModel c = lab.compare();
        CompareViewModel.UnshownData unshown = new CompareViewModel.UnshownData(data, why,
                side == CompareViewModel.Side.A ? ab.window() : Optional.empty());
        dataOnSides.put(side, () -> c.keepUnshownData(side, unshown));
        if (!abOpened) {
            return;
        }
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            c.unshownDataProperty(s).get()
                    .filter(u -> u.why().isEmpty() && u.sources().equals(data))
                    .ifPresent(u -> c.keepUnshownData(s, new CompareViewModel.UnshownData(data, why, u.window())));
        }
    }

    /** Puts data back on a side; on A, with the window A showed it at. */
    private void showOnSide(Workspace.AbSetup ab, CompareViewModel.Side side, Dataset d, String name,
                            List<DatasetSource> sources) {
        CompareViewModel c = lab.compare();
        c.showDataset(side, d, name, sources);
        // the swap-in just loaded the dataset's own bookmarks: the saved ones are the user's
        c.side(side).timeline().bookmarks().bookmarks()
                .setAll((side == CompareViewModel.Side.A ? ab.a() : ab.b()).bookmarks());
        if (side == CompareViewModel.Side.A) {
            // after the swap-in, which fits a dataset of another source to its whole span
            ab.window().ifPresent(win -> Platform.runLater(() -> {
                RunViewModel a = c.side(CompareViewModel.Side.A);
                if (a.timeline().dataset() == d) {
                    a.timeline().setWindow(win.startNs(), win.endNs());
                }
            }));
        }
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

    /** Every parameter's value in {@code s}, in its order (the seed among them): saved to notice a change. */
    static Map<String, String> valuesOf(Scenario s) {
        Map<String, String> m = new LinkedHashMap<>();
        s.params().forEach((k, def) -> m.put(k, def.value()));
        return m;
    }

    /**
     * What tells the user that {@code s} is not the scenario the run was saved with: a workspace
     * keeps only the parameters that differ from the scenario's values, so once the scenario
     * file is edited (or a built-in changed in another SchedLab version) the same workspace gives
     * another run. Names each value the run now takes from the scenario that differs from the
     * saved one; {@code overridden}, the parameters the workspace sets itself (on every side
     * restored), are left out: their value is the saved one whatever the scenario says. A change
     * of its words only ({@code savedText}: see {@link ScenarioText}) is named too, by part.
     * Empty when the run and the text are the ones saved, or when the workspace predates saving
     * the values (the text: its hashes).
     */
    static Optional<String> changedSince(Scenario s, Optional<Map<String, String>> saved,
                                         Optional<Map<String, String>> savedText, String where, Set<String> overridden) {
        List<String> text = ScenarioText.changed(s, savedText);
        Map<String, String> now = valuesOf(s);
        List<String> diffs = new ArrayList<>();
        for (Map.Entry<String, String> e : saved.isEmpty() ? Map.<String, String>of().entrySet() : now.entrySet()) {
            String was = saved.get().get(e.getKey());
            if (overridden.contains(e.getKey())) {
                continue;
            }
            if (was == null) {
                diffs.add(e.getKey() + "=" + e.getValue() + " (not in the saved scenario)");
            } else if (!was.equals(e.getValue())) {
                diffs.add(e.getKey() + "=" + e.getValue() + " (saved: " + was + ")");
            }
        }
        for (Map.Entry<String, String> e : saved.orElse(Map.of()).entrySet()) {
            if (!now.containsKey(e.getKey()) && !overridden.contains(e.getKey())) {
                diffs.add(e.getKey() + " is gone (saved: " + e.getValue() + ")");
            }
        }
        if (diffs.isEmpty() && text.isEmpty()) {
            return Optional.empty();
        }
        String which = ScenarioCatalog.BUILT_IN.equals(s.origin())
                ? "the built-in scenario " + s.name() + " differs from the one the workspace was saved with"
                + " (another SchedLab version)"
                : "the scenario file " + s.origin() + " changed since the workspace was saved";
        String words = text.isEmpty() ? "" : ScenarioText.list(text) + " changed";
        if (diffs.isEmpty()) { // the same run, other words
            return Optional.of(where + ": " + which + ": " + words + "; the run's values are as saved");
        }
        return Optional.of(where + ": " + which + "; the run uses its values now, not the saved ones: "
                + String.join(", ", diffs) + (words.isEmpty() ? "" : "; " + words + " too"));
    }

    /**
     * The saved values the scenario still takes. One it refuses (a parameter renamed or removed
     * since the workspace was saved, a value now out of range) is named and left at the
     * scenario's value, so the rest of the run is restored rather than none of it.
     */
    private static Map<String, String> fitting(Scenario s, Map<String, String> saved, String where,
                                               Consumer<String> problems) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : saved.entrySet()) {
            ParamDef def = s.params().get(e.getKey());
            if (def == null) {
                problems.accept(where + ": " + s.name() + " has no parameter " + e.getKey() + "; the saved "
                        + e.getKey() + "=" + e.getValue() + " was left out");
                continue;
            }
            try {
                def.validate(e.getValue());
                kept.put(e.getKey(), e.getValue());
            } catch (ScenarioException ex) {
                problems.accept(where + ": " + ex.getMessage() + "; the scenario's " + def.value() + " is used");
            }
        }
        return kept;
    }

    /**
     * How a workspace names {@code s}: a built-in by its name, one read from a file by the file's
     * path (its name alone would not find it again when the workspace is opened).
     */
    static String reference(Scenario s) {
        String origin = s.origin();
        return !ScenarioCatalog.BUILT_IN.equals(origin) && origin.endsWith(".json")
                ? java.nio.file.Path.of(origin).toAbsolutePath().normalize().toString() : s.name();
    }

    private static Optional<Long> seedOf(Scenario s, Map<String, String> overrides) {
        try {
            return Optional.of(s.resolve(overrides).longValue("seed"));
        } catch (ScenarioException e) {
            return Optional.empty(); // an invalid combination is not saved; the panel shows why
        }
    }

    private static Optional<Workspace.TimeWindow> window(TimelineViewModel t) {
        return t.dataset() == TimelineViewModel.NO_DATASET || t.endNs() <= t.startNs() ? Optional.empty()
                : Optional.of(new Workspace.TimeWindow(t.startNs(), t.endNs()));
    }

    /**
     * Sets the window and the bookmarks once the rerun's dataset is on screen: the saved ones,
     * none included (a rerun of the scenario the tab showed keeps the bookmarks it had, which are
     * not the workspace's). Deferred to the next pulse because the run's own swap-in positions the
     * window right after announcing the new outcome.
     */
    private static void whenShown(RunViewModel run, Optional<Workspace.TimeWindow> window,
                                  List<org.schedlab.render.Bookmark> bookmarks) {
        InvalidationListener once = new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                Optional<Dataset> shown = run.outcome().flatMap(RunOutcome::dataset);
                if (shown.isPresent()) {
                    run.outcomeProperty().removeListener(this);
                    Platform.runLater(() -> {
                        window.ifPresent(win -> run.timeline().setWindow(win.startNs(), win.endNs()));
                        if (run.timeline().dataset() == shown.get()) {
                            run.timeline().bookmarks().bookmarks().setAll(bookmarks);
                        }
                    });
                }
            }
        };
        run.outcomeProperty().addListener(once);
    }
}
