package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Case C with {@code irqInatomic=on} on the test side: the irqfd is signalled in atomic context, no
 * kworker is woken, and the summary has no kworker run-queue group. Its row read a bare
 * {@code n/a}, as a figure the run failed to record; the text says why, in the 72 columns, and
 * the JSON (CLI.md's contract) keeps its null.
 */
class CompareNoWakeUpsTest {
    private static final String[] ARGS = {"compare", "--scenario", "s390-uperf", "--base", "preemption=full",
            "--test", "preemption=lazy,irqInatomic=on", "--warmup-ms", "20", "--duration-ms", "40"};

    @Test
    void aGroupNeverWokenReadsNoWakeUpsInTheTextAndNullInTheJson() throws Exception {
        CliRun text = CliRun.of(ARGS);
        assertEquals(0, text.exitCode(), text.err());
        String row = text.out().lines().filter(l -> l.startsWith("runqlatUs.kworker.mean")).findFirst()
                .orElseThrow(() -> new AssertionError(text.out()));
        assertTrue(row.matches("runqlatUs\\.kworker\\.mean +[0-9.]+ +no wake-ups +n/a"), row);
        text.out().lines().forEach(l -> assertTrue(l.length() <= 72, "wider than 72 columns: " + l));

        String[] json = java.util.Arrays.copyOf(ARGS, ARGS.length + 2);
        json[ARGS.length] = "--format";
        json[ARGS.length + 1] = "json";
        CliRun j = CliRun.of(json);
        assertEquals(0, j.exitCode(), j.err());
        JsonNode rows = new ObjectMapper().readTree(j.out()).path("rows");
        JsonNode kworker = null;
        for (JsonNode r : rows) {
            if (r.path("metric").asText().equals("runqlatUs.kworker.mean")) {
                kworker = r;
            }
        }
        assertTrue(kworker != null, j.out());
        assertTrue(kworker.path("test").isNull() && kworker.path("ratio").isNull(), kworker.toString());
        assertTrue(kworker.path("base").isNumber(), kworker.toString());
        assertEquals(java.util.Set.of("metric", "base", "test", "ratio"),
                com.google.common.collect.Sets.newHashSet(kworker.fieldNames()), "no new field: " + kworker);
    }

    @Test
    void withSeedsTheReasonIsSaidOnceWithNothingUnderIt() throws Exception {
        String[] args = java.util.Arrays.copyOf(ARGS, ARGS.length + 2);
        args[ARGS.length] = "--seeds";
        args[ARGS.length + 1] = "2";
        CliRun text = CliRun.of(args);
        assertEquals(0, text.exitCode(), text.err());
        java.util.List<String> lines = text.out().lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("runqlatUs.kworker.mean")).findFirst()
                .orElseThrow(() -> new AssertionError(text.out())));
        assertTrue(lines.get(at).matches("runqlatUs\\.kworker\\.mean +[0-9.]+ +no wake-ups +n/a"), lines.get(at));
        assertTrue(lines.get(at + 1).matches(" +[0-9.]+\\.\\.[0-9.]+|.*seeds agree"), "A's seeds only: "
                + lines.get(at + 1));
    }
}
