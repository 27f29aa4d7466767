package org.schedlab.sim.kernel;

import java.util.Arrays;

/**
 * Queued SCHED_FIFO tasks of one CPU, highest rtPriority first, FIFO within a priority. A
 * preempted FIFO task goes back to the head of its priority (as the kernel does); a woken or
 * yielding one to the tail.
 */
final class FifoQueue {
    private Task[] tasks = new Task[4];
    private int size;

    int size() {
        return size;
    }

    Task peek() {
        return size == 0 ? null : tasks[0];
    }

    Task get(int i) {
        return tasks[i];
    }

    void addTail(Task t) {
        int i = 0;
        while (i < size && tasks[i].rtPriority >= t.rtPriority) {
            i++;
        }
        insert(i, t);
    }

    void addHead(Task t) {
        int i = 0;
        while (i < size && tasks[i].rtPriority > t.rtPriority) {
            i++;
        }
        insert(i, t);
    }

    private void insert(int i, Task t) {
        if (size == tasks.length) {
            tasks = Arrays.copyOf(tasks, size * 2);
        }
        System.arraycopy(tasks, i, tasks, i + 1, size - i);
        tasks[i] = t;
        size++;
    }

    void remove(Task t) {
        for (int i = 0; i < size; i++) {
            if (tasks[i] == t) {
                System.arraycopy(tasks, i + 1, tasks, i, size - i - 1);
                tasks[--size] = null;
                return;
            }
        }
        throw new IllegalStateException(t + " is not on this FIFO queue");
    }
}
