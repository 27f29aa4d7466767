package org.schedlab.ui.lab;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

import javafx.beans.property.BooleanProperty;
import javafx.concurrent.Task;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.TaskExecutor;

/**
 * The lab's three workspaces and what they share: the live run with its parameter panel, A/B
 * compare, and sweeps, plus the scenario each one shows. The window opens in A/B mode on
 * {@link #DEFAULT_SCENARIO} ({@code none} against {@code lazy}), the seed regression's setting;
 * when that scenario is not built in, on {@link #FALLBACK_SCENARIO}.
 */
public final class LabViewModel {
    /** The scenario the window opens on: switch it here. */
    public static final String DEFAULT_SCENARIO = "pgbench-graviton4";
    public static final String FALLBACK_SCENARIO = "teach-kernel-section";
    /** A and B for a scenario whose file names no {@code "compare"} pair: the case-A seed mail's base and test. */
    public static final Map<String, String> DEFAULT_A = Map.of("preemption", "none");
    public static final Map<String, String> DEFAULT_B = Map.of("preemption", "lazy");

    private final RunViewModel live;
    /** The toolbar's "Task lanes" list on the Live run tab: the picked tasks kept through its reruns. */
    private final org.schedlab.ui.TaskLaneChoice liveTaskLanes;
    /** The Live run's panel {@link #ensureLiveOpen} opened (see {@link #liveIsStandIn}); null: none. */
    private ParameterPanelViewModel standInLive;
    private boolean openingStandIn;
    /** {@link #ensureLiveOpen} waits for the read ahead of the default scenario (FX thread). */
    private boolean liveOpenPending;
    private final ReadOnlyObjectWrapper<ParameterPanelViewModel> livePanel =
            new ReadOnlyObjectWrapper<>(this, "livePanel");
    private final CompareViewModel compare;
    private final SweepViewModel sweep;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final Lookahead lookahead;
    private final BooleanProperty lookaheadOn = new SimpleBooleanProperty(this, "lookahead", false);
    private final ReadOnlyStringWrapper lookaheadStatus = new ReadOnlyStringWrapper(this, "lookaheadStatus", "");
    /**
     * From the first screen's A/B runs' start until both are on screen (their summaries and the table
     * in): nothing runs ahead meanwhile. A run ahead starts only while no request runs, but the
     * requests had not always started 300 ms after the first plan on a cold, loaded JVM, and between
     * the last run's end and its table the first run ahead already took a core.
     */
    private final BooleanProperty firstScreenPending = new SimpleBooleanProperty(this, "firstScreenPending", false);
    /** A sweep runs, or the first screen is not complete: the look-ahead waits (kept: a binding nobody holds is collected). */
    private final javafx.beans.binding.BooleanBinding holdAhead;
    /** The last plan made again, with the seeds of now (FX thread). */
    private Runnable replan = () -> { };
    private final TaskExecutor executor;
    /** The latest pick of a scenario file (FX thread); an older pick's read is dropped. */
    private Object fileLoad;
    private final BuiltInScenarios builtIns;
    private final Executor fxThread;

    /** A lab that parses a built-in scenario when it is asked for (nothing read ahead). */
    public LabViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner, Executor fxThread) {
        this(executor, scheduler, runner, fxThread, new BuiltInScenarios());
    }

    /** A lab that opens built-in scenarios from {@code builtIns} (the app's are read ahead on a worker). */
    public LabViewModel(TaskExecutor executor, DelayScheduler scheduler, SimRunner runner, Executor fxThread,
                        BuiltInScenarios builtIns) {
        this.executor = executor;
        this.builtIns = builtIns;
        this.fxThread = fxThread;
        // one memory of finished runs for the live run and both sides: a setting seen before, here
        // or on the other side, shows at once
        RunCache remembering = new RunCache(runner);
        // the timelines' preparation and dear frames go to the same background pool as the runs
        live = new RunViewModel(executor, scheduler, remembering, java.util.Optional.of(executor));
        liveTaskLanes = org.schedlab.ui.TaskLaneChoice.keptByTask(live.timeline());
        compare = new CompareViewModel(executor, scheduler, remembering, java.util.Optional.of(executor));
        sweep = new SweepViewModel(executor, fxThread);
        lookahead = new Lookahead(remembering, RunViewModel.RECORD_MS);
        lookahead.onStatus(text -> fxThread.execute(() -> lookaheadStatus.set(text)));
        lookaheadOn.addListener((obs, was, on) -> lookahead.setEnabled(on));
        // a sweep uses both cores: running ahead would slow it; so would it the first screen, whose two
        // runs share the cores with the compiler and the window's start-up
        holdAhead = sweep.runningProperty().or(firstScreenPending);
        holdAhead.addListener((obs, was, hold) -> lookahead.setPaused(hold));
        for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
            // a new panel's values are applied right after it is set: that change plans ahead
            compare.panelProperty(side).addListener((obs, old, panel) -> {
                if (panel != null) {
                    followForLookahead(panel, () -> compare.seedsProperty().get());
                }
            });
        }
        // both sides rerun with the new count (the compare's own listener, registered first): the
        // settings likely next need their other seeds too, else the next pick simulates them
        compare.seedsProperty().addListener((obs, old, n) -> replan.run());
    }

    /**
     * Runs the settings likely to be asked for next in the background while nothing else runs, so
     * that picking one of them shows at once ({@link Lookahead}); off until turned on (the app does).
     */
    public BooleanProperty lookaheadProperty() {
        return lookaheadOn;
    }

    /** What runs ahead now ("looking ahead: preemption=full"), empty when nothing does. */
    public ReadOnlyStringProperty lookaheadStatusProperty() {
        return lookaheadStatus.getReadOnlyProperty();
    }

    /** Stops the background work that outlives a window (the app closes). */
    public void shutdown() {
        lookahead.shutdown();
    }

    /** After every change of {@code panel}, plans the settings next to its new values. */
    private void followForLookahead(ParameterPanelViewModel panel, java.util.function.IntSupplier seeds) {
        Map<String, String>[] before = new Map[] {panel.overrides()};
        panel.addChangeListener(o -> {
            java.util.Optional<String> changed = LikelyNext.changedKey(before[0], o);
            before[0] = o;
            replan = () -> planAhead(panel, changed, seeds.getAsInt());
            replan.run();
        });
    }

    private void planAhead(ParameterPanelViewModel panel, java.util.Optional<String> changedLast, int seeds) {
        lookahead.plan(new Lookahead.Candidate(panel.scenario(), panel.overrides(), seeds, "current"),
                LikelyNext.of(panel, changedLast, seeds));
    }

    public RunViewModel live() {
        return live;
    }

    /**
     * Which tasks have a state lane on the Live run: kept, by task, through the reruns a slider
     * starts and another run of the same scenario opened there (a sweep's point); forgotten for
     * another scenario.
     */
    public org.schedlab.ui.TaskLaneChoice liveTaskLanes() {
        return liveTaskLanes;
    }

    public ReadOnlyObjectProperty<ParameterPanelViewModel> livePanelProperty() {
        return livePanel.getReadOnlyProperty();
    }

    public CompareViewModel compare() {
        return compare;
    }

    public SweepViewModel sweep() {
        return sweep;
    }

    /** The last scenario that could not be opened, and why; empty after a success. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Shows {@code text} where the workspaces show scenario problems (e.g. "open a dataset first"). */
    public void report(String text) {
        message.set(text);
    }

    public static List<String> builtInScenarios() {
        return ScenarioCatalog.names();
    }

    /** The scenario the first screen shows. */
    public static String defaultScenarioName() {
        return builtInScenarios().contains(DEFAULT_SCENARIO) ? DEFAULT_SCENARIO : FALLBACK_SCENARIO;
    }

    /**
     * A scenario file the user picked, read in the background (a file on a slow or dead network
     * mount must not hang the window), then handed to {@code then} on the FX thread; a bad one
     * sets {@link #messageProperty()}. A newer pick wins over one still being read.
     */
    public void loadFile(String file, java.util.function.Consumer<Scenario> then) {
        Object pick = new Object();
        fileLoad = pick;
        read(file, s -> {
            if (fileLoad == pick) {
                message.set("");
                then.accept(s);
            }
        }, why -> {
            if (fileLoad == pick) {
                message.set(why);
            }
        });
    }

    /**
     * Reads {@code nameOrFile} (a built-in name or a scenario file) in the background and hands
     * the scenario to {@code then}, or why it could not be read to {@code failed}, on the FX
     * thread. Nothing is shown or kept: the caller decides (a workspace restore, a pick).
     */
    public void read(String nameOrFile, java.util.function.Consumer<Scenario> then,
                     java.util.function.Consumer<String> failed) {
        Task<Scenario> read = new Task<>() {
            @Override
            protected Scenario call() throws ScenarioException {
                return ScenarioCatalog.find(nameOrFile);
            }
        };
        read.setOnSucceeded(e -> then.accept(read.getValue()));
        read.setOnFailed(e -> {
            Throwable ex = read.getException();
            failed.accept(ex instanceof ScenarioException ? ex.getMessage()
                    : nameOrFile + ": cannot read (" + ex.getMessage() + ")");
        });
        read.setOnCancelled(e -> failed.accept(nameOrFile + ": not read (the window is closing)"));
        executor.execute(read);
    }

    /**
     * A built-in name or a scenario file; a bad one sets {@link #messageProperty()}. A listed
     * built-in is the one read ahead ({@link BuiltInScenarios}), without asking the file system
     * whether a file of that name is there (the FX thread calls this; the combo box offers
     * built-ins, not files).
     */
    public java.util.Optional<Scenario> load(String nameOrFile) {
        try {
            Scenario s = builtInScenarios().contains(nameOrFile) ? builtIns.get(nameOrFile)
                    : ScenarioCatalog.find(nameOrFile);
            message.set("");
            return java.util.Optional.of(s);
        } catch (ScenarioException e) {
            message.set(e.getMessage());
            return java.util.Optional.empty();
        }
    }

    /** Shows {@code s} in the live workspace with {@code overrides} and runs it. */
    public void openLive(Scenario s, Map<String, String> overrides) {
        if (livePanel.get() == null || !livePanel.get().scenario().equals(s)) {
            liveTaskLanes.forget(); // another scenario's run opens with its own lanes
        }
        ParameterPanelViewModel p = new ParameterPanelViewModel(s);
        p.apply(overrides);
        p.addChangeListener(o -> live.changed(s, o, 1, p.changeIsImmediate()));
        p.addSettleListener(live::settle);
        followForLookahead(p, () -> 1);
        // before the panel is announced: the Sweep tab fills its parameter list from the sweep's
        // scenario when the panel changes (set after, the list was empty, or the previous scenario's)
        sweep.setScenario(s, p.overrides());
        p.addChangeListener(o -> sweep.setScenario(s, o));
        standInLive = openingStandIn ? p : null;
        livePanel.set(p);
        replan = () -> planAhead(p, java.util.Optional.empty(), 1);
        replan.run();
        live.runNow(s, p.overrides(), 1);
    }

    /**
     * A/B on {@code s}: the pair its file names ({@code "compare"}: reader spinning on against off for
     * case B, full against lazy for case C); without one, {@code none} against {@code lazy} when it has
     * a preemption model, else its defaults twice.
     */
    public void openCompare(Scenario s) {
        if (s.compare().isPresent()) {
            compare.open(s, s.compare().get().base(), s.compare().get().test());
            return;
        }
        boolean hasModel = s.params().containsKey("preemption");
        compare.open(s, hasModel ? DEFAULT_A : Map.of(), hasModel ? DEFAULT_B : Map.of());
    }

    /**
     * The first screen: A/B on the default scenario (the live run opens when first shown). The
     * app has read it ahead by now, and its runs start at once; should the read still be going
     * on, they start when it is in, rather than the FX thread parsing it or waiting - unless A/B
     * was given something else meanwhile (a workspace restored, a scenario picked, a dataset put
     * on a side), which it would replace.
     */
    public void openDefault() {
        builtIns.whenRead(defaultScenarioName(), fxThread, s -> {
            if (compare.scenario().isPresent() || compare.showsDatasetProperty(CompareViewModel.Side.A).get()
                    || compare.showsDatasetProperty(CompareViewModel.Side.B).get()) {
                return;
            }
            message.set("");
            openCompare(s);
            holdAheadUntilShown();
        }, e -> message.set(e.getMessage()));
    }

    /**
     * Holds the look-ahead back until both sides are idle: the first screen's runs (or
     * whatever replaced them meanwhile) are on screen with their summaries, so the first run ahead
     * does not compete with them, their summaries' hand-over or the table.
     */
    private void holdAheadUntilShown() {
        RunViewModel a = compare.side(CompareViewModel.Side.A);
        RunViewModel b = compare.side(CompareViewModel.Side.B);
        firstScreenPending.set(true);
        javafx.beans.InvalidationListener check = new javafx.beans.InvalidationListener() {
            @Override
            public void invalidated(javafx.beans.Observable o) {
                // idle comes after the result is swapped in (busy goes false just before)
                if (a.phaseProperty().get() == RunViewModel.Phase.IDLE && b.phaseProperty().get() == RunViewModel.Phase.IDLE) {
                    a.phaseProperty().removeListener(this);
                    b.phaseProperty().removeListener(this);
                    firstScreenPending.set(false);
                }
            }
        };
        a.phaseProperty().addListener(check);
        b.phaseProperty().addListener(check);
        check.invalidated(null); // nothing to run (a side's parameters refused): no hold
    }

    /** Whether the look-ahead waits for the first screen's runs to be on screen (tests). */
    boolean firstScreenPending() {
        return firstScreenPending.get();
    }

    /** Opens the live workspace on the default scenario unless it already shows one. */
    public void ensureLiveOpen() {
        if (livePanel.get() != null || liveOpenPending) {
            return;
        }
        // as the first screen: at once when the read ahead has it, else when it comes in - the FX
        // thread neither parses the scenario (about 175 ms cold) nor waits for the read
        liveOpenPending = true;
        builtIns.whenRead(defaultScenarioName(), fxThread, s -> {
            liveOpenPending = false;
            if (livePanel.get() != null) {
                return; // something was opened in the Live run meanwhile
            }
            message.set("");
            openingStandIn = true;
            try {
                openLive(s, Map.of());
            } finally {
                openingStandIn = false;
            }
        }, e -> {
            liveOpenPending = false;
            message.set(e.getMessage());
        });
    }

    /**
     * Whether the Live run shows the default scenario it opened by itself ({@link #ensureLiveOpen},
     * the tab shown before anything was opened in it), not a scenario someone chose: a workspace's
     * run read meanwhile replaces it.
     */
    public boolean liveIsStandIn() {
        return livePanel.get() != null && livePanel.get() == standInLive;
    }
}
