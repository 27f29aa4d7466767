package org.schedlab.io.read;

/**
 * Whether a comm names a kernel thread. A trace does not say whether a CPU ran user or kernel
 * code; for kernel threads it is always kernel code, so their slices are drawn as KERNEL and
 * everything else as USER. The names are the kernel's own (kernel/workqueue.c, softirq.c, ...).
 */
final class KernelThreads {
    private static final String[] PREFIXES = {
        "kworker/", "ksoftirqd/", "migration/", "rcu_", "rcuc/", "rcuop/", "rcuos/", "cpuhp/",
        "watchdog/", "idle_inject/", "irq/", "jbd2/", "kcompactd", "kswapd", "khugepaged", "kdamond",
        "kthreadd", "kauditd", "kblockd", "kintegrityd", "oom_reaper", "writeback", "ksmd", "kdevtmpfs",
        "kthrotld", "khungtaskd", "kstrp", "scsi_eh_", "scsi_tmf_", "card0-", "napi/", "vhost-",
        "xfsaild/", "btrfs-", "ext4-rsv", "kpsmoused", "ipv6_addrconf", "mm_percpu_wq", "netns",
        "pool_workqueue_", "psimon", "hwrng", "kaluad", "zswap", "kvfree_rcu"
    };

    private KernelThreads() {
    }

    static boolean isKernelThread(String comm) {
        for (String p : PREFIXES) {
            if (comm.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
