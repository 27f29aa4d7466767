package org.schedlab.render;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Runs two independent halves of a frame's work at once: the calling thread the first, one
 * shared daemon helper thread the second. The caller never waits for a queue: if the helper
 * has not started the second half by the time the first is done (it may be busy with another
 * frame's half), the caller runs it itself. Halves must write disjoint data; results come back
 * in a fixed order, so what is made does not depend on which thread ran what.
 */
final class TwoThreads {
    /** The helper, when there is a second core to run it on. */
    private static final Executor HELPER = Runtime.getRuntime().availableProcessors() < 2 ? null
            : Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "schedlab-fold-helper");
                t.setDaemon(true);
                return t;
            });

    /** Both halves' results, first then second. */
    record Pair<T>(T first, T second) {
    }

    private TwoThreads() {
    }

    static boolean available() {
        return HELPER != null;
    }

    /** Runs both halves (on two threads when a helper exists) and returns their results in order. */
    static <T> Pair<T> run(Supplier<T> first, Supplier<T> second) {
        if (HELPER == null) {
            T a = first.get();
            return new Pair<>(a, second.get());
        }
        AtomicBoolean claimed = new AtomicBoolean();
        CompletableFuture<T> helped = new CompletableFuture<>();
        HELPER.execute(() -> {
            if (claimed.compareAndSet(false, true)) {
                try {
                    helped.complete(second.get());
                } catch (Throwable t) {
                    helped.completeExceptionally(t);
                }
            }
        });
        T a = first.get();
        T b = claimed.compareAndSet(false, true) ? second.get() : join(helped);
        return new Pair<>(a, b);
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while the other half was running");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
