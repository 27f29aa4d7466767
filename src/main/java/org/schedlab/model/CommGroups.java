package org.schedlab.model;

/**
 * Groups comms the way runqlat users group them: per-CPU and per-instance suffixes go away
 * ({@code kworker/3:1} -> {@code kworker}, {@code vhost-1234} -> {@code vhost},
 * {@code ksoftirqd/3} -> {@code ksoftirqd}), KVM vCPU threads ({@code CPU 3/KVM}) become
 * {@code KVM}; anything else (a textbook task {@code A}, {@code postgres}) is its own group.
 */
public final class CommGroups {
    private CommGroups() {
    }

    public static String of(String comm) {
        String c = comm.strip();
        if (c.startsWith("CPU ") && c.endsWith("/KVM")) {
            return "KVM";
        }
        int slash = c.indexOf('/');
        if (slash > 0) {
            c = c.substring(0, slash);
        }
        int end = c.length();
        while (end > 0 && Character.isDigit(c.charAt(end - 1))) {
            end--;
        }
        if (end > 0 && end < c.length() && (c.charAt(end - 1) == '-' || c.charAt(end - 1) == ':')) {
            end--;
        }
        if (end == 0) {
            return comm;
        }
        return c.substring(0, end);
    }
}
