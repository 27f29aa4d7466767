package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.SchedLabCli;
import org.schedlab.io.read.Fixtures;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The side panel's Figures tab: a file whose value is its figures (perf stat totals, a pgbench
 * output) opens with the tab in front, listing the figures `schedlab table FILE` prints with the
 * same names and values; Copy gives that command's text; a workspace keeps the tab.
 */
@ExtendWith(ApplicationExtension.class)
class FiguresPanelWindowTest extends FxRobot {
    private static final String PERF_STAT = "real/perf-stat/default.txt";
    private static final String PGBENCH = "real/pgbench-local/runA_pgbench.txt";

    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        window.opener(DatasetOpener.standard()).show(stage);
    }

    private void open(Path file) throws Exception {
        window.pick(file);
        clickOn("File");
        clickOn("Open\u2026");
        FxWait.untilOnFx("the file is shown", 60, () -> window.vm.timeline().dataset().metadata().source()
                .contains(file.getFileName().toString()));
    }

    private String sideTab() {
        return FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem()
                .getId());
    }

    /** The Figures table's rows, figure name to value, once it has {@code name}. */
    private Map<String, String> figures(String name) throws Exception {
        AtomicReference<Map<String, String>> shown = new AtomicReference<>(Map.of());
        FxWait.untilOnFx("the figures", 60, () -> {
            Map<String, String> m = new LinkedHashMap<>();
            lookup("#figures-table").tryQueryAs(TableView.class).ifPresent(t -> {
                @SuppressWarnings("unchecked")
                TableView<Object> table = t;
                TableColumn<Object, ?> n = table.getColumns().get(0);
                TableColumn<Object, ?> v = table.getColumns().get(1);
                for (Object row : table.getItems()) {
                    m.put(String.valueOf(n.getCellData(row)), String.valueOf(v.getCellData(row)));
                }
            });
            shown.set(m);
            return m.containsKey(name);
        });
        return shown.get();
    }

    /** What {@code schedlab table FILE [options]} prints on stdout. */
    private static String table(Path file, String... options) {
        return FiguresViewModelTest.table(file, options);
    }

    private String copied() throws Exception {
        clickOn("#figures-copy");
        AtomicReference<String> text = new AtomicReference<>("");
        interact(() -> text.set(Clipboard.getSystemClipboard().getString()));
        return text.get();
    }

    @Test
    void perfStatTotalsOpenOnTheFiguresTabWithTheValuesTablePrints() throws Exception {
        Path f = Fixtures.path(PERF_STAT);
        open(f);
        FxWait.untilOnFx("the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
        Map<String, String> m = figures("context-switches");
        String printed = table(f);
        // the rows of the table command's perf stat table: "  context-switches   762  894.37 /s"
        for (String event : new String[] {"task-clock", "context-switches", "cpu-migrations", "page-faults"}) {
            String line = "  " + event + " +" + java.util.regex.Pattern.quote(m.get(event)) + "  "
                    + java.util.regex.Pattern.quote(m.get(event + " rate"));
            assertTrue(java.util.regex.Pattern.compile("(?m)^" + line + "$").matcher(printed).find(),
                    event + " " + m.get(event) + " / " + m.get(event + " rate") + " not in\n" + printed);
        }
        assertEquals("762", m.get("context-switches"));
        assertEquals("168.3 msec", m.get("task-clock"));
        assertEquals("0.851993769", m.get("perfStat.elapsedS"), "what perf printed about the run, as the params line");
        assertEquals(printed, copied(), "Copy gives what schedlab table FILE prints");
    }

    /** Copy says on itself that it copied, and how much, then reads "Copy" again: a click showed nothing. */
    @Test
    void copySaysWhatItCopied() throws Exception {
        open(Fixtures.path(PGBENCH));
        figures("pgbench.tps");
        FxWait.untilOnFx("Copy is enabled", 60, () -> !lookup("#figures-copy").queryButton().isDisabled());
        String text = copied();
        long lines = text.lines().count();
        assertTrue(lines > 1, text);
        assertEquals("Copied " + lines + " lines", FxWait.onFx(() -> lookup("#figures-copy").queryButton().getText()));
        FxWait.untilOnFx("its own label again", 60, () -> lookup("#figures-copy").queryButton().getText().equals("Copy"));
    }

    @Test
    void aLockContentionTableOpensOnTheLocksTabThatListsItsRows() throws Exception {
        // no CPU lanes, but its rows are the Locks tab's; Figures has only their count
        open(Fixtures.path("real/pgbench-local/runC_lock_contention.txt"));
        FxWait.untilOnFx("the Locks tab in front with the callers", 60, () -> "tab-locks".equals(sideTab())
                && lookup("#locks-table .table-row-cell").queryAll().stream()
                        .anyMatch(r -> !((javafx.scene.control.TableRow<?>) r).isEmpty()));
        open(Fixtures.path(PGBENCH));
        FxWait.untilOnFx("a pgbench output: the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
    }

    /** A runqlat output's histograms are the runqlat tab's: Figures in front showed none of them. */
    @Test
    void aRunqlatOutputOpensOnTheRunqlatTab() throws Exception {
        open(Fixtures.path("public/runqlat/bcc_runqlat_example.txt"));
        FxWait.untilOnFx("the runqlat tab in front", 60, () -> "tab-runqlat".equals(sideTab()));
    }

    /**
     * An nstat snapshot's TcpRetransSegs is Wireshark's retransmission: the Figures tab listed the
     * snapshot's D-SACK count beside the snapshot count, not its one retransmitted segment.
     */
    @Test
    void anNstatSnapshotsFiguresHaveItsRetransmittedSegments() throws Exception {
        open(Fixtures.path("real/pgbench-local/nstat_snapshot.txt"));
        Map<String, String> m = figures("tcp dsack");
        assertEquals("1", m.get("tcp retransSegs"), m.toString());
    }

    @Test
    void aPgbenchOutputShowsItsTpsAndLatencyAsTablePrintsThem() throws Exception {
        Path f = Fixtures.path(PGBENCH);
        open(f);
        FxWait.untilOnFx("the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
        Map<String, String> m = figures("throughput");
        String printed = table(f);
        // pgbench's own "tps = 2599.603685" by its own name and digits, as the table's params print
        // it; the throughput row is the table's throughput line, grouped on screen (2,600 tps)
        assertEquals("2599.603685", m.get("pgbench.tps"));
        assertTrue(printed.contains("pgbench.tps=2599.603685"), printed);
        assertEquals("2,600 tps", m.get("throughput"));
        assertTrue(printed.contains("\nthroughput  2,600 tps\n"), printed);
        assertEquals(1, FxWait.onFx(() -> lookup("#figures-table").queryAs(TableView.class).getItems().stream()
                .filter(r -> ((org.schedlab.analysis.SummaryFigures.Row) r).name().equals("throughput")).count()),
                "one throughput row, not the headline parameter beside it");
        // the same figures, grouped on screen and in the mail text alike (5,955)
        assertEquals("5,955", m.get("latency us transaction mean"));
        String mean = m.get("latency us transaction mean");
        String stddev = m.get("latency us transaction stddev");
        assertTrue(printed.matches("(?s).*\\n  transaction +[\\d,]+ +" + mean + " +" + stddev + " .*"),
                mean + " " + stddev + " not in\n" + printed);
        assertTrue(m.containsKey("pgbench.tps"), m.toString());
        assertEquals(printed, copied(), "Copy gives what schedlab table FILE prints");
    }

    @Test
    void aRangeDraggedOnTheAxisGivesTheFiguresOfThatWindowAsTableFromToPrintsThem() throws Exception {
        Path f = Fixtures.path(PGBENCH);
        open(f);
        figures("throughput");
        long start = window.vm.timeline().dataset().startNs();
        interact(() -> window.vm.timeline().selection().selectRange(start + 1_000_000_000L, start + 3_000_000_000L));
        Map<String, String> m = figures("whole-run figures left out");
        assertTrue(m.get("whole-run figures left out").endsWith(" (of the whole recording, not of this window)"),
                "the recording's figures, not 'the whole file's' (a window saved as a file is a whole file): " + m);
        assertTrue(!m.containsKey("pgbench.tps") && !m.containsKey("latency us transaction mean"),
                "pgbench's own whole-run figures are not of the range: " + m);
        String printed = table(f, "--from-ms", "1000", "--to-ms", "3000");
        String copied = copied();
        assertTrue(copied.startsWith("window 1000..3000 ms of runA_pgbench.txt"), copied);
        // the heading names the file as Edit > Copy summary does; the summary under it is the command's
        assertEquals(printed.substring(printed.indexOf("\n\n")), copied.substring(copied.indexOf("\n\n")));
        // the same figure, grouped on screen and in the mail text alike (2,713 tps)
        assertTrue(printed.contains("throughput  " + m.get("throughput") + "\n"),
                m.get("throughput") + "\n" + printed);

        interact(() -> window.vm.timeline().selection().clearRange());
        assertTrue(figures("pgbench.tps").containsKey("latency us transaction mean"), "the whole file's again");
    }

    @Test
    void aRecordingWithCpuLanesKeepsItsTabAndAWorkspaceKeepsTheFiguresTab() throws Exception {
        open(Fixtures.path(Fixtures.RUN_A_SCRIPT));
        assertEquals("tab-selection", sideTab(), "a recording with CPU lanes opens as before");
        clickOn("#tab-figures");
        Map<String, String> m = figures("cpu idle");
        assertTrue(m.containsKey("cpu running"), m.toString());

        Path saved = dir.resolve("study.schedlab");
        interact(() -> window.workbench.workspace().saveAs(saved));
        FxWait.untilOnFx("the workspace is saved", 40, () -> Files.exists(saved)
                && window.workbench.workspace().fileProperty().get().isPresent());
        String json = Files.readString(saved);
        assertTrue(json.contains("\"datasetSide\" : \"figures\""), json);

        clickOn("#tab-cpu");
        interact(() -> window.workbench.workspace().open(saved));
        FxWait.untilOnFx("the workspace is open", 60, () -> !window.workbench.workspace().busyProperty().get()
                && window.workbench.workspace().messageProperty().get().startsWith("Opened workspace"));
        assertEquals("tab-figures", sideTab(), "the side panel shows Figures again");
        String figuresTab = FxWait.onFx(() -> lookup("#side-tabs").queryAs(TabPane.class).getTabs().stream()
                .filter(t -> "tab-figures".equals(t.getId())).findFirst().orElseThrow().getText());
        assertEquals("Figures", figuresTab);
    }

    /**
     * A figures-only file (vmstat: counters, no CPU lanes) saved with the side panel on Locks
     * reopens on Locks: the side panel turned to Figures when the workspace's file was read again,
     * after the workspace had put Locks in front. A figures-only file opened afresh still opens on Figures.
     */
    @Test
    void aWorkspaceOfAFiguresOnlyFileReopensOnTheSideTabItWasSavedWith() throws Exception {
        Path f = Fixtures.path("real/sysstat/vmstat-1-25.txt");
        open(f);
        FxWait.untilOnFx("the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
        clickOn("#tab-locks");
        Path saved = dir.resolve("vmstat.schedlab");
        interact(() -> window.workbench.workspace().saveAs(saved));
        FxWait.untilOnFx("the workspace is saved", 40, () -> Files.exists(saved)
                && window.workbench.workspace().fileProperty().get().isPresent());
        assertTrue(Files.readString(saved).contains("\"datasetSide\" : \"locks\""), Files.readString(saved));

        open(Fixtures.path(PERF_STAT)); // the user moves on to another file and side tab
        FxWait.untilOnFx("the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
        clickOn("#tab-cpu");
        java.util.concurrent.atomic.AtomicInteger reopened = new java.util.concurrent.atomic.AtomicInteger();
        interact(() -> {
            window.vm.addOpenedListener(sources -> reopened.incrementAndGet());
            window.workbench.workspace().open(saved);
        });
        FxWait.untilOnFx("the workspace and its file are open", 60, () -> reopened.get() == 1
                && !window.workbench.workspace().busyProperty().get() && !window.vm.loadingProperty().get()
                && window.workbench.workspace().messageProperty().get().startsWith("Opened workspace"));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals("tab-locks", sideTab(), "the side tab saved in the workspace");

        open(Fixtures.path(PERF_STAT));
        FxWait.untilOnFx("a file opened afresh: the Figures tab in front", 60, () -> "tab-figures".equals(sideTab()));
    }
}
