package org.schedlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A counter's figures over a window skip its gaps, and say when the window holds nothing else. */
class CounterWindowTest {
    /** 100 from 0 to 10, no value from 10 to 20, 200 from 20 to 30 (the dataset's end). */
    private static CounterSeries series() throws InvalidDatasetException {
        DatasetBuilder b = Dataset.builder(Metadata.of("t", "test"));
        b.counter("ops", "ops/s").add(0, 100).add(10, Double.NaN).add(20, 200).add(30, 200);
        return b.build().counters().get(0);
    }

    @Test
    void minMaxAndMeanCountOnlyTheStretchesWithAValue() throws Exception {
        CounterSeries.Window w = series().window(0, 30, 30);
        assertEquals(100, w.min());
        assertEquals(200, w.max());
        assertEquals(150, w.mean(), 1e-9, "the gap's ten units are neither 0 nor 100");
        assertEquals(20, w.valueNs());
        assertEquals(10, w.gapNs());
        assertTrue(w.hasValue());
        assertFalse(w.onlyGaps());
        CounterSeries.Window part = series().window(5, 25, 30);
        assertEquals(150, part.mean(), 1e-9, "5 of 100 and 5 of 200");
        assertEquals(10, part.gapNs());
    }

    @Test
    void aWindowInsideAGapSaysItHoldsOnlyGaps() throws Exception {
        CounterSeries.Window w = series().window(12, 18, 30);
        assertTrue(w.onlyGaps());
        assertFalse(w.hasValue());
        assertTrue(Double.isNaN(w.mean()), "no mean made up from the value before the gap");
        assertTrue(Double.isNaN(w.min()));
        assertEquals(6, w.gapNs());
    }
}
