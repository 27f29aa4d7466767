package org.schedlab.model;

/**
 * The group a comm belongs to, as runqlat users read them: per-CPU and per-instance suffixes
 * dropped, so "kworker/0:1H-kblockd", "ksoftirqd/1", "vhost-1234", "GC Thread#0",
 * "Binder:549_4", "kcompactd0" group as kworker, ksoftirqd, vhost, GC Thread, Binder, kcompactd;
 * a KVM vCPU thread "CPU 3/KVM" is KVM. A comm with nothing to drop is its own group.
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
        int colon = c.indexOf(':');
        if (colon > 0 && colon + 1 < c.length() && Character.isDigit(c.charAt(colon + 1))) {
            c = c.substring(0, colon);
        }
        int end = c.length();
        while (end > 1 && isSuffixChar(c.charAt(end - 1))) {
            end--;
        }
        String g = c.substring(0, end).strip();
        return g.isEmpty() ? comm : g;
    }

    private static boolean isSuffixChar(char ch) {
        return Character.isDigit(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '#';
    }
}
