package org.schedlab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.schedlab.analysis.PlainText;
import org.schedlab.sim.scenario.ParamDef;
import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioCatalog;
import org.schedlab.sim.scenario.ScenarioException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code schedlab scenarios [--json]}: the built-in scenarios and their parameters. */
@Command(name = "scenarios", mixinStandardHelpOptions = true,
        description = "List the built-in simulator scenarios (with --json: every parameter, unit, range and source).")
public final class ScenariosCommand implements Callable<Integer> {
    private static final int NAME_COLUMNS = 24;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print a JSON array with every parameter of every scenario.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (json) {
                ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
                ArrayNode arr = m.createArrayNode();
                for (Scenario s : ScenarioCatalog.all()) {
                    arr.add(toJson(m, s));
                }
                out.println(m.writeValueAsString(arr));
            } else {
                for (Scenario s : ScenarioCatalog.all()) {
                    out.println(listLine(s.name(), s.title()));
                }
            }
        } catch (ScenarioException e) {
            throw new UserInputException(e.getMessage(), e);
        }
        out.flush();
        return SchedLabCli.EXIT_OK;
    }

    /**
     * One scenario of the list: its name, then its title wrapped at {@value PlainText#WIDTH}
     * columns under the title column. A title cut at the line's end ("Case B: MongoDB under YCSB
     * workload A, mmap_lo~") did not say what the scenario is about; a name wider than its column
     * puts the title on the next line.
     */
    static String listLine(String name, String title) {
        String head = PlainText.padRight(name, NAME_COLUMNS) + " ";
        if (PlainText.columns(name) > NAME_COLUMNS) {
            head = PlainText.printable(name) + "\n" + " ".repeat(NAME_COLUMNS + 1);
        }
        return head + PlainText.wrap(PlainText.printable(title), NAME_COLUMNS + 1);
    }

    static ObjectNode toJson(ObjectMapper m, Scenario s) {
        ObjectNode o = m.createObjectNode();
        o.put("name", s.name());
        o.put("title", s.title());
        o.put("workload", s.workload());
        o.put("description", s.description());
        ArrayNode notes = o.putArray("notes");
        s.notes().forEach(notes::add);
        s.compare().ifPresent(c -> {
            ObjectNode cmp = o.putObject("compare");
            c.base().forEach(cmp.putObject("base")::put);
            c.test().forEach(cmp.putObject("test")::put);
        });
        ObjectNode params = o.putObject("parameters");
        for (ParamDef d : s.params().values()) {
            ObjectNode p = params.putObject(d.key());
            p.put("value", d.value());
            p.put("unit", d.unit());
            if (d.isChoice()) {
                ArrayNode c = p.putArray("choices");
                d.choices().forEach(c::add);
            } else {
                p.put("min", d.min());
                p.put("max", d.max());
                p.put("integer", d.integer());
            }
            if (!d.autoMeaning().isEmpty()) {
                p.put("auto", d.autoMeaning());
            }
            if (d.zeroIsOff()) {
                p.put("zeroIsOff", true);
            }
            p.put("range", d.rangeText());
            p.put("source", d.source());
            p.put("explain", d.explain());
            if (d.isUnused()) {
                p.put("unused", d.unused());
            }
            if (!d.onlyWith().isEmpty()) {
                ObjectNode only = p.putObject("onlyWith");
                for (var c : d.onlyWith()) {
                    ArrayNode vals = c.not() ? only.putObject(c.key()).putArray("not") : only.putArray(c.key());
                    c.values().forEach(vals::add);
                }
            }
        }
        return o;
    }
}
