package org.schedlab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.schedlab.cli.SchedLabCli;
import org.schedlab.io.read.Fixtures;

/**
 * Names cut to a column's width stay apart: a systrace's comms smem_native_dsp and
 * smem_native_rpm both read "smem_nati~" in table's runqlat section, two groups that could not be
 * told apart.
 */
class PlainTextCutApartTest {
    @Test
    void namesAlikeForTheWidthAreCutInTheMiddleKeepingTheirEnds() {
        List<String> cut = PlainText.cutApart(List.of("smem_native_dsp", "kworker", "smem_native_rpm",
                "surfaceflinger"), 10);
        assertEquals(List.of("smem_~_dsp", "kworker", "smem_~_rpm", "surfacefl~"), cut);
    }

    @Test
    void equalNamesCutEquallyAndEveryCutFitsTheWidth() {
        List<String> names = List.of("postgres-12345:1", "postgres-12345:2", "postgres-12345:1", "数据库写入线程一号", "数据库写入线程二号");
        List<String> cut = PlainText.cutApart(names, 12);
        assertEquals(cut.get(0), cut.get(2));
        assertEquals(4, new HashSet<>(cut).size(), cut.toString());
        cut.forEach(c -> assertTrue(PlainText.columns(c) <= 12, c));
    }

    @Test
    void theCommsSectionAndTheGroupsNotRecordedKeepTheirNamesApart() throws Exception {
        // a summary as DatasetSummary writes it: two comms alike for 9 columns in the comms section,
        // and two groups without a task lane in the runqlat section's "not recorded" lines
        String text = SummaryReport.render(new com.fasterxml.jackson.databind.ObjectMapper().readTree("{"
                + "\"scenario\":\"trace.html\",\"params\":{},"
                + "\"comms\":{\"smem_native_dsp\":{\"tasks\":1,\"runMs\":1.0,\"cpuShare\":0.1,\"switches\":3},"
                + "\"smem_native_rpm\":{\"tasks\":2,\"runMs\":2.0,\"cpuShare\":0.2,\"switches\":4}},"
                + "\"runqlatUs\":{\"kworker\":{\"count\":5,\"mean\":10,\"p50\":9,\"p99\":20,\"max\":21}},"
                + "\"runqlatTasks\":{\"kworker\":{\"tasks\":1,\"lanes\":1},"
                + "\"binder_thread_a1\":{\"tasks\":1,\"lanes\":0},\"binder_thread_b2\":{\"tasks\":2,\"lanes\":0}}}"));
        assertTrue(text.contains("\n  smem_~_dsp       1 ") && text.contains("\n  smem_~_rpm       2 "), text);
        assertTrue(text.contains("\n  binde~d_a1 not recorded: its one task"), text);
        assertTrue(text.contains("\n  binde~d_b2 not recorded: none of its 2 tasks"), text);
    }

    @Test
    void aMiddleCutNeverReadsAsAnotherNameOfTheColumn() {
        // "ab~Ze" would tell the first two apart, but is the third name as it stands
        List<String> cut = PlainText.cutApart(List.of("abcdXYZe", "abcdQRSe", "ab~Ze"), 5);
        assertEquals(3, new HashSet<>(cut).size(), cut.toString());
        assertEquals("ab~Ze", cut.get(2));
    }

    @Test
    void aGridsIdsAlikeForTheirWidthStayApart() {
        // ids past the grid's 23 columns (a thread named with its cgroup) that only their ends tell apart
        List<String> ids = List.of("postgres: autovacuum worker-101", "postgres: autovacuum worker-202");
        String grid = PlainText.grid("thread", ids, List.of("cycles"), 9, 10, (r, c) -> String.valueOf(r));
        List<String> rows = grid.lines().filter(l -> l.startsWith("  postgres")).toList();
        assertEquals(2, rows.size(), grid);
        assertTrue(!rows.get(0).substring(0, 25).equals(rows.get(1).substring(0, 25)), grid);
        assertTrue(rows.get(0).contains("101") && rows.get(1).contains("202"), grid);
    }

    @Test
    void tableKeepsEveryRunqlatGroupApartAtTheMailsWidth() {
        StringWriter out = new StringWriter();
        var cl = SchedLabCli.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute("table", Fixtures.path("public/ftrace/trappy_systrace_surfaceflinger.html").toString()));
        String text = out.toString();
        String section = text.substring(text.indexOf("runqlat us"));
        section = section.substring(0, section.indexOf("\n\n") < 0 ? section.length() : section.indexOf("\n\n"));
        List<String> groups = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  (.{10}) +\\d+ ").matcher(section);
        while (m.find()) {
            groups.add(m.group(1).strip());
        }
        assertTrue(groups.size() > 40, section);
        assertEquals(groups.size(), new HashSet<>(groups).size(), "two groups read alike:\n" + section);
        assertTrue(groups.contains("smem_~_dsp") && groups.contains("smem_~_rpm"), section);
        section.lines().forEach(l -> assertTrue(l.length() <= PlainText.WIDTH, l));
    }
}
