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
