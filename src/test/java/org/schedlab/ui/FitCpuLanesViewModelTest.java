package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;
import org.schedlab.model.SliceState;
import org.schedlab.render.TrackGroup;

/**
 * "Fit CPU lanes" stays what the toggle says when the rows change under it: a new run (another CPU
 * count) put on while it is on, a group folded and unfolded - the rows keep the mode.
 */
class FitCpuLanesViewModelTest {
    private static Dataset machine(int cpus) throws Exception {
        DatasetBuilder b = Dataset.builder(Metadata.of("machine", "simulation"));
        for (int c = 0; c < cpus; c++) {
            int t = b.addTask(4000 + c, 4000 + c, "pgbench");
            b.slice(c, 0, 1_000_000, t, SliceState.USER);
        }
        return b.build();
    }

    @Test
    void aNewRunAFoldedGroupAndPickedLanesKeepTheMode() throws Exception {
        TimelineViewModel vm = new TimelineViewModel();
        vm.setDataset(machine(8));
        vm.fitCpuLanesProperty().set(true);
        assertTrue(vm.trackSpecProperty().get().fitCpuLanes(), "turned on");
        vm.setDataset(machine(96));
        assertTrue(vm.trackSpecProperty().get().fitCpuLanes(), "a run of 96 CPUs put on while it is on: fitted");
        vm.toggleGroup(TrackGroup.COUNTERS);
        assertTrue(vm.trackSpecProperty().get().fitCpuLanes(), "a group folded");
        vm.toggleGroup(TrackGroup.CPUS);
        vm.toggleGroup(TrackGroup.CPUS);
        assertTrue(vm.trackSpecProperty().get().fitCpuLanes(), "the CPUs folded and unfolded");
        vm.fitCpuLanesProperty().set(false);
        vm.setDataset(machine(4));
        assertFalse(vm.trackSpecProperty().get().fitCpuLanes(), "off stays off");
    }
}
