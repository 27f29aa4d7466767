package org.schedlab.ui.lab;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;

import org.schedlab.ui.LazyTooltip;

/**
 * The parameter panel: one row per scenario parameter, grouped, each with its control (see
 * {@link ParamControl}), a reset button while it differs from the scenario, and a marker on the
 * name of every changed value. Above the rows: "Reset all" and the inline message of an invalid
 * combination. Rebuilt when the panel's view model changes (another scenario, another A/B side).
 * The title names the A/B side being edited before the scenario ("Side B · Case A: pgbench ..."): the
 * built-in scenarios are titled "Case A/B/C" after the threads they come from, so with "Edit B"
 * selected the panel read "Case A: ..." as if side A were being edited.
 */
public final class ParameterPanel extends BorderPane {
    static final double WIDTH_PX = 380;
    /** What is simulated first, how long and with which seed last. */
    private static final java.util.List<String> GROUP_ORDER = java.util.List.of("Machine and kernel", "Workload", "Run");

    private final Label problem = new Label();
    private final Label title = new Label();
    /** The scenario's description: the title's tooltip, made when first hovered. */
    private final javafx.beans.property.StringProperty description =
            new javafx.beans.property.SimpleStringProperty(this, "description", "");
    private final Button resetAll = new Button("Reset all", new FontIcon(MaterialDesignR.RESTORE));
    /** The key to the mark on a changed value's name, shown while there is one. */
    private final Label changedKey = new Label("marks a changed value");
    private final ScrollPane scroll = new ScrollPane();
    /**
     * The scroll pane's content: the rows shown and, while another scenario's are made
     * ({@link Staging}), those too, hidden and left out of the panel's size but laid out at its
     * width, so that showing them is a swap, not a first CSS pass over every row.
     */
    private final StackPane stack = new StackPane() {
        @Override
        protected void layoutChildren() {
            super.layoutChildren();
            for (javafx.scene.Node n : getChildren()) {
                if (!n.isManaged()) {
                    double w = getWidth() - snappedLeftInset() - snappedRightInset();
                    n.resizeRelocate(snappedLeftInset(), snappedTopInset(), w, n.prefHeight(w));
                }
            }
        }
    };
    /** The rows of the scenario being made, while they are. */
    private Staging staging;
    /** Rows built per view model: switching between A and B reuses them instead of adding listeners again. */
    private final java.util.Map<ParameterPanelViewModel, VBox> built = new java.util.WeakHashMap<>();
    private ParameterPanelViewModel shown;
    /** "Not used by this scenario" open: the same for every scenario this panel shows, and kept by a workspace. */
    private final javafx.beans.property.BooleanProperty unusedOpen =
            new javafx.beans.property.SimpleBooleanProperty(this, "unusedOpen", false);

    /** What the title names before the scenario: the A/B side being edited, "" for the Live tab's one run. */
    private final javafx.beans.value.ObservableValue<String> side;

    /** The Live tab's panel: one run, no side to name. */
    public ParameterPanel(ReadOnlyObjectProperty<ParameterPanelViewModel> panel) {
        this(panel, new javafx.beans.property.SimpleStringProperty(""));
    }

    /** A panel of one of the A/B sides: {@code side} is the one being edited ("A", "B"). */
    public ParameterPanel(ReadOnlyObjectProperty<ParameterPanelViewModel> panel,
                          javafx.beans.value.ObservableValue<String> side) {
        this.side = side;
        getStyleClass().add("parameter-panel");
        title.setId("param-title");
        setMinWidth(300);
        title.getStyleClass().add("title-4");
        title.setWrapText(true);
        LazyTooltip.following(description, ParameterPanel::style).installOn(title);
        problem.setId("param-problem");
        problem.getStyleClass().add("param-problem");
        problem.setWrapText(true);
        problem.setStyle("-fx-text-fill: -color-danger-fg; -fx-font-weight: bold;");
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        resetAll.setId("param-reset-all");
        resetAll.getStyleClass().addAll("small");
        resetAll.setOnAction(e -> {
            if (shown != null) {
                shown.resetAll();
            }
        });
        // a key to the rows' mark, there only while a row has it: always shown beside a greyed
        // "Reset all (0)" it read as a status ("changed from the scenario") with nothing changed.
        // Hidden, it keeps its place: the rows under it do not move as a slider's first change
        // marks its name
        javafx.scene.text.Text mark = new javafx.scene.text.Text("\u25CF");
        mark.setStyle("-fx-fill: -color-accent-fg;");
        changedKey.setGraphic(mark);
        changedKey.setId("param-changed-key");
        changedKey.setStyle("-fx-text-fill: -color-fg-muted; -fx-font-size: 0.9em;");
        changedKey.setMinWidth(0);
        changedKey.setVisible(false);
        HBox actions = new HBox(8, changedKey, grow(), resetAll);
        actions.setAlignment(Pos.CENTER_LEFT);
        resetAll.setMinWidth(Region.USE_PREF_SIZE);
        VBox top = new VBox(6, title, actions, problem);
        top.setPadding(new Insets(8, 10, 6, 10));
        setTop(top);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setContent(stack);
        setCenter(scroll);
        panel.addListener((obs, o, n) -> show(n));
        side.addListener((obs, o, n) -> showTitle());
        show(panel.get());
    }

    /** The scenario's title, after the side being edited where there is one. */
    private void showTitle() {
        String s = side.getValue();
        String scenario = shown == null ? "no scenario" : shown.scenario().title();
        title.setText(s == null || s.isEmpty() ? scenario : "Side " + s + " \u00b7 " + scenario);
    }

    /**
     * Shows {@code vm}: its rows at once when they were made before (the other A/B side), when
     * nothing is shown yet or the panel is not on screen; otherwise the rows shown stay, with
     * their title, until the new ones are made, a few per frame ({@link Staging}), and then swap
     * with them at once. Made at once, pgbench-graviton4's 38 rows held the FX thread for
     * 100-300 ms, most of it their first CSS pass.
     */
    private void show(ParameterPanelViewModel vm) {
        if (staging != null) {
            staging.cancel(); // another pick before the last one's rows were done: only the last counts
            staging = null;
        }
        if (vm != null && !built.containsKey(vm) && shownRows() != null && getScene() != null
                && getScene().getWindow() != null && getScene().getWindow().isShowing()) {
            staging = new Staging(vm);
            staging.start();
            return;
        }
        long start = System.nanoTime();
        showNow(vm, vm == null ? null : built.computeIfAbsent(vm, this::rows));
        if (PICK_TIMES && vm != null) {
            printPickTimes(vm, (System.nanoTime() - start) / 1e6);
        }
    }

    /** The rows on screen, if any. */
    private VBox shownRows() {
        return stack.getChildren().stream().filter(javafx.scene.Node::isManaged).map(VBox.class::cast)
                .findFirst().orElse(null);
    }

    /** Whether a scenario's rows are being made (for tests: the rows shown are still the last scenario's). */
    boolean isStaging() {
        return staging != null;
    }

    /** What a frame may spend on making rows, their CSS and layout included. */
    private static final double FRAME_BUDGET_MS = 10;

    /**
     * The most frames a scenario's rows take, whatever the budget says: on a busy machine, with
     * both A/B sides simulating and their timelines painted every frame, a row a frame left the
     * last side's rows on screen for seconds after Edit A.
     */
    private static final int MOST_FRAMES = 6;

    /**
     * A scenario's rows made a few each frame, hidden in {@link #stack}: the frame's CSS pass then
     * styles them and creates their controls' skins (twice to four times what making them took),
     * while the FX thread goes on drawing frames and taking input. How many a frame makes follows
     * what the last frame's took, rows, CSS and layout together, for about
     * {@value #FRAME_BUDGET_MS} ms a frame (one at least, and enough to be done in
     * {@value #MOST_FRAMES} frames). When the last is made they replace the
     * rows shown, and the title and the rest go with them.
     */
    private final class Staging extends javafx.animation.AnimationTimer {
        private final ParameterPanelViewModel vm;
        private final VBox rows = new VBox(2);
        private final java.util.Iterator<Runnable> steps;
        private final FrameTimes times;
        private final javafx.scene.Scene scene;
        private final Runnable before = this::beforeLayout;
        private final Runnable after = this::afterLayout;
        /** This frame's steps, the time they took, and when its CSS pass began. */
        private int made;
        private long madeNs;
        private long passStart;
        /** Steps the next frame makes, and the least any frame makes. */
        private int next;
        private final int least;

        Staging(ParameterPanelViewModel vm) {
            this.vm = vm;
            this.scene = getScene();
            rows.setVisible(false);
            rows.setManaged(false);
            // the rows shown are the last scenario's: greyed out until the swap, so that a change
            // made meanwhile cannot go to parameters no longer picked (showNow enables them again)
            VBox old = shownRows();
            if (old != null) {
                old.setDisable(true);
                // their ids are the new rows' too ("param-hz" on both): a lookup by id found
                // either; set aside until they show again (showNow)
                setIdsAside(old);
            }
            resetAll.disableProperty().unbind();
            resetAll.setDisable(true);
            java.util.List<Runnable> all = steps(vm, rows);
            least = (all.size() + MOST_FRAMES - 1) / MOST_FRAMES;
            next = least;
            steps = all.iterator();
            stack.getChildren().add(rows);
            times = PICK_TIMES ? new FrameTimes(vm, scene) : null;
            scene.addPreLayoutPulseListener(before);
            scene.addPostLayoutPulseListener(after);
        }

        @Override
        public void handle(long now) {
            long start = System.nanoTime();
            made = 0;
            while (steps.hasNext() && made < next) {
                steps.next().run();
                made++;
            }
            madeNs = System.nanoTime() - start;
            if (!steps.hasNext()) {
                done();
                built.put(vm, rows);
                rows.setManaged(true);
                rows.setVisible(true);
                showNow(vm, rows);
            }
            if (times != null) {
                times.made(System.nanoTime() - start, staging != this);
            }
        }

        private void beforeLayout() {
            passStart = System.nanoTime();
        }

        private void afterLayout() {
            if (made == 0) {
                return;
            }
            double perStepMs = (madeNs + System.nanoTime() - passStart) / 1e6 / made;
            next = Math.max(least, (int) (FRAME_BUDGET_MS / perStepMs));
            made = 0;
        }

        /** Stops; the rows stay (they are shown next). */
        private void done() {
            stop();
            staging = null;
            // not while the scene goes through its listeners
            javafx.application.Platform.runLater(() -> {
                scene.removePreLayoutPulseListener(before);
                scene.removePostLayoutPulseListener(after);
            });
        }

        void cancel() {
            done();
            stack.getChildren().remove(rows);
            if (times != null) {
                times.close();
            }
        }
    }

    /**
     * {@code -Dschedlab.paramPanelTimes=true} for rows made over several frames: each frame's
     * milliseconds making rows plus its CSS and layout pass, printed when the rows are shown.
     */
    private static final class FrameTimes {
        private final ParameterPanelViewModel vm;
        private final javafx.scene.Scene scene;
        private final java.util.List<Double> frames = new java.util.ArrayList<>();
        private final Runnable before = this::before;
        private final Runnable after = this::after;
        private long made;
        private long pass;
        private boolean last;

        FrameTimes(ParameterPanelViewModel vm, javafx.scene.Scene scene) {
            this.vm = vm;
            this.scene = scene;
            scene.addPreLayoutPulseListener(before);
            scene.addPostLayoutPulseListener(after);
        }

        void made(long ns, boolean isLast) {
            made = ns;
            last = isLast;
        }

        private void before() {
            pass = System.nanoTime();
        }

        private void after() {
            if (made == 0) {
                return;
            }
            frames.add((made + System.nanoTime() - pass) / 1e6);
            made = 0;
            if (last) {
                System.err.printf(java.util.Locale.ROOT,
                        "param panel %s: %d frames, the longest %.1f ms, the last (the swap) %.1f ms, in all %.1f ms"
                                + " (rows made and their CSS and layout)%n",
                        vm.scenario().name(), frames.size(), frames.stream().mapToDouble(d -> d).max().orElse(0),
                        frames.get(frames.size() - 1), frames.stream().mapToDouble(d -> d).sum());
                close();
            }
        }

        void close() {
            // not while the scene goes through its listeners
            javafx.application.Platform.runLater(() -> {
                scene.removePreLayoutPulseListener(before);
                scene.removePostLayoutPulseListener(after);
            });
        }
    }

    /**
     * {@code -Dschedlab.paramPanelTimes=true}: per scenario shown, on stderr, the FX thread's
     * milliseconds in {@link #show} (the rows made and put in place) and in the scene's next CSS
     * and layout pass (their skins and sizes), a measurement aid for docs/BENCHMARKS.md.
     */
    static final boolean PICK_TIMES = Boolean.getBoolean("schedlab.paramPanelTimes");

    private void printPickTimes(ParameterPanelViewModel vm, double showMs) {
        javafx.scene.Scene scene = getScene();
        if (scene == null) {
            System.err.printf(java.util.Locale.ROOT, "param panel %s: show %.1f ms (not in a scene)%n",
                    vm.scenario().name(), showMs);
            return;
        }
        long[] pass = new long[1];
        boolean[] printed = {false};
        Runnable before = () -> {
            if (pass[0] == 0) {
                pass[0] = System.nanoTime();
            }
        };
        Runnable[] after = new Runnable[1];
        after[0] = () -> {
            if (pass[0] == 0 || printed[0]) {
                return;
            }
            printed[0] = true;
            System.err.printf(java.util.Locale.ROOT, "param panel %s: show %.1f ms, CSS and layout %.1f ms%n",
                    vm.scenario().name(), showMs, (System.nanoTime() - pass[0]) / 1e6);
            // not while the scene goes through its listeners
            javafx.application.Platform.runLater(() -> {
                scene.removePreLayoutPulseListener(before);
                scene.removePostLayoutPulseListener(after[0]);
            });
        };
        scene.addPreLayoutPulseListener(before);
        scene.addPostLayoutPulseListener(after[0]);
    }

    private void showNow(ParameterPanelViewModel vm, VBox rows) {
        shown = vm;
        problem.textProperty().unbind();
        resetAll.disableProperty().unbind();
        resetAll.textProperty().unbind();
        changedKey.visibleProperty().unbind();
        if (vm == null) {
            changedKey.setVisible(false);
            resetAll.setText(resetAllText(0));
            showTitle();
            description.set("");
            problem.setText("");
            stack.getChildren().clear();
            return;
        }
        showTitle();
        description.set(vm.scenario().description());
        problem.textProperty().bind(vm.problemProperty());
        resetAll.disableProperty().bind(vm.changedCountProperty().isEqualTo(0));
        resetAll.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> resetAllText(vm.changedCountProperty().get()), vm.changedCountProperty()));
        changedKey.visibleProperty().bind(vm.changedCountProperty().greaterThan(0));
        rows.setDisable(false); // greyed out while another pick's rows were made
        if (stack.getChildren().contains(rows)) {
            // made in place (Staging): taken out and put back, every row would go through CSS again
            stack.getChildren().removeIf(n -> n != rows);
        } else {
            stack.getChildren().setAll(rows);
        }
        idsBack(rows); // set aside while they were greyed under another pick's rows being made
    }

    /** Where a row's node keeps its id while the row is greyed under another pick's rows being made. */
    private static final String ID_ASIDE = "schedlab.paramIdAside";

    /**
     * Clears the ids of {@code rows} and of the nodes the panel made in them, each kept aside in the node's
     * properties for {@link #idsBack}: while another scenario's rows are made beside them, the
     * same parameter's row there carries the same ids, and a lookup by id (TestFX, CSS,
     * accessibility tools) must find one node. Nothing is styled by these ids (workbench.css uses
     * classes), so the rows look the same.
     */
    private static void setIdsAside(javafx.scene.Node n) {
        if (n.getId() != null) {
            n.getProperties().put(ID_ASIDE, n.getId());
            n.setId(null);
        }
        eachChild(n, ParameterPanel::setIdsAside);
    }

    /** The ids {@link #setIdsAside} kept, given back. */
    private static void idsBack(javafx.scene.Node n) {
        Object id = n.getProperties().remove(ID_ASIDE);
        if (id != null) {
            n.setId((String) id);
        }
        eachChild(n, ParameterPanel::idsBack);
    }

    /**
     * The nodes the panel made in {@code n}: a pane's children, a fold's rows; not the parts of a
     * control's skin, which JavaFX names itself (every combo box's "arrow-button").
     */
    private static void eachChild(javafx.scene.Node n, java.util.function.Consumer<javafx.scene.Node> each) {
        if (n instanceof TitledPane t && t.getContent() != null) {
            each.accept(t.getContent());
        } else if (n instanceof javafx.scene.layout.Pane p) {
            for (javafx.scene.Node c : p.getChildren()) {
                each.accept(c);
            }
        }
    }

    /**
     * {@value #WIDTH_PX} px, or wider where the rows need it: a row's name (as wide as its longest
     * word), a slider of {@link ParamControl#SLIDER_MIN_PX} with its value, and the reset. At 380
     * px s390-uperf's "vhostWeightPackets" left its sliders 79 px and pushed its rows under the
     * scroll bar.
     */
    @Override
    protected double computePrefWidth(double height) {
        javafx.scene.Node rows = shownRows();
        if (rows == null) {
            return WIDTH_PX;
        }
        double bar = scroll.lookupAll(".scroll-bar").stream()
                .filter(b -> b instanceof javafx.scene.control.ScrollBar s
                        && s.getOrientation() == javafx.geometry.Orientation.VERTICAL && s.isVisible())
                .mapToDouble(b -> b.prefWidth(-1)).findFirst().orElse(0);
        double need = snappedLeftInset() + scroll.snappedLeftInset() + rows.minWidth(-1) + bar
                + scroll.snappedRightInset() + snappedRightInset();
        return Math.max(WIDTH_PX, Math.ceil(need));
    }

    /** Whether the group "Not used by this scenario" is open (folded at first). */
    public javafx.beans.property.BooleanProperty unusedOpenProperty() {
        return unusedOpen;
    }

    private VBox rows(ParameterPanelViewModel vm) {
        VBox rows = new VBox(2);
        steps(vm, rows).forEach(Runnable::run);
        return rows;
    }

    /**
     * What fills {@code rows} with {@code vm}'s rows, one step per group heading, parameter and the
     * fold of the unused ones, in the panel's order: run at once, or a few per frame
     * ({@link Staging}).
     */
    private java.util.List<Runnable> steps(ParameterPanelViewModel vm, VBox rows) {
        rows.setPadding(new Insets(0, 10, 10, 10));
        java.util.List<Runnable> steps = new java.util.ArrayList<>();
        java.util.List<GridPane> grids = new java.util.ArrayList<>(); // one name column width for all
        java.util.List<ParamViewModel> ordered = new java.util.ArrayList<>(vm.params());
        ordered.sort(java.util.Comparator.comparingInt(p -> GROUP_ORDER.indexOf(ParameterPanelViewModel.group(p.key()))));
        java.util.List<ParamViewModel> unused = ordered.stream().filter(p -> p.def().isUnused()).toList();
        ordered.removeAll(unused);
        String group = "";
        for (ParamViewModel p : ordered) {
            String g = ParameterPanelViewModel.group(p.key());
            if (!g.equals(group)) {
                group = g;
                steps.add(() -> {
                    Label header = new Label(g);
                    header.getStyleClass().add("text-caption");
                    header.setStyle("-fx-font-weight: bold; -fx-padding: 10 0 2 0; -fx-text-fill: -color-fg-muted;");
                    GridPane grid = newGrid();
                    grids.add(grid);
                    rows.getChildren().addAll(header, grid);
                });
            }
            steps.add(() -> addRow(grids.get(grids.size() - 1), p, grids));
        }
        if (!unused.isEmpty()) {
            // settings whose mechanism this workload never reaches (a spin delay where nothing
            // spins): out of the way, folded, each saying why in its tooltip
            steps.add(() -> {
                GridPane g = newGrid();
                grids.add(g);
                for (ParamViewModel p : unused) {
                    addRow(g, p, grids);
                }
                TitledPane fold = new TitledPane("Not used by this scenario (" + unused.size() + ")", g);
                fold.setId("params-unused");
                fold.getStyleClass().add("params-unused"); // styled by it: the id is set aside while greyed
                fold.expandedProperty().bindBidirectional(unusedOpen);
                fold.setAnimated(false);
                // as narrow as its rows (the theme's own minimum is its preferred width, which widened
                // the panel), and they line up with the groups above (workbench.css)
                fold.setMinWidth(0);
                styled("This scenario's workload never reaches what these set: "
                        + String.join("; ", unused.stream().map(p -> p.key() + ": " + p.def().unused()).toList())
                        + ". A value is still accepted and changes nothing.").installOn(fold);
                VBox.setMargin(fold, new Insets(10, 0, 0, 0));
                rows.getChildren().add(fold);
            });
        }
        return steps;
    }

    private static final String NEXT_ROW = "schedlab.nextParamRow";

    /** Marks a parameter's name label: its id is set aside while its rows are greyed ({@link #setIdsAside}). */
    private static final String NAME_LABEL = "schedlab.paramName";

    private static GridPane newGrid() {
        GridPane g = new GridPane();
        g.setHgap(6);
        g.setVgap(3);
        ColumnConstraints name = new ColumnConstraints(NAME_MIN_PX, NAME_PREF_PX, NAME_MAX_PX);
        // at least what its controls need (a slider of SLIDER_MIN_PX and its value): the panel
        // widens for it (computePrefWidth)
        ColumnConstraints control = new ColumnConstraints(Region.USE_COMPUTED_SIZE, 190, Double.MAX_VALUE);
        control.setHgrow(Priority.ALWAYS);
        ColumnConstraints reset = new ColumnConstraints(26);
        g.getColumnConstraints().addAll(name, control, reset);
        return g;
    }

    /**
     * A slider over its auto/off box: the name (and the reset) on the slider's line, not centred
     * between the two lines, where "baseSliceUs" read as the name of the box and its slider as the
     * row above's. The name's first line is centred on {@code line}.
     */
    private static void nameOnFirstLine(Label name, javafx.scene.Node line, Region control, Button reset) {
        GridPane.setValignment(name, javafx.geometry.VPos.TOP);
        GridPane.setValignment(control, javafx.geometry.VPos.TOP);
        GridPane.setValignment(reset, javafx.geometry.VPos.TOP);
        Runnable centre = () -> {
            javafx.scene.text.Text one = new javafx.scene.text.Text("Xg");
            one.setFont(name.getFont());
            double lineHeight = line.getLayoutBounds().getHeight();
            double top = Math.max(0, Math.floor((lineHeight - one.getLayoutBounds().getHeight()) / 2));
            name.setPadding(new Insets(top, 0, 0, 0));
            reset.setTranslateY(Math.max(0, Math.floor((lineHeight - reset.getHeight()) / 2)));
        };
        line.layoutBoundsProperty().addListener((obs, o, b) -> centre.run());
        name.fontProperty().addListener((obs, o, f) -> centre.run());
        reset.heightProperty().addListener((obs, o, h) -> centre.run());
    }

    private static void addRow(GridPane grid, ParamViewModel p, java.util.List<GridPane> grids) {
        // two grid rows per parameter, the second for its message: counted here, since
        // GridPane.getRowCount() skips the hidden (unmanaged) message labels, and the next
        // parameter then took the message's row - an out-of-range message drew over it
        int row = (int) grid.getProperties().getOrDefault(NEXT_ROW, 0);
        grid.getProperties().put(NEXT_ROW, row + 2);
        Label name = new Label(p.key() + (p.def().unit().isEmpty() || p.def().isChoice() ? "" : " (" + p.def().unit() + ")"));
        name.setId("param-label-" + p.key());
        name.getProperties().put(NAME_LABEL, Boolean.TRUE);
        // long names ("pgbenchThreads (threads)") wrap onto a second line instead of running
        // under the slider: the column is at most NAME_MAX_PX wide
        name.setWrapText(true);
        name.setMaxWidth(NAME_MAX_PX);
        name.setMinHeight(Region.USE_PREF_SIZE);
        // ... but between words only: as wide as its longest word marked changed (after the
        // bullet), or "mightReschedUs" broke as "mightReschedU" / "s" once changed
        name.fontProperty().addListener((obs, o, f) -> name.setMinWidth(longestWordPx(name.getText(), f)));
        name.minWidthProperty().addListener((obs, o, w) -> fitNameColumns(grids));
        name.setMinWidth(longestWordPx(name.getText(), name.getFont()));
        // made when first hovered or focused: two per parameter up front cost the first screen
        LazyTooltip tip = styled(p.tooltipText());
        tip.installOn(name);
        Runnable mark = () -> {
            boolean changed = !p.isDefaultBinding().get();
            name.setText((changed ? "\u25CF " : "") + p.key()
                    + (p.def().unit().isEmpty() || p.def().isChoice() ? "" : " (" + p.def().unit() + ")"));
            // the bullet and the accent colour mark it; bold would widen the name column for
            // every group of the panel, squeezing the controls beside it
            name.setStyle(changed ? "-fx-text-fill: -color-accent-fg;" : "");
            if (changed) {
                name.getStyleClass().add("param-changed");
            } else {
                name.getStyleClass().remove("param-changed");
            }
        };
        p.isDefaultBinding().addListener((obs, o, n) -> mark.run());
        mark.run();

        Region control = ParamControl.of(p, tip);
        Button reset = new Button(null, new FontIcon(MaterialDesignR.RESTORE));
        reset.setId("param-reset-" + p.key());
        reset.getStyleClass().addAll("flat", "small");
        new LazyTooltip("Back to the scenario's value: " + p.defaultValue(), Tooltip::new).installOn(reset);
        reset.visibleProperty().bind(p.isDefaultBinding().not());
        reset.setOnAction(e -> p.reset());

        Label error = new Label();
        error.setId("param-error-" + p.key());
        error.setWrapText(true);
        error.setStyle("-fx-text-fill: -color-danger-fg; -fx-font-size: 0.9em;");
        error.textProperty().bind(p.errorProperty());
        error.managedProperty().bind(p.errorProperty().isNotEmpty());
        error.visibleProperty().bind(p.errorProperty().isNotEmpty());

        // a parameter that takes effect only with another's value (a futex's spins with
        // lockKind=futex): greyed while that does not hold, saying what it waits for
        Label waits = new Label(p.conditionText() + ": changes nothing now");
        waits.setId("param-condition-" + p.key());
        waits.setWrapText(true);
        waits.setStyle("-fx-text-fill: -color-fg-muted; -fx-font-size: 0.9em;");
        waits.managedProperty().bind(p.takesEffectProperty().not());
        waits.visibleProperty().bind(p.takesEffectProperty().not());
        control.disableProperty().bind(p.takesEffectProperty().not());
        name.opacityProperty().bind(javafx.beans.binding.Bindings.when(p.takesEffectProperty()).then(1.0).otherwise(0.6));

        grid.add(name, 0, row);
        fitNameColumns(grids);
        grid.add(control, 1, row);
        grid.add(reset, 2, row);
        if (control instanceof javafx.scene.layout.VBox rows && !rows.getChildren().isEmpty()) {
            nameOnFirstLine(name, rows.getChildren().get(0), control, reset);
        }
        VBox notes = new VBox(error, waits);
        notes.managedProperty().bind(error.managedProperty().or(waits.managedProperty()));
        grid.add(notes, 0, row + 1, 3, 1);
    }

    /**
     * The name columns of all the panel's groups as wide as the widest name needs (at least
     * {@value #NAME_PREF_PX} px), so the controls line up from group to group: the columns' own
     * minimum and preferred widths win over their labels' minimum, which then drew over the controls.
     */
    private static void fitNameColumns(java.util.List<GridPane> grids) {
        double widest = NAME_PREF_PX;
        for (GridPane grid : grids) {
            for (javafx.scene.Node n : grid.getChildren()) {
                if (n instanceof Label l && l.getProperties().containsKey(NAME_LABEL)) {
                    widest = Math.max(widest, l.getMinWidth());
                }
            }
        }
        for (GridPane grid : grids) {
            // the minimum too: a narrow panel shrinks every column towards its minimum
            ColumnConstraints c = grid.getColumnConstraints().get(0);
            c.setMinWidth(Math.min(Math.max(widest, NAME_MIN_PX), NAME_MAX_PX));
            c.setPrefWidth(Math.min(widest, NAME_MAX_PX));
        }
    }

    private static final double NAME_MIN_PX = 118;

    private static final double NAME_PREF_PX = 128;

    /** The name column's widest: s390-uperf's "● vhostWeightPackets". */
    private static final double NAME_MAX_PX = 190;

    /** Width of the widest word of {@code text} in {@code font}, the first with the changed mark before it. */
    private static double longestWordPx(String text, javafx.scene.text.Font font) {
        double widest = 0;
        String[] words = text.replace("\u25CF ", "").split(" ");
        words[0] = "\u25CF " + words[0]; // the mark stays on the name's line
        for (String word : words) {
            javafx.scene.text.Text probe = new javafx.scene.text.Text(word);
            probe.setFont(font);
            widest = Math.max(widest, probe.getLayoutBounds().getWidth());
        }
        return Math.ceil(widest) + 2;
    }

    /** A tooltip styled as this panel's ({@link #tooltip}), made when first wanted. */
    static LazyTooltip styled(String text) {
        return new LazyTooltip(text, ParameterPanel::tooltip);
    }

    static Tooltip tooltip(String text) {
        Tooltip t = new Tooltip(text);
        style(t);
        return t;
    }

    /** This panel's tooltip look: wrapped, a bounded width, a short delay, a long stay. */
    private static void style(Tooltip t) {
        t.setWrapText(true);
        t.setMaxWidth(460);
        t.setShowDelay(Duration.millis(300));
        t.setShowDuration(Duration.seconds(30));
    }

    /** "Reset all (2)"; with nothing to reset, greyed, just "Reset all": "(0)" read as a fault. */
    static String resetAllText(int changed) {
        return changed == 0 ? "Reset all" : "Reset all (" + changed + ")";
    }

    private static Region grow() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }
}
