package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.schedlab.model.Dataset;
import org.schedlab.render.ExportFormat;
import org.schedlab.render.Figure;
import org.schedlab.render.FigureWriter;
import org.schedlab.render.TimelineLayout;
import org.schedlab.sim.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab render}: the workbench's "Export view" without a display - a dataset's
 * timeline, or A over B with the delta table, as PNG (1x or 2x) or SVG by the output's
 * extension, with the caption strip. The window counts from the start of the data, like the
 * axis; without one the whole dataset (or the recorded stretch of a simulated run) is drawn.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Draw a dataset's timeline (or A/B: two timelines, the delta table and, where both sides count"
                + " TCP, the Wireshark-style TCP table) as PNG or SVG, "
                + "with a caption strip: what is shown, parameters that differ from the defaults, window, version.")
public final class RenderCommand implements Callable<Integer> {
    static final int DEFAULT_WIDTH_PX = 1600;
    static final int DEFAULT_HEIGHT_PX = 900;
    static final int DEFAULT_COMPARE_HEIGHT_PX = 420;
    static final int MAX_SIDE_PX = 10_000;

    /** What a picture shows. */
    enum View { timeline, compare }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..2", paramLabel = "FILE",
            description = "One to draw (two for --view compare: A then B): each " + DatasetFiles.ARGUMENT_HELP)
    List<Path> datasets = new ArrayList<>();

    @Option(names = "--scenario", paramLabel = "NAME|FILE",
            description = "Simulate this scenario instead of reading a dataset, recording the first"
                    + " --to-ms ms after warm-up (" + RenderInputs.DEFAULT_RECORD_MS + " ms without --to-ms).")
    String scenario;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a scenario parameter (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = "--base", paramLabel = "KEY=VALUE[,KEY=VALUE...]", description = "--view compare: parameters of A (with neither --base nor --test: the scenario's own pair).")
    String base;

    @Option(names = "--test", paramLabel = "KEY=VALUE[,KEY=VALUE...]", description = "--view compare: parameters of B.")
    String test;

    @Option(names = "--out", required = true, paramLabel = "FILE.png|FILE.svg", description = "Output picture; format by extension.")
    Path out;

    @Option(names = "--view", paramLabel = "timeline|compare", defaultValue = "timeline",
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    View view;

    @Option(names = "--from-ms", paramLabel = "N",
            description = "Window start, ms from the start of the data (default: 0).")
    Double fromMs;

    @Option(names = "--to-ms", paramLabel = "N",
            description = "Window end, ms from the start of the data (default: its end).")
    Double toMs;

    @Option(names = "--width", paramLabel = "PX", description = "Picture width (default " + DEFAULT_WIDTH_PX + ").")
    Integer widthPx;

    @Option(names = "--height", paramLabel = "PX",
            description = "Height of each timeline (default: what its rows need, every lane shown); "
                    + "the caption and tables (deltas, TCP) add to it.")
    Integer heightPx;

    @Option(names = "--task", paramLabel = "COMM[TID]",
            description = "Draw the lane of this task, COMM[TID] as the workbench's Task lanes list and the lane"
                    + " labels name it ('kworker/3:1[1003]'), or TID alone; repeatable, drawn in this order in place"
                    + " of the lanes a dataset opens with. --view compare: each side draws those it has.")
    List<String> tasks = new ArrayList<>();

    @Option(names = "--fit-cpu-lanes",
            description = "Shrink the CPU lanes, down to 1 px each, so that all of them fit each timeline's height"
                    + " (--height, default " + DEFAULT_HEIGHT_PX + "; --view compare " + DEFAULT_COMPARE_HEIGHT_PX
                    + " a side), as the workbench's View > Fit CPU lanes; other rows show below where room is left.")
    boolean fitCpuLanes;

    @Option(names = "--scale", paramLabel = "1|2", defaultValue = "1", description = "PNG pixel density (default 1).")
    int scale;

    @Override
    public Integer call() throws Exception {
        // ImageIO's default file cache registers each PNG stream with a shutdown hook that closes it
        // again: after a failed write (--out /dev/full, a pipe closed by head) that second close threw,
        // and the JVM's exit printed its stack trace under the one-line message. A picture fits in memory
        javax.imageio.ImageIO.setUseCache(false);
        OutputFile.requireName(out, "a picture file name (.png or .svg)");
        // a device has no extension to tell: --out /dev/null (a dry run, a benchmark) gets a PNG
        ExportFormat format = ExportFormat.ofFile(out).or(() -> OutputFile.isDevice(out)
                ? Optional.of(ExportFormat.PNG) : Optional.empty()).orElseThrow(() -> new UserInputException(
                out + ": unknown picture format, expected a name ending in .png or .svg"));
        checkOptions();
        OutputFile.check(out, "a picture file name (.png or .svg)");
        RenderInputs inputs = new RenderInputs(fromMs, toMs, heightPx == null, spec.commandLine().getErr(),
                new TaskPicks(tasks)).fittingCpuLanes(fitCpuLanes);
        int width = widthPx == null ? DEFAULT_WIDTH_PX : widthPx;
        int height = heightPx != null ? heightPx : view == View.compare ? DEFAULT_COMPARE_HEIGHT_PX : DEFAULT_HEIGHT_PX;
        Figure figure;
        List<String> warnings = new ArrayList<>();
        if (view == View.timeline) {
            figure = scenario != null
                    ? inputs.scenarioTimeline(SimCli.scenario(scenario), SimCli.assignments(set), width, height)
                    : inputs.datasetTimeline(datasets.get(0), DatasetFiles.load(datasets.get(0), warnings, spec.commandLine().getErr()), warnings,
                    width, height);
        } else if (scenario != null) {
            Map<String, String> common = SimCli.assignments(set);
            Scenario sc = SimCli.scenario(scenario);
            SimCli.Sides sides = SimCli.sides(sc, base, test);
            Map<String, String> baseSide = SimCli.assignmentList(sides.base(), "--base");
            Map<String, String> testSide = SimCli.assignmentList(sides.test(), "--test");
            SimCli.checkSetReachesARun(sides, common, baseSide, testSide);
            Map<String, String> baseSet = SimCli.merged(common, baseSide);
            Map<String, String> testSet = SimCli.merged(common, testSide);
            SimCli.checkSides(sc, sides, common, baseSet, testSet);
            figure = inputs.scenarioCompare(sc, common, sides.base(), baseSet, sides.test(), testSet, width, height);
        } else {
            Dataset a = DatasetFiles.load(datasets.get(0), warnings, spec.commandLine().getErr());
            Dataset b = DatasetFiles.load(datasets.get(1), warnings, spec.commandLine().getErr());
            figure = inputs.datasetCompare(datasets.get(0), a, datasets.get(1), b, warnings, width, height);
        }
        try {
            FigureWriter.write(figure, format, scale, out);
        } catch (IOException e) {
            throw new UserInputException(out + ": cannot write: " + OutputFile.reason(e), e);
        }
        // as import prints them: once the command stands, before its result
        DatasetFiles.printWarnings(warnings, spec.commandLine().getErr());
        // a picture written to standard output (--out /dev/stdout | display) is followed by nothing
        PrintWriter stdout = OutputFile.reportTo(out, spec.commandLine().getOut(), spec.commandLine().getErr());
        stdout.println("wrote " + out + " (" + figure.widthPx() * (format == ExportFormat.PNG ? scale : 1) + "x"
                + figureHeight(figure, format) + (format == ExportFormat.PNG ? " px" : " SVG units") + ", "
                + figure.caption().windowText() + ")");
        stdout.flush();
        return SchedLabCli.EXIT_OK;
    }

    private int figureHeight(Figure f, ExportFormat format) {
        int h = FigureWriter.heightPx(f);
        return format == ExportFormat.PNG ? h * scale : h;
    }

    /** Everything that can be told wrong before any work: one line naming the option. */
    private void checkOptions() throws UserInputException {
        if (scale < 1 || scale > FigureWriter.MAX_SCALE) {
            throw new UserInputException("--scale must be 1 or 2, was " + scale);
        }
        if (scale != 1 && ExportFormat.ofFile(out).orElse(ExportFormat.PNG) != ExportFormat.PNG) {
            throw new UserInputException("--scale sets the pixel density of a PNG; an SVG has no pixels (drop --scale)");
        }
        if (widthPx != null && (widthPx < TimelineLayout.LABEL_WIDTH_PX + 100 || widthPx > MAX_SIDE_PX)) {
            throw new UserInputException("--width must be in " + (int) (TimelineLayout.LABEL_WIDTH_PX + 100) + ".."
                    + MAX_SIDE_PX + " px, was " + widthPx);
        }
        if (heightPx != null && (heightPx < 120 || heightPx > MAX_SIDE_PX)) {
            throw new UserInputException("--height must be in 120.." + MAX_SIDE_PX + " px, was " + heightPx);
        }
        TimeOptions.checkWindow(fromMs, toMs);
        boolean fromScenario = scenario != null;
        if (fromScenario && !datasets.isEmpty()) {
            throw new UserInputException("give either FILE (a dataset or a recording) or --scenario, not both");
        }
        if (fromScenario && toMs == null && fromMs != null && fromMs >= RenderInputs.DEFAULT_RECORD_MS) {
            // said before the run: "after the end of the scenario (100.0 ms)" left the user to guess why
            throw new UserInputException("--from-ms " + TimeOptions.text(fromMs) + " is past the " + RenderInputs.DEFAULT_RECORD_MS
                    + " ms a scenario is recorded for without --to-ms; give --to-ms too");
        }
        if (!fromScenario && !set.isEmpty()) {
            throw new UserInputException("--set needs --scenario (a dataset's parameters are fixed)");
        }
        if (view == View.timeline) {
            if (base != null || test != null) {
                throw new UserInputException("--base and --test need --view compare");
            }
            if (!fromScenario && datasets.size() != 1) {
                throw new UserInputException(datasets.isEmpty() ? "nothing to draw: give FILE (a dataset or a recording) or --scenario"
                        : "--view timeline draws one dataset, got " + datasets.size() + DatasetFiles.ONE_RUN_HINT);
            }
        } else if (!fromScenario) {
            if (datasets.size() != 2) {
                throw new UserInputException("--view compare needs two datasets (A then B) or --scenario");
            }
            if (base != null || test != null) {
                throw new UserInputException("--base and --test need --scenario (datasets are compared as they are)");
            }
        }
    }

    static Optional<String> fileName(Path p) {
        return Optional.ofNullable(p.getFileName()).map(Path::toString);
    }
}
