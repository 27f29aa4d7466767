package org.schedlab.ui;

import java.io.File;
import java.util.List;

import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import atlantafx.base.theme.PrimerLight;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The workbench window: menu bar and toolbar on top, the timeline in the middle, the status bar
 * below. Built in code from a view model and a file picker, so the app and the UI tests build
 * exactly the same window (tests pass their own picker).
 */
public final class Workbench {
    private final WorkbenchViewModel vm;
    private final FilePicker picker;
    private final TimelineView timelineView;
    private final BorderPane root = new BorderPane();
    private MenuBar menuBar;
    private TabPane workspaces;
    private Stage stage;

    public Workbench(WorkbenchViewModel vm, FilePicker picker) {
        this.vm = vm;
        this.picker = picker;
        this.timelineView = new TimelineView(vm.timeline());
        menuBar = menuBar();
        root.setTop(new VBox(menuBar, toolBar()));
        root.setCenter(timelineView);
        root.setBottom(new StatusBar(vm));
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        root.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            if (!files.isEmpty()) {
                vm.open(DatasetSource.file(files.get(0).toPath()));
            }
            e.setDropCompleted(!files.isEmpty());
            e.consume();
        });
    }

    /** Applies the theme the workbench is designed for (process-wide in JavaFX). */
    public static void applyTheme() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    /** Puts the workbench into {@code stage} and shows it; failed loads open an error dialog. */
    public void show(Stage stage) {
        this.stage = stage;
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(new Scene(root, 1400, 860));
        vm.addFailureListener(f -> Dialogs.loadError(stage, f));
        stage.show();
        timelineView.requestFocus();
    }

    public WorkbenchViewModel viewModel() {
        return vm;
    }

    public TimelineView timelineView() {
        return timelineView;
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
            workspaces = new TabPane(data);
            workspaces.setId("workspaces");
            root.setCenter(workspaces);
        }
        Tab t = new Tab(title, content);
        t.setId(id);
        t.setClosable(false);
        workspaces.getTabs().add(t);
        return t;
    }

    /** Shows a tab added with {@link #addWorkspace}. */
    public void selectWorkspace(Tab tab) {
        if (workspaces != null) {
            workspaces.getSelectionModel().select(tab);
        }
    }

    /** Adds a menu before Help. */
    public void addMenu(Menu menu) {
        menuBar.getMenus().add(menuBar.getMenus().size() - 1, menu);
    }

    /** File > Open: asks the picker, then loads in the background. */
    void openWithPicker() {
        picker.pickDatasetToOpen(stage).ifPresent(p -> vm.open(DatasetSource.file(p)));
    }

    private MenuBar menuBar() {
        MenuItem open = item("menu-open", "Open dataset\u2026", MaterialDesignF.FOLDER_OPEN_OUTLINE, e -> openWithPicker());
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        MenuItem example = item("menu-open-example", "Open example", MaterialDesignF.FILE_CHART_OUTLINE,
                e -> vm.openExample());
        MenuItem quit = item("menu-quit", "Quit", MaterialDesignE.EXIT_TO_APP, e -> stage.close());
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        Menu file = new Menu("File", null, open, example, new SeparatorMenuItem(), quit);
        file.setId("menu-file");

        TimelineViewModel t = vm.timeline();
        Menu view = new Menu("View", null,
                item("menu-zoom-in", "Zoom in  (W)", MaterialDesignM.MAGNIFY_PLUS_OUTLINE,
                        e -> t.zoomCenter(TimelineView.KEY_ZOOM_FACTOR)),
                item("menu-zoom-out", "Zoom out  (S)", MaterialDesignM.MAGNIFY_MINUS_OUTLINE,
                        e -> t.zoomCenter(1 / TimelineView.KEY_ZOOM_FACTOR)),
                item("menu-pan-left", "Pan left  (A)", null, e -> t.panByFraction(-TimelineView.KEY_PAN_FRACTION)),
                item("menu-pan-right", "Pan right  (D)", null, e -> t.panByFraction(TimelineView.KEY_PAN_FRACTION)),
                new SeparatorMenuItem(),
                item("menu-fit-all", "Fit all  (0)", MaterialDesignF.FIT_TO_SCREEN_OUTLINE, e -> t.fitAll()));
        view.setId("menu-view");

        Menu help = new Menu("Help", null,
                item("menu-shortcuts", "Keyboard shortcuts", MaterialDesignK.KEYBOARD_OUTLINE,
                        e -> Dialogs.shortcuts(stage)),
                item("menu-about", "About SchedLab", MaterialDesignI.INFORMATION_OUTLINE, e -> Dialogs.about(stage)));
        help.setId("menu-help");
        return new MenuBar(file, view, help);
    }

    private ToolBar toolBar() {
        TimelineViewModel t = vm.timeline();
        ToolBar bar = new ToolBar(
                button("tool-open", MaterialDesignF.FOLDER_OPEN_OUTLINE, "Open dataset (Ctrl+O)", this::openWithPicker),
                button("tool-zoom-in", MaterialDesignM.MAGNIFY_PLUS_OUTLINE, "Zoom in (W)",
                        () -> t.zoomCenter(TimelineView.KEY_ZOOM_FACTOR)),
                button("tool-zoom-out", MaterialDesignM.MAGNIFY_MINUS_OUTLINE, "Zoom out (S)",
                        () -> t.zoomCenter(1 / TimelineView.KEY_ZOOM_FACTOR)),
                button("tool-fit-all", MaterialDesignF.FIT_TO_SCREEN_OUTLINE, "Fit all (0)", t::fitAll),
                button("tool-help", MaterialDesignH.HELP_CIRCLE_OUTLINE, "Keyboard shortcuts",
                        () -> Dialogs.shortcuts(stage)));
        bar.setId("toolbar");
        return bar;
    }

    private static MenuItem item(String id, String text, Ikon icon,
                                 javafx.event.EventHandler<javafx.event.ActionEvent> action) {
        Node graphic = icon == null ? null : new FontIcon(icon);
        MenuItem mi = new MenuItem(text, graphic);
        mi.setId(id);
        mi.setOnAction(action);
        return mi;
    }

    private Button button(String id, Ikon icon, String tooltip, Runnable action) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.setTooltip(new Tooltip(tooltip));
        b.getStyleClass().add("flat");
        b.setOnAction(e -> {
            action.run();
            timelineView.requestFocus(); // keys keep working after a click on the toolbar
        });
        return b;
    }
}
