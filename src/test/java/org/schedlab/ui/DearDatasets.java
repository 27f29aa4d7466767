package org.schedlab.ui;

import java.util.Map;
import java.util.OptionalLong;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.model.Version;

/** Datasets whose whole window is dearer than the FX thread folds itself: the background fold's tests. */
final class DearDatasets {
    private DearDatasets() {
    }

    /**
     * {@code cpus} CPUs of {@code slicesPerCpu} slices of {@code sliceNs} each from 0, one task
     * alternating user and kernel.
     */
    static Dataset of(String name, int cpus, int slicesPerCpu, long sliceNs) throws Exception {
        DatasetBuilder b = Dataset.builder(new Metadata(name, "test", Map.of(), OptionalLong.of(1), Version.current()));
        int task = b.addTask(100, 100, "worker");
        for (int cpu = 0; cpu < cpus; cpu++) {
            for (int i = 0; i < slicesPerCpu; i++) {
                b.slice(cpu, i * sliceNs, i * sliceNs + sliceNs, task, i % 2 == 0 ? SliceState.USER : SliceState.KERNEL);
            }
        }
        return b.build();
    }
}
