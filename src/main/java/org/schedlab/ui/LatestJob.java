package org.schedlab.ui;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.concurrent.Task;

/**
 * One stream of background work where only the newest request matters (the summary of the
 * current range, the highlight of the current search, a prepared dataset): a new request cancels
 * the one in flight, whose result is then dropped, never delivered. Work receives a "cancelled?"
 * question to ask between steps. Without an executor (plain unit tests, no FX toolkit) work runs
 * on the calling thread.
 */
final class LatestJob<T> {
    private final Optional<TaskExecutor> executor;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private Task<T> current;
    private Consumer<Throwable> onFailure = e -> { };

    LatestJob(Optional<TaskExecutor> executor) {
        this.executor = executor;
    }

    /** Where failures of the work go (the status line); cancellations are not failures. */
    void onFailure(Consumer<Throwable> handler) {
        this.onFailure = handler;
    }

    ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Starts {@code work}; {@code onDone} gets its result on the FX thread unless a newer run came first. */
    void run(Function<BooleanSupplier, T> work, Consumer<T> onDone) {
        cancel();
        if (executor.isEmpty()) {
            onDone.accept(work.apply(() -> false));
            return;
        }
        Task<T> task = new Task<>() {
            @Override
            protected T call() {
                return work.apply(this::isCancelled);
            }
        };
        current = task;
        running.set(true);
        task.setOnSucceeded(e -> {
            if (task == current) {
                finish();
                onDone.accept(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (task == current) {
                finish();
                if (!(task.getException() instanceof java.util.concurrent.CancellationException)) {
                    onFailure.accept(task.getException());
                }
            }
        });
        task.setOnCancelled(e -> {
            if (task == current) {
                finish();
            }
        });
        executor.get().execute(task);
    }

    /** Stops the run in flight, if any; its result will not be delivered. */
    void cancel() {
        Task<T> t = current;
        current = null;
        running.set(false);
        if (t != null && !t.isDone()) {
            t.cancel();
        }
    }

    private void finish() {
        current = null;
        running.set(false);
    }
}
