package org.schedlab.ui;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.schedlab.model.Dataset;
import org.schedlab.model.DatasetBuilder;
import org.schedlab.model.Metadata;

/**
 * A measurement aid, not a test: what a divider drag costs the TCP tab per width change with an
 * {@code nstat -az} capture over time (every Tcp and TcpExt counter of the real nstat snapshot,
 * two samples each, so the four figure columns show). The panel is narrowed and widened a pixel at
 * a time over {@code from..to} px (arguments, default 360..700), {@code rounds} times (third
 * argument, default 3), each step laid out at once on the FX thread; prints the FX thread's CPU
 * time per width change (median and 90th percentile of the last round) (docs/BENCHMARKS.md). Run
 * on a display (Xvfb) with the test classpath:
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) org.schedlab.ui.TcpPanelWidthTimes
 * </pre>
 */
public final class TcpPanelWidthTimes {
    private static final Path NSTAT = Path.of("/work/shared/data/real/pgbench-local/nstat_snapshot.txt");

    private TcpPanelWidthTimes() {
    }

    public static void main(String[] args) throws Exception {
        int from = args.length > 0 ? Integer.parseInt(args[0]) : 360;
        int to = args.length > 1 ? Integer.parseInt(args[1]) : 700;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Dataset d = capture();
        TimelineViewModel vm = new TimelineViewModel();
        TcpPanel[] panel = new TcpPanel[1];
        StackPane[] root = new StackPane[1];
        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(() -> {
            Workbench.applyTheme();
            panel[0] = new TcpPanel(vm.summary());
            root[0] = new StackPane(panel[0]);
            StackPane.setAlignment(panel[0], Pos.TOP_LEFT);
            Stage stage = new Stage();
            stage.setScene(new Scene(root[0], to + 40, 1000));
            stage.show();
            vm.setDataset(d);
            up.countDown();
        });
        up.await(10, TimeUnit.SECONDS);
        long rows = 0;
        for (int i = 0; i < 200 && rows == 0; i++) {
            Thread.sleep(100);
            rows = onFx(() -> (long) ((TableView<?>) panel[0].lookup("#tcp-table")).getItems().size());
        }
        System.out.printf("%d counters, %d columns shown%n", rows, onFx(() -> (long) ((TableView<?>) panel[0]
                .lookup("#tcp-table")).getVisibleLeafColumns().size()));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < rounds; r++) {
            long[] ns = onFx(() -> {
                long[] out = new long[2 * (to - from)];
                int k = 0;
                for (int w = from; w < to; w++) {
                    out[k++] = step(mx, panel[0], root[0], w);
                }
                for (int w = to; w > from; w--) {
                    out[k++] = step(mx, panel[0], root[0], w);
                }
                return out;
            });
            Arrays.sort(ns);
            System.out.printf("round %d: %d width changes, median %.2f ms, p90 %.2f ms, max %.2f ms (FX thread CPU)%n",
                    r + 1, ns.length, ns[ns.length / 2] / 1e6, ns[ns.length * 9 / 10] / 1e6, ns[ns.length - 1] / 1e6);
        }
        // the names' lines alone, every counter's at each width (what the visible cells ask for, x rows)
        long[] lines = onFx(() -> {
            javafx.scene.text.Font font = javafx.scene.text.Font.getDefault();
            List<org.schedlab.analysis.TcpCounters.Row> all = List.copyOf(((TableView<org.schedlab.analysis.TcpCounters.Row>)
                    panel[0].lookup("#tcp-table")).getItems());
            long[] out = new long[to - from];
            for (int w = from; w < to; w++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (org.schedlab.analysis.TcpCounters.Row row : all) {
                    TcpPanel.lines(TcpPanel.name(row), font, w / 3.0);
                    TcpPanel.lines(TcpPanel.wiresharkLine(row), font, w / 3.0);
                }
                out[w - from] = mx.getCurrentThreadCpuTime() - t0;
            }
            return out;
        });
        Arrays.sort(lines);
        System.out.printf("lines of all %d names at one width: median %.2f ms, p90 %.2f ms%n", rows,
                lines[lines.length / 2] / 1e6, lines[lines.length * 9 / 10] / 1e6);
        Platform.exit();
    }

    /** The panel at {@code widthPx}, laid out until it is settled (a refresh asks for a second pass). */
    private static long step(ThreadMXBean mx, TcpPanel panel, StackPane root, int widthPx) {
        long t0 = mx.getCurrentThreadCpuTime();
        panel.setMaxWidth(widthPx);
        for (int pass = 0; pass < 3; pass++) {
            root.applyCss();
            root.layout();
        }
        return mx.getCurrentThreadCpuTime() - t0;
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(900, TimeUnit.SECONDS);
    }

    /** Every TCP counter of the real snapshot (nstat -az: zeros too), sampled twice a second apart. */
    private static Dataset capture() throws Exception {
        List<String> names = Files.readAllLines(NSTAT).stream().filter(l -> l.startsWith("Tcp"))
                .map(l -> l.split("\\s+")[0]).toList();
        DatasetBuilder b = Dataset.builder(Metadata.of("nstat-az.txt", "nstat"));
        for (int i = 0; i < names.size(); i++) {
            b.counter(names.get(i), "count").add(0, 1_000L * i).add(1_000_000_000L, 1_000L * i + 37 * i);
        }
        return b.build();
    }
}
