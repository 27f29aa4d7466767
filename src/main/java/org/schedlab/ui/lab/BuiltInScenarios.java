package org.schedlab.ui.lab;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

import javafx.concurrent.Task;

import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.TaskExecutor;

/**
 * The built-in scenarios as the lab opens them. The app reads them all ahead on a worker as it
 * starts ({@link #readAhead}: the list of names, the default scenario, then the others), while
 * the FX thread builds the window, so that neither the first screen nor a pick from a scenario
 * list, the gallery or a workspace restore parses a scenario file on the FX thread. Without
 * reading ahead (view-model tests), a scenario is parsed where it is asked for, as before.
 */
public final class BuiltInScenarios {
    private final Object lock = new Object();
    /** Read or being read, by name; guarded by {@link #lock}. */
    private final Map<String, CompletableFuture<Scenario>> read = new HashMap<>();
    /** Reading ahead was started (guarded by {@link #lock}). */
    private boolean reading;
    /** Reading ahead is over: a name it did not read is not a built-in (guarded by {@link #lock}). */
    private boolean done;

    /**
     * Starts reading every built-in scenario on {@code executor}, the default one first; returns
     * this. Call it once, as early as the app can.
     */
    public BuiltInScenarios readAhead(TaskExecutor executor) {
        synchronized (lock) {
            if (reading) {
                return this;
            }
            reading = true;
        }
        executor.execute(new Task<Void>() {
            @Override
            protected Void call() {
                // listing the names walks the application's jar (10-40 ms); it is kept for the process
                String first = LabViewModel.defaultScenarioName();
                readOne(first);
                for (String name : ScenarioCatalog.names()) {
                    readOne(name);
                }
                java.util.List<String> asked;
                synchronized (lock) {
                    done = true;
                    // asked for while the read went on, yet no name the list gave: settled here (as
                    // "no such built-in"), so that no one waits on it for ever
                    asked = read.entrySet().stream().filter(e -> !e.getValue().isDone()).map(Map.Entry::getKey)
                            .toList();
                }
                asked.forEach(BuiltInScenarios.this::readOne);
                return null;
            }
        });
        return this;
    }

    private void readOne(String name) {
        CompletableFuture<Scenario> f;
        synchronized (lock) {
            f = read.computeIfAbsent(name, k -> new CompletableFuture<>());
        }
        if (f.isDone()) {
            return;
        }
        try {
            f.complete(ScenarioCatalog.builtIn(name));
        } catch (ScenarioException | RuntimeException e) {
            f.completeExceptionally(e);
        }
    }

    /**
     * Built-in {@code name}: the one read ahead when it is in, else parsed on the calling thread
     * (not reading ahead, or asked for before the read got to it).
     */
    Scenario get(String name) throws ScenarioException {
        CompletableFuture<Scenario> f;
        synchronized (lock) {
            f = read.get(name);
        }
        if (f != null && f.isDone()) {
            return result(f);
        }
        return ScenarioCatalog.builtIn(name);
    }

    /**
     * Hands built-in {@code name} to {@code then}, or why it cannot be read to {@code failed}:
     * at once when it is read (or nothing reads ahead: it is parsed here), else on {@code fx} as
     * soon as the read ahead has it - the FX thread neither parses nor waits.
     */
    void whenRead(String name, Executor fx, Consumer<Scenario> then, Consumer<ScenarioException> failed) {
        CompletableFuture<Scenario> f;
        synchronized (lock) {
            f = reading && !done ? read.computeIfAbsent(name, k -> new CompletableFuture<>()) : read.get(name);
        }
        if (f == null || f.isDone()) {
            Scenario s;
            try {
                s = f == null ? ScenarioCatalog.builtIn(name) : result(f);
            } catch (ScenarioException e) {
                failed.accept(e);
                return;
            }
            then.accept(s);
            return;
        }
        f.whenComplete((s, ex) -> fx.execute(() -> {
            try {
                then.accept(result(f));
            } catch (ScenarioException e) {
                failed.accept(e);
            }
        }));
        synchronized (lock) {
            if (done && !f.isDone()) { // the read ahead ended without it: not a built-in name
                readOne(name);
            }
        }
    }

    private static Scenario result(CompletableFuture<Scenario> f) throws ScenarioException {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof ScenarioException se) {
                throw se;
            }
            throw e.getCause() instanceof RuntimeException re ? re : e;
        }
    }
}
