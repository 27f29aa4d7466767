package org.schedlab.io.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.model.Dataset;

/** Chrome traces of other tools with values SchedLab cannot use: what is kept out, and that it is said. */
class ChromeTraceDamageTest {
    @Test
    void anArrayOrObjectWhereANumberBelongsLeavesTheEventOutNotTheRestOfTheTrace() throws Exception {
        // "tid": [1] was left open: its "]" was taken for the end of traceEvents and the import
        // failed with "expected end of file after the trace's JSON value, found end of array"
        String trace = "{\"traceEvents\":["
                + "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":[1],\"ts\":10,\"dur\":5},"
                + "{\"ph\":\"X\",\"name\":{\"n\":\"b\"},\"pid\":1,\"tid\":1,\"ts\":{\"us\":20},\"dur\":5},"
                + "{\"ph\":[\"X\"],\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":30,\"dur\":5},"
                + "{\"ph\":\"X\",\"name\":\"d\",\"pid\":1,\"tid\":1,\"ts\":40,\"dur\":[5]},"
                + "{\"ph\":\"X\",\"name\":\"e\",\"pid\":1,\"tid\":1,\"ts\":50,\"dur\":5}],\"displayTimeUnit\":\"ns\"}";
        ImportResult r = Fixtures.importText("t.json", trace);
        Dataset d = r.dataset();
        assertEquals(2, r.report().events(), "a (on a thread of its own) and e");
        assertEquals("ns", d.metadata().parameters().get("chrome.displayTimeUnit"));
        assertEquals(List.of("t.json: kept out of the dataset: 2 X events without ts/dur, 1 event without \"ph\""),
                r.report().warnings());
    }

    @Test
    void aDurationPastTheClocksEndIsKeptOutAndSaid() throws Exception {
        // 1e300 us: the end overflowed to before the start and the span was dropped without a word
        String trace = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1e300},"
                + "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5},"
                + "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":1,\"ts\":-9223372036854775,\"dur\":5}]";
        ImportResult r = Fixtures.importText("t.json", trace);
        assertEquals(1, r.report().events());
        assertEquals(List.of("t.json: kept out of the dataset: 1 X event with an unusable dur,"
                + " 1 event with an unusable ts"), r.report().warnings());
    }

    /** "1 threads reuse ..." and "1 "E" events without a "B"": one is said in the singular. */
    @Test
    void oneOfAKindIsSaidInTheSingular() throws Exception {
        String one = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":7,\"ts\":1,\"dur\":5},"
                + "{\"ph\":\"X\",\"name\":\"b\",\"pid\":2,\"tid\":7,\"ts\":2,\"dur\":5},"
                + "{\"ph\":\"E\",\"name\":\"c\",\"pid\":1,\"tid\":8,\"ts\":3}]";
        assertEquals(List.of("t.json: 1 thread reuses a tid of another process; it got a tid from 2^30 up",
                "t.json: 1 \"E\" event without a \"B\""), Fixtures.importText("t.json", one).report().warnings());
        String two = one.replace("]", ",{\"ph\":\"X\",\"name\":\"d\",\"pid\":3,\"tid\":7,\"ts\":4,\"dur\":5},"
                + "{\"ph\":\"E\",\"name\":\"e\",\"pid\":1,\"tid\":9,\"ts\":5}]");
        assertEquals(List.of("t.json: 2 threads reuse a tid of another process; they got tids from 2^30 up",
                "t.json: 2 \"E\" events without a \"B\""), Fixtures.importText("t.json", two).report().warnings());
    }
    @Test
    void spansInsideAnotherOfTheirThreadFoldIntoItAndTheImportSaysHowMany() throws Exception {
        // a call stack's spans became their top-level span's state without a word: catapult's big
        // trace read as 346 states of 933 spans, and the user counted the difference by hand
        String one = "[{\"ph\":\"X\",\"name\":\"main\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":100},"
                + "{\"ph\":\"B\",\"name\":\"inner\",\"pid\":1,\"tid\":1,\"ts\":10},"
                + "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":20},"
                + "{\"ph\":\"X\",\"name\":\"next\",\"pid\":1,\"tid\":1,\"ts\":100,\"dur\":5},"
                + "{\"ph\":\"X\",\"name\":\"other\",\"pid\":1,\"tid\":2,\"ts\":5,\"dur\":5}]";
        ImportResult r = Fixtures.importText("t.json", one);
        assertEquals(List.of("t.json: 1 span starts inside an earlier span of the same thread and folds into it:"
                + " a task lane shows each thread's top-level spans"), r.report().warnings());
        assertEquals(3, r.dataset().taskLanes().stream().mapToInt(l -> l.intervals().size()).sum(),
                "main, next and other: the span that starts where main ends is a state of its own");
        String two = one.replace("]", ",{\"ph\":\"X\",\"name\":\"deeper\",\"pid\":1,\"tid\":1,\"ts\":12,\"dur\":2}]");
        assertEquals(List.of("t.json: 2 spans start inside an earlier span of the same thread and fold into it:"
                + " a task lane shows each thread's top-level spans"), Fixtures.importText("t.json", two).report().warnings());
        String flat = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10},"
                + "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":10}]";
        assertEquals(List.of(), Fixtures.importText("t.json", flat).report().warnings());
    }
}
