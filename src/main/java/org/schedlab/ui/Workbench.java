package org.schedlab.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import atlantafx.base.theme.PrimerLight;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;
import org.kordamp.ikonli.materialdesign2.MaterialDesignB;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.schedlab.render.ColorMode;
import org.schedlab.render.TrackGroup;
import org.schedlab.ui.export.DatasetTabSource;
import org.schedlab.ui.export.ExportMenus;
import org.schedlab.ui.export.ExportPicker;
import org.schedlab.ui.export.ExportViewModel;
import org.schedlab.ui.export.FxExportPicker;
import org.schedlab.ui.export.ViewSource;

/**
 * The workbench window: menu bar and toolbar on top, the timeline beside the summary panels in
 * the middle, the status bar below. Built in code from a view model and a file picker, so the
 * app and the UI tests build exactly the same window (tests pass their own picker).
 */
public final class Workbench {
    private final WorkbenchViewModel vm;
    private final FilePicker picker;
    private final WorkspaceViewModel workspace;
    private final TimelineView timelineView;
    private final SidePanel sidePanel;
    private final BorderPane root = new BorderPane();
    private MenuBar menuBar;
    private TabPane workspaces;
    private Stage stage;
    private final ExportViewModel exports;
    private final ExportMenus exportMenus;
    private final DatasetTabSource datasetSource;
    private final Map<Tab, ViewSource> viewSources = new HashMap<>();
    /** The timeline's toolbar controls; the task search is given the keyboard by View > Find task. */
    private TimelineToolBar timelineBar;
    /** The keyboard's way behind the toolbar's overflow button. */
    private ToolBarOverflow overflow;
    private ExportPicker exportPicker = new FxExportPicker();
    private final ShownTimelines shown;
    /** Where View > Dark theme is remembered (the user's configuration beside the recent files, from the app). */
    private ThemeChoice themeChoice = ThemeChoice.inMemory();
    private CheckMenuItem darkTheme;
    private final javafx.beans.property.StringProperty themeMessage = new javafx.beans.property.SimpleStringProperty("");

    public Workbench(WorkbenchViewModel vm, FilePicker picker) {
        this.vm = vm;
        this.picker = picker;
        this.workspace = new WorkspaceViewModel(vm, vm.timeline().executor().orElseThrow());
        workspace.setTabs(new WorkspaceTabs(() -> java.util.Optional.ofNullable(workspaces)));
        workspace.fileProperty().addListener((o, was, now) -> now.ifPresent(picker::workspaceFileIs));
        this.timelineView = new TimelineView(vm.timeline(), vm.timeline().executor());
        this.sidePanel = new SidePanel(vm.timeline(), () -> org.schedlab.render.Figures.datasetSubject(
                vm.sourceNameProperty().get(), vm.timeline().dataset().metadata()));
        workspace.panels().addDataTabs("datasetSide", sidePanel.tabs(), SidePanel.TAB_NAMES);
        this.shown = new ShownTimelines(timelineView, () -> java.util.Optional.ofNullable(workspaces));
        datasetSource = new DatasetTabSource(vm, timelineView);
        exports = new ExportViewModel(vm.timeline().executor().orElse(javafx.concurrent.Task::run), Workbench::toClipboard,
                () -> workspaces == null ? datasetSource : viewSources.getOrDefault(
                        workspaces.getSelectionModel().getSelectedItem(), ViewSource.none()));
        exportMenus = new ExportMenus(exports, () -> exportPicker, () -> stage);
        menuBar = menuBar();
        root.setTop(new VBox(menuBar, toolBar()));
        BorderPane timelineWithSteps = new BorderPane(timelineView);
        timelineWithSteps.setBottom(new StepBar("", vm.timeline().steps(), timelineView::requestFocus));
        SplitPane split = new SplitPane(timelineWithSteps, sidePanel);
        split.setId("workbench-split");
        split.setDividerPositions(0.7);
        SplitPane.setResizableWithParent(sidePanel, false);
        workspace.panels().addDividers("dataset", split);
        root.setCenter(split);
        StatusBar status = new StatusBar(vm, timelineView);
        // "Saved workspace study.schedlab": Ctrl+S has nothing else to show
        status.addItem(StatusBar.message("status-workspace", workspace.messageProperty()));
        // files opened from another tab go to the Dataset tab, out of sight: the load's progress went
        // and nothing on screen changed (the window starts on A/B, so a first Ctrl+O seemed to do
        // nothing); the tab in front stays, for "A <- dataset", and the status bar says where they are
        status.addItem(StatusBar.message("status-opened", openedElsewhere));
        // the dark theme is the screen's: a picture for a mail stays light, and says so here
        status.addItem(StatusBar.message("status-theme", themeMessage));
        vm.addOpenedListener(sources -> {
            List<Path> files = sources.stream().flatMap(d -> d.file().stream()).toList();
            boolean asked = !files.isEmpty() && files.equals(openedByUser);
            openedByUser = List.of();
            if (asked && !shown.datasetShownProperty().get()) {
                openedElsewhere.set("");
                openedElsewhere.set("Opened " + vm.sourceNameProperty().get() + " in the Dataset tab (Ctrl+1)");
            }
        });
        root.setBottom(status);
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        root.setOnDragDropped(e -> {
            // several files dropped together open together, as from File > Open
            List<Path> files = new ArrayList<>();
            for (File f : e.getDragboard().getFiles()) {
                files.add(f.toPath());
            }
            openPaths(files);
            e.setDropCompleted(!files.isEmpty());
            e.consume();
        });
        // W/S/A/D and the other one-key commands after a slider, a choice or a button took the
        // keyboard: they reach the shown timeline instead of nothing. Typing stays typing.
        root.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            Node focus = root.getScene() == null ? null : root.getScene().getFocusOwner();
            if (e.isConsumed() || !TimelineInput.isLetterCommand(e) || focus instanceof TimelineView
                    || focus instanceof javafx.scene.control.TextInputControl) {
                return;
            }
            shown.target().ifPresent(v -> {
                v.requestFocus();
                javafx.event.Event.fireEvent(v, e.copyFor(v, v));
                e.consume();
            });
        });
        // "Exported the view to ...": the export has no other feedback
        ((StatusBar) root.getBottom()).addItem(StatusBar.message("status-export", exports.messageProperty()));
    }

    /** Applies the theme the workbench is designed for (process-wide in JavaFX). */
    public static void applyTheme() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    /** Puts the workbench into {@code stage} and shows it; failed loads open an error dialog. */
    public void show(Stage stage) {
        this.stage = stage;
        exports.addFailureListener(m -> ExportMenus.showError(stage, m));
        if (workspaces == null) {
            stage.titleProperty().bind(vm.titleProperty());
        } else {
            // the file's name only while its tab is in front: over the A/B tab it named a file not shown
            var selected = workspaces.getSelectionModel().selectedItemProperty();
            stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                    () -> selected.get() == null || "tab-dataset".equals(selected.get().getId())
                            ? vm.titleProperty().get() : "SchedLab - " + selected.get().getText(),
                    vm.titleProperty(), selected));
        }
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(1600, screen.getWidth()), Math.min(1000, screen.getHeight()));
        scene.getStylesheets().add(Workbench.class.getResource("workbench.css").toExternalForm());
        if (themeChoice.dark()) {
            darkTheme.setSelected(true); // the last launch's choice, before the window is first shown
        }
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (!unsaved(Drops.ALL).isEmpty()) {
                e.consume(); // the window stays until the question is answered
                keepingBookmarks("Closing the window", Drops.ALL, stage::close);
            }
        });
        vm.addFailureListener(f -> Dialogs.loadError(stage, f, vm.timeline().dataset() != TimelineViewModel.NO_DATASET));
        workspace.addFailureListener(p -> Dialogs.workspaceProblem(stage, p));
        stage.show();
        timelineView.requestFocus();
    }

    /** Where View > Dark theme is read from and remembered; by default nowhere (tests). */
    public void setThemeChoice(ThemeChoice choice) {
        this.themeChoice = choice;
    }

    public WorkbenchViewModel viewModel() {
        return vm;
    }

    public TimelineView timelineView() {
        return timelineView;
    }

    SidePanel sidePanel() {
        return sidePanel;
    }

    /** The timeline's toolbar controls (tests reach the task search through it). */
    TimelineToolBar timelineBar() {
        return timelineBar;
    }

    /**
     * Adds a workspace tab (the simulator lab adds live run, A/B compare and sweeps). The first
     * one turns the center into tabs, with the opened dataset's timeline as the "Dataset" tab.
     */
    public Tab addWorkspace(String id, String title, Node content) {
        if (workspaces == null) {
            Tab data = new Tab("Dataset", root.getCenter()); // whatever shows the opened dataset
            data.setId("tab-dataset");
            data.setClosable(false);
            viewSources.put(data, datasetSource);
            workspaces = new TabPane(data);
            workspaces.setId("workspaces");
            shown.watch(workspaces);
            root.setCenter(workspaces);
            ((StatusBar) root.getBottom()).showDatasetDetailsWhen(
                    workspaces.getSelectionModel().selectedItemProperty().isEqualTo(data));
        }
        Tab t = new Tab(title, content);
        t.setId(id);
        t.setClosable(false);
        workspaces.getTabs().add(t);
        return t;
    }

    /**
     * The timelines {@code tab} shows (none for a tab without one): what the toolbar's and the View
     * menu's timeline commands act on while it is selected.
     */
    public void registerTimelines(Tab tab, List<TimelineView> views) {
        shown.register(tab, views);
    }

    /**
     * The toolbar's "Task lanes" list works on {@code lanes} while {@code tab} is shown (A/B: both
     * sides' tasks; the Live run: its run's).
     */
    public void registerTaskLanes(Tab tab, TaskLaneChoice lanes) {
        shown.registerLanes(tab, lanes);
    }

    /** What File > Export and Edit > Copy act on while {@code tab} is selected. */
    public void registerViewSource(Tab tab, ViewSource source) {
        viewSources.put(tab, source);
    }

    /** Export view, export dataset and copy as text, for the selected tab. */
    public ExportViewModel exports() {
        return exports;
    }

    /** The File > Export and Edit > Copy commands, for a tab's own buttons (the Sweep tab's). */
    public ExportMenus exportMenus() {
        return exportMenus;
    }

    /** Where exports are asked to go (tests answer without a native dialog). */
    public void setExportPicker(ExportPicker picker) {
        this.exportPicker = picker;
    }

    private static void toClipboard(String text) {
        javafx.scene.input.ClipboardContent c = new javafx.scene.input.ClipboardContent();
        c.putString(text);
        javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
    }

    /** Brings the Dataset tab (the opened recordings' timeline) to the front. */
    public void showDatasetTab() {
        if (workspaces != null) {
            workspaces.getSelectionModel().select(0);
        }
    }

    /** Shows a tab added with {@link #addWorkspace}. */
    public void selectWorkspace(Tab tab) {
        if (workspaces != null) {
            workspaces.getSelectionModel().select(tab);
        }
    }

    /** Adds {@code item} to the status bar's right end (a lab's background work, say), before a load's Cancel. */
    public void addStatusItem(javafx.scene.Node item) {
        ((StatusBar) root.getBottom()).addItem(item);
    }

    /** Adds a menu before Help. */
    public void addMenu(Menu menu) {
        menuBar.getMenus().add(menuBar.getMenus().size() - 1, menu);
    }

    /** The window's menu bar (tests reach File > Open recent through it). */
    MenuBar menus() {
        return menuBar;
    }

    /** File > Save workspace / Open workspace: what the window shows, to and from a file. */
    public WorkspaceViewModel workspace() {
        return workspace;
    }

    /** The files the user last asked to open as a dataset (Open, a drop, a recent entry), until they open. */
    private List<Path> openedByUser = List.of();
    /** "Opened NAME in the Dataset tab (Ctrl+1)", said when files open while another tab is in front. */
    private final javafx.beans.property.StringProperty openedElsewhere =
            new javafx.beans.property.SimpleStringProperty(this, "openedElsewhere", "");

    /** File > Open: asks the picker (several files may be chosen), then loads in the background. */
    void openWithPicker() {
        openPaths(picker.pickFilesToOpen(stage));
    }

    /**
     * A workspace file opens as a workspace, anything else as a dataset (Open, drop, recent, the
     * command line); first asks about bookmarks that would be lost.
     */
    void openPaths(List<Path> files) {
        if (files.isEmpty()) {
            return; // the picker cancelled: nothing replaces anything
        }
        String doing = "Opening " + String.join(" + ", files.stream().map(f -> String.valueOf(f.getFileName())).toList());
        if (opensWorkspace(files)) {
            openWorkspace(files.get(0), doing);
            return;
        }
        Runnable open = () -> {
            openedByUser = List.copyOf(files);
            vm.openFiles(files);
        };
        if (unsaved(Drops.DATASET_TAB).isEmpty()) {
            open.run();
            return;
        }
        // "Save bookmarks?" over a file that cannot be read asked about losing work for an open
        // that was going to fail: the files are looked at first (off the FX thread), and one that
        // is missing or unreadable is opened at once - its load fails with the message naming it,
        // and a failed load replaces nothing, so nothing is lost
        javafx.concurrent.Task<Boolean> readable = new javafx.concurrent.Task<>() {
            @Override
            protected Boolean call() {
                return files.stream().allMatch(f -> java.nio.file.Files.exists(f) && java.nio.file.Files.isReadable(f));
            }
        };
        readable.setOnSucceeded(e -> {
            if (Boolean.TRUE.equals(readable.getValue())) {
                keepingBookmarks(doing, Drops.DATASET_TAB, open);
            } else {
                open.run();
            }
        });
        readable.setOnFailed(e -> keepingBookmarks(doing, Drops.DATASET_TAB, open));
        vm.timeline().executor().orElse(javafx.concurrent.Task::run).execute(readable);
    }

    /**
     * Reads the workspace {@code f} in the background, then asks about the unsaved bookmarks
     * showing it would drop - only of the parts the file has: one saved without a Live run leaves
     * the Live run's bookmarks where they are. After a save the file is read again (it may be the
     * one just saved) and shown, asking again only about bookmarks added or edited while the save
     * and the reading ran: shown without asking, as before, it dropped those unsaved.
     */
    private void openWorkspace(Path f, String doing) {
        workspace.open(f, (unsaved, restore, keep) -> asking(doing, unsaved, () -> openWorkspace(f, doing), restore,
                keep));
    }

    /** Which bookmarks an action replaces: a dataset opened the Dataset tab's; closing the window all. */
    enum Drops { DATASET_TAB, ALL }

    /**
     * Runs {@code replace} (an open that replaces the Dataset tab's data, or closing the window)
     * at once if none of the bookmarks it {@code drops} would be lost;
     * else asks, as desktop applications do: save the workspace first (then {@code replace} once
     * it is written, asking again if bookmarks were added meanwhile), discard them, or cancel and
     * keep everything. The save runs in the
     * background; a failed or cancelled one opens nothing. Bookmarks a save would not keep (where
     * the workspace keeps what it could not show) are named as such, and with only those the
     * question offers no Save: saving, it asked the same again after every save.
     */
    void keepingBookmarks(String doing, Drops drops, Runnable replace) {
        // once saved, asked again: a bookmark added while the save ran is not in the file, and
        // replacing at once dropped it; with nothing new, replace runs at once as before
        asking(doing, unsaved(drops), () -> keepingBookmarks(doing, drops, replace), replace, () -> { });
    }

    /**
     * As {@link #keepingBookmarks}, about the bookmarks {@code unsaved} counts: {@code replace}
     * at once if there are none, or on Discard; {@code afterSave} once they are saved; {@code kept}
     * when nothing replaces anything (Cancel, or no file picked to save to).
     */
    private void asking(String doing, java.util.Map<String, Integer> unsaved, Runnable afterSave, Runnable replace,
                        Runnable kept) {
        if (unsaved.isEmpty() || stage == null) {
            replace.run();
            return;
        }
        Dialogs.unsavedBookmarks(stage, unsaved, workspace.notKeptBySave(), doing, answer -> {
            switch (answer) {
                case SAVE -> {
                    java.util.Optional<Path> to = workspace.fileProperty().get().isPresent()
                            ? workspace.fileProperty().get()
                            : picker.pickWorkspaceToSave(stage, workspace.fileProperty().get());
                    to.ifPresentOrElse(f -> workspace.saveAs(f, afterSave), kept);
                }
                case DISCARD -> replace.run();
                case CANCEL -> kept.run(); // everything stays as it is
            }
        });
    }

    /** The bookmarks {@code drops} would lose, by where they are (the Live run's and A/B's go with ALL only). */
    private java.util.Map<String, Integer> unsaved(Drops drops) {
        java.util.Map<String, Integer> all = workspace.unsavedBookmarks();
        if (drops == Drops.ALL) {
            return all;
        }
        return all.containsKey(WorkspaceViewModel.DATASET_BOOKMARKS)
                ? java.util.Map.of(WorkspaceViewModel.DATASET_BOOKMARKS, all.get(WorkspaceViewModel.DATASET_BOOKMARKS))
                : java.util.Map.of();
    }

    /** Whether {@link #openPaths} restores a workspace from {@code files} (a lone workspace file). */
    static boolean opensWorkspace(List<Path> files) {
        return files.size() == 1 && org.schedlab.workspace.WorkspaceFile.isWorkspaceName(files.get(0));
    }

    private void saveWorkspace() {
        if (!workspace.save()) {
            saveWorkspaceAs();
        }
    }

    private void saveWorkspaceAs() {
        picker.pickWorkspaceToSave(stage, workspace.fileProperty().get()).ifPresent(workspace::saveAs);
    }

    private MenuBar menuBar() {
        MenuItem open = item("menu-open", "_Open\u2026", MaterialDesignF.FOLDER_OPEN_OUTLINE, e -> openWithPicker());
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        MenuItem exampleRecording = item("menu-open-example-recording", "Open _example recording",
                MaterialDesignF.FILE_DOCUMENT_OUTLINE,
                e -> keepingBookmarks("Opening the example recording", Drops.DATASET_TAB,
                        vm::openExampleRecording));
        MenuItem example = item("menu-open-example", "Open examp_le dataset", MaterialDesignF.FILE_CHART_OUTLINE,
                e -> keepingBookmarks("Opening the example dataset", Drops.DATASET_TAB, vm::openExample));
        // stage.close() skips the close request: Quit asks here as the window's close button does
        MenuItem quit = item("menu-quit", "_Quit", MaterialDesignE.EXIT_TO_APP,
                e -> keepingBookmarks("Quitting", Drops.ALL, stage::close));
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        MenuItem openWs = item("menu-open-workspace", "Open _workspace\u2026", MaterialDesignF.FOLDER_STAR_OUTLINE,
                e -> picker.pickWorkspaceToOpen(stage).ifPresent(f -> openWorkspace(f, "Opening " + f.getFileName())));
        MenuItem saveWs = item("menu-save-workspace", "_Save workspace", MaterialDesignC.CONTENT_SAVE_OUTLINE,
                e -> saveWorkspace());
        saveWs.setAccelerator(KeyCombination.keyCombination("Shortcut+S"));
        MenuItem saveWsAs = item("menu-save-workspace-as", "Save workspace _as\u2026",
                MaterialDesignC.CONTENT_SAVE_EDIT_OUTLINE, e -> saveWorkspaceAs());
        saveWsAs.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+S"));
        Menu file = new Menu("_File", null, open, RecentMenu.of(vm, this::openPaths), new SeparatorMenuItem(), openWs,
                saveWs, saveWsAs,
                new SeparatorMenuItem(), exampleRecording, example, new SeparatorMenuItem(), quit);
        file.setId("menu-file");
        file.getItems().addAll(file.getItems().size() - 2, exportMenus.fileItems()); // above "Quit"
        file.setOnShowing(e -> exportMenus.validate()); // its exports greyed out over a view without anything of theirs

        ToggleGroup modes = new ToggleGroup();
        RadioMenuItem byTask = radio("menu-color-task", "Color by _task", modes, ColorMode.BY_TASK);
        RadioMenuItem byState = radio("menu-color-state", "Color by _state", modes, ColorMode.BY_STATE);
        Menu groups = new Menu("Collapse or e_xpand", null);
        java.util.Set<Character> groupLetters = new java.util.HashSet<>();
        for (TrackGroup g : TrackGroup.values()) {
            groups.getItems().add(item("menu-toggle-" + g.name().toLowerCase(java.util.Locale.ROOT),
                    Mnemonics.mark(g.title(), groupLetters), null,
                    e -> shown.act(t -> t.toggleGroup(g))));
        }
        Menu view = new Menu("_View", null,
                item("menu-zoom-in", "_Zoom in  (W)", MaterialDesignM.MAGNIFY_PLUS_OUTLINE,
                        e -> shown.act(t -> t.zoomCenter(TimelineView.KEY_ZOOM_FACTOR))),
                item("menu-zoom-out", "Zoom _out  (S)", MaterialDesignM.MAGNIFY_MINUS_OUTLINE,
                        e -> shown.act(t -> t.zoomCenter(1 / TimelineView.KEY_ZOOM_FACTOR))),
                item("menu-pan-left", "Pan _left  (A)", null, e -> shown.act(t -> t.panByFraction(-TimelineView.KEY_PAN_FRACTION))),
                item("menu-pan-right", "Pan _right  (D)", null, e -> shown.act(t -> t.panByFraction(TimelineView.KEY_PAN_FRACTION))),
                new SeparatorMenuItem(),
                item("menu-fit-selection", "_Fit selection  (F)", MaterialDesignS.SELECTION_SEARCH, e -> shown.act(TimelineViewModel::fitSelection)),
                item("menu-fit-all", "Fit _all  (0)", MaterialDesignF.FIT_TO_SCREEN_OUTLINE, e -> shown.act(TimelineViewModel::fitAll)),
                new SeparatorMenuItem(), byTask, byState, fitCpuLanes(), groups, new SeparatorMenuItem(),
                item("menu-bookmark", "_Bookmark the middle  (B over the timeline: the pointer)",
                        MaterialDesignB.BOOKMARK_PLUS_OUTLINE, e -> shown.act(t -> t.bookmarks().add(t.startNs() + t.spanNs() / 2, ""))),
                findTask(),
                item("menu-next-match", "_Next search match  (N)", MaterialDesignM.MAGNIFY, e -> shown.nextMatch()),
                item("menu-next-lhp", "Next lock-_holder preemption or handoff stall  (L)", MaterialDesignL.LOCK_ALERT_OUTLINE,
                        e -> shown.act(TimelineViewModel::nextLockHolderPreemption)),
                new SeparatorMenuItem(), darkTheme());
        view.setId("menu-view");
        for (MenuItem mi : view.getItems()) {
            // Find task and Next search match too: the search works on the shown tab's timelines
            if (!(mi instanceof RadioMenuItem) && !(mi instanceof SeparatorMenuItem) && mi != darkTheme) {
                mi.disableProperty().bind(shown.noneProperty());
            }
        }

        Menu help = new Menu("_Help", null,
                item("menu-shortcuts", "_Keyboard shortcuts", MaterialDesignK.KEYBOARD_OUTLINE,
                        e -> Dialogs.shortcuts(stage)),
                item("menu-about", "_About SchedLab", MaterialDesignI.INFORMATION_OUTLINE, e -> Dialogs.about(stage)));
        help.setId("menu-help");
        return new MenuBar(file, exportMenus.editMenu(), view, help);
    }

    /** "perf_sched_script.txt.gz + pgbench.txt  -  /home/me/runs" */
    static String recentLabel(List<Path> entry) {
        return RecentMenu.label(entry);
    }

    /**
     * View > Find task (Ctrl+F): the keyboard to the task search, as in a trace viewer or a browser;
     * it took Tab through the step bar, the side panel's tables and the toolbar to get there.
     */
    private MenuItem findTask() {
        MenuItem mi = item("menu-find-task", "F_ind task\u2026", null, e -> timelineBar.focusSearch(overflow));
        mi.setAccelerator(KeyCombination.keyCombination("Shortcut+F"));
        return mi;
    }

    /** View > Fit CPU lanes (K): one setting for every timeline, as the colour mode is. */
    private CheckMenuItem fitCpuLanes() {
        CheckMenuItem mi = new CheckMenuItem("Fit _CPU lanes  (K)", new FontIcon(MaterialDesignA.ARROW_COLLAPSE_VERTICAL));
        mi.setId("menu-fit-cpu-lanes");
        mi.selectedProperty().bindBidirectional(vm.timeline().fitCpuLanesProperty());
        mi.setOnAction(e -> shown.refocus());
        return mi;
    }

    /**
     * View > Dark theme (Ctrl+Shift+D): the whole window at once, the controls (Primer Dark), our
     * stylesheet's colors and every canvas, which repaint what they show: nothing is opened or
     * simulated again. Remembered for the next launch. Exports stay light.
     */
    private CheckMenuItem darkTheme() {
        darkTheme = new CheckMenuItem("_Dark theme", new FontIcon(MaterialDesignT.THEME_LIGHT_DARK));
        darkTheme.setId("menu-dark-theme");
        darkTheme.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+D"));
        darkTheme.selectedProperty().addListener((o, was, dark) -> Theme.apply(root, dark));
        darkTheme.setOnAction(e -> {
            themeChoice.remember(darkTheme.isSelected());
            themeMessage.set("");
            themeMessage.set(darkTheme.isSelected()
                    ? "Dark theme (Ctrl+Shift+D): exported pictures stay light, for mail clients and print"
                    : "Light theme");
            shown.refocus();
        });
        return darkTheme;
    }

    private RadioMenuItem radio(String id, String text, ToggleGroup group, ColorMode mode) {
        RadioMenuItem mi = new RadioMenuItem(text);
        mi.setId(id);
        mi.setToggleGroup(group);
        mi.setSelected(vm.timeline().colorModeProperty().get() == mode);
        mi.setOnAction(e -> vm.timeline().colorModeProperty().set(mode));
        vm.timeline().colorModeProperty().addListener((javafx.beans.Observable o) ->
                mi.setSelected(vm.timeline().colorModeProperty().get() == mode));
        return mi;
    }

    private ToolBar toolBar() {
        ToolBar bar = new ToolBar(
                button("tool-open", MaterialDesignF.FOLDER_OPEN_OUTLINE, "Open recordings or a dataset (Ctrl+O)",
                        this::openWithPicker, false),
                button("tool-zoom-in", MaterialDesignM.MAGNIFY_PLUS_OUTLINE, "Zoom in (W)",
                        () -> shown.act(t -> t.zoomCenter(TimelineView.KEY_ZOOM_FACTOR)), true),
                button("tool-zoom-out", MaterialDesignM.MAGNIFY_MINUS_OUTLINE, "Zoom out (S)",
                        () -> shown.act(t -> t.zoomCenter(1 / TimelineView.KEY_ZOOM_FACTOR)), true),
                button("tool-fit-all", MaterialDesignF.FIT_TO_SCREEN_OUTLINE, "Fit all (0)",
                        () -> shown.act(TimelineViewModel::fitAll), true),
                button("tool-fit-selection", MaterialDesignS.SELECTION_SEARCH, "Fit selection (F)",
                        () -> shown.act(TimelineViewModel::fitSelection), true),
                button("tool-next-lhp", MaterialDesignL.LOCK_ALERT_OUTLINE, "Next lock-holder preemption or handoff stall (L)",
                        () -> shown.act(TimelineViewModel::nextLockHolderPreemption), true),
                button("tool-help", MaterialDesignH.HELP_CIRCLE_OUTLINE, "Keyboard shortcuts",
                        () -> Dialogs.shortcuts(stage), false),
                new javafx.scene.control.Separator(javafx.geometry.Orientation.VERTICAL));
        timelineBar = new TimelineToolBar(vm.timeline());
        List<Node> timelineTools = timelineBar.nodes(shown::refocus);
        shown.datasetLanes(timelineBar.ownLanes());
        timelineBar.workOn(shown.taskLanesProperty(), shown.searchProperty(), shown::worked);
        for (Node n : timelineTools) {
            if (!"dataset-tools".equals(n.getId())) { // task lanes and search: the tab's own (workOn)
                n.disableProperty().bind(shown.noneProperty()); // colour mode and counter style: every timeline
            }
        }
        bar.getItems().addAll(timelineTools);
        bar.setId("toolbar");
        overflow = new ToolBarOverflow(bar);
        return bar;
    }

    private static MenuItem item(String id, String text, Ikon icon,
                                 javafx.event.EventHandler<javafx.event.ActionEvent> action) {
        Node graphic = icon == null ? null : new FontIcon(icon);
        MenuItem mi = new MenuItem(text, graphic);
        mi.setId(id); // its text marks its Alt letter: "_Open\u2026" (JavaFX parses a menu item's by default)
        mi.setOnAction(action);
        return mi;
    }

    /** A toolbar button; {@code timeline}: it acts on the shown timeline, so a tab without one disables it. */
    private Button button(String id, Ikon icon, String tooltip, Runnable action, boolean timeline) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        LazyTooltip.install(b, tooltip);
        b.getStyleClass().add("flat");
        b.setOnAction(e -> {
            action.run();
            shown.refocus(); // keys keep working after a click on the toolbar
        });
        if (timeline) {
            b.disableProperty().bind(shown.noneProperty());
        }
        return b;
    }
}
