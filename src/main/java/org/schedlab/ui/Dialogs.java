package org.schedlab.ui;

import java.util.List;

import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;

import org.schedlab.model.Version;

/** The workbench's small dialogs. All are shown without blocking (no showAndWait). */
final class Dialogs {
    /** Every key the timeline understands, as Help lists it. */
    static final String[][] SHORTCUTS = {
        {"Mouse wheel, pinch", "Zoom in / out at the cursor"},
        {"Drag", "Pan in time; drag up or down to scroll lanes"},
        {"Drag on the time axis", "Select a range: its duration and what happened inside it"},
        {"Click", "Select a slice, task state or lock hold (details in the Selection tab)"},
        {"Click a group header", "Collapse or expand CPUs, tasks, locks or counters"},
        {"W / S", "Zoom in / out (at the cursor when it is over the timeline)"},
        {"A / D, Left / Right", "Pan left / right by a fifth of the window"},
        {"F", "Fit the selection (the range, else the selected item)"},
        {"0", "Fit all: show the whole dataset"},
        {"C", "Color CPU lanes by task or by state"},
        {"K", "Fit CPU lanes: every CPU lane in view at once, down to a pixel each (all timelines)"},
        {"B", "Bookmark the time under the pointer"},
        {"Enter / Delete", "In the Bookmarks tab: go to the selected bookmark / remove it"},
        {"Ctrl + F", "Find a task: type its comm or tid in the search field (behind >> in a narrow window)"},
        {"N, Enter in the search field", "Jump to the next run of the found task"},
        {"L", "Go to the next lock-holder preemption or handoff stall (a lock's holder, or the waiter it is"
            + " reserved for, off CPU) and select that task's slice"},
        {". / ,", "Step: next / previous event (wake-up, preemption, ...) with why it happened"},
        {"P / Shift + P", "Step: next / previous preemption"},
        {"Shift + ,", "Step: the first event"},
        {"Esc", "Clear the selection and the range"},
        {"Ctrl + E", "Export the view as PNG (File menu: 2x, SVG, Chrome trace, CSV)"},
        {"Ctrl + Shift + C", "Copy the summary (of the selected range, if any) as plain text for a mail (Edit menu: A/B, TCP and sweep tables)"},
        {"Shift + wheel, Up / Down", "Scroll the lanes"},
        {"Page Up / Page Down, Home / End", "Scroll the lanes by a page, to the top or bottom"},
        {"Ctrl + O", "Open recordings or a dataset (several files open together)"},
        {"Ctrl + S / Ctrl + Shift + S", "Save the workspace / save it under another name"},
        {"Ctrl + 1 / 2 / 3 / 4", "Show the Dataset, A/B compare, Live run or Sweep tab"},
        {"Ctrl + G", "The built-in scenarios, with a picture each"},
        {"Shift + drag", "In the A/B and Live timelines: select a range (plain drag pans)"},
        {"Ctrl + C", "In a dialog that refuses a file or a workspace: copy its message (its Copy button)"},
        {"Ctrl + Shift + D", "Dark theme on / off (View menu; remembered; exported pictures stay light)"},
        {"Ctrl + Q", "Quit"},
        {"Tab / Shift + Tab", "Walk the controls: the step bar, the side panel, the toolbar, the timeline, the Live"
            + " parameters; the one with the keyboard is outlined or shaded in the accent colour"},
        {">> (toolbar, narrow window)", "Tab to it; Enter, Space or Down opens it with the keyboard on the task lanes"
            + " list; Tab walks its controls; Esc closes it, the keyboard back on >>"},
        {"Space, Enter, Down, F4", "On a choice or the task lanes list: open it; Up / Down move, Enter picks"
            + " (Space checks a task), Esc closes"},
        {"Left / Right, Up / Down on a slider", "Live: the parameter's next value down / up (the run restarts);"
            + " Home / End: its least / greatest"},
    };

    /**
     * The Alt letters (mnemonics) of the menus and the main buttons, listed under the shortcuts. A
     * tab's row starts its description with the tab's name ("Sweep tab: "), and names in its key
     * every letter of that tab's buttons.
     */
    static final String[][] ALT_LETTERS = {
        {"Alt + F / E / V / S / H", "Open the File, Edit, View, Simulate or Help menu; Alt held underlines the letters"},
        {"Alt held, then a letter", "In an open menu: pick the item with that letter underlined (Alt + V, then Z zooms in)"},
        {"Alt + A / B, D / T", "A/B tab: edit side A / B; put the Dataset tab's data on A / B"},
        {"Alt + W, M, L, Y", "A/B tab: swap A and B, make B the new A, link lanes on / off, copy the table"},
        {"Alt + R / C, P, X, Y", "Sweep tab: run / cancel the sweep; export the plot as PNG, the points as CSV;"
            + " copy the table"},
        {"Alt + S / D", "In the unsaved-bookmarks question: save the workspace / discard"},
    };

    /** The shortcuts' descriptions wrap at this width (the dialog stays narrower than a small screen). */
    private static final double DESCRIPTION_MAX_PX = 440;

    private Dialogs() {
    }

    /** A file that could not be opened; {@code somethingOpen}: the Dataset tab shows a dataset, which stays. */
    static Alert loadError(Window owner, LoadFailure failure, boolean somethingOpen) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(owner);
        a.setTitle("Could not open " + failure.sourceName());
        a.setHeaderText("Could not open " + failure.sourceName() + (somethingOpen ? ". What was open stays open." : "."));
        a.setContentText(failure.message());
        copyable(a, failure.message());
        a.getDialogPane().setId("load-error-dialog");
        a.getDialogPane().setMinWidth(560);
        // as the import's warnings: placed for its header on one line, several long names put it
        // partly left of the window (the header wraps at this width)
        a.getDialogPane().setPrefWidth(560);
        a.show();
        return a;
    }

    /** A workspace that could not be saved or opened, or opened only in part (one line per problem). */
    static Alert workspaceProblem(Window owner, WorkspaceViewModel.Problem problem) {
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.initOwner(owner);
        a.setTitle(problem.title());
        a.setHeaderText(problem.title());
        a.setContentText(problem.message());
        copyable(a, problem.message());
        a.getDialogPane().setId("workspace-problem-dialog");
        a.getDialogPane().setMinWidth(560);
        // as the load error: "Could not open NAME." placed it for its header on one line, a long
        // workspace name partly left of the window (the header wraps at this width)
        a.getDialogPane().setPrefWidth(560);
        a.show();
        return a;
    }

    /** The Copy button of a message that names a file, its line and column, and what was expected. */
    static final javafx.scene.control.ButtonType COPY = new javafx.scene.control.ButtonType("_Copy",
            javafx.scene.control.ButtonBar.ButtonData.LEFT);

    /**
     * Gives {@code a} a Copy button, and Ctrl+C, that put {@code text} on the clipboard and leave
     * the dialog open: its message is a label, which selects nothing, so a refusal's file, line and
     * column could only be typed out again into a bug report or a mail.
     */
    private static void copyable(Alert a, String text) {
        a.getButtonTypes().add(0, COPY);
        javafx.scene.control.Button copy = (javafx.scene.control.Button) a.getDialogPane().lookupButton(COPY);
        copy.setId("dialog-copy");
        // "Copied 1 line" whole: the button bar had sized it for "Copy", and it read "Copie..."
        javafx.scene.control.ButtonBar.setButtonUniformSize(copy, false);
        copy.setMinWidth(Region.USE_PREF_SIZE);
        copy.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            e.consume(); // a dialog's buttons close it; this one copies
            CopyButton.copy(copy, text);
        });
        a.getDialogPane().addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (COPY_KEY.match(e)) {
                e.consume();
                CopyButton.copy(copy, text);
            }
        });
    }

    private static final javafx.scene.input.KeyCombination COPY_KEY =
            javafx.scene.input.KeyCombination.keyCombination("Shortcut+C");

    /** The answers to {@link #unsavedBookmarks}. */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    /**
     * Asks before {@code doing} ("Opening run.txt", "Closing the window") drops bookmarks not kept
     * in a workspace: {@code unsaved} counts them by where they are ("Dataset", "Live run", "A/B
     * side A"), each place named when there are several. Of those, the places in {@code notKept}
     * a save would not keep (the workspace keeps there what it could not show): the question says
     * so, and offers no Save when it would keep none of them - it would save, then ask the same.
     * {@code answer} gets the choice once the dialog closes (closing it otherwise is Cancel).
     */
    static Alert unsavedBookmarks(Window owner, java.util.Map<String, Integer> unsaved, java.util.Set<String> notKept,
                                  String doing, java.util.function.Consumer<Unsaved> answer) {
        javafx.scene.control.ButtonType save = new javafx.scene.control.ButtonType("_Save workspace\u2026",
                javafx.scene.control.ButtonBar.ButtonData.YES);
        javafx.scene.control.ButtonType discard = new javafx.scene.control.ButtonType("_Discard",
                javafx.scene.control.ButtonBar.ButtonData.NO);
        List<String> unkept = unsaved.keySet().stream().filter(notKept::contains).toList();
        boolean saves = unkept.size() < unsaved.size();
        Alert a = saves ? new Alert(Alert.AlertType.CONFIRMATION, "", save, discard, javafx.scene.control.ButtonType.CANCEL)
                : new Alert(Alert.AlertType.CONFIRMATION, "", discard, javafx.scene.control.ButtonType.CANCEL);
        a.initOwner(owner);
        int count = unsaved.values().stream().mapToInt(Integer::intValue).sum();
        String marks = count == 1 ? "1 bookmark" : count + " bookmarks";
        // "3 bookmarks (Dataset 1, Live run 2)": which tab to look at before answering
        String counted = unsaved.size() == 1 ? marks : marks + " (" + String.join(", ", unsaved.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList()) + ")";
        String whose = "the bookmarks on " + places(unsaved.keySet().stream().toList());
        a.setTitle("Unsaved bookmarks");
        a.setHeaderText(saves ? "Save " + counted + " in a workspace first?"
                : "Discard " + counted + "? The workspace cannot keep " + (count == 1 ? "it" : "them"));
        String why = unkept.isEmpty() ? ""
                : " Saving the workspace would not keep " + (saves ? "those on " + places(unkept) : count == 1 ? "it" : "them")
                + ": it keeps there what it was saved with, which could not be shown when it was opened,"
                + " not what is shown now.";
        a.setContentText(doing + " drops " + whose + ". " + marks.substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                + marks.substring(1) + (count == 1 ? " was" : " were") + " added or edited since the data was opened or"
                + " the workspace last saved, and would be lost." + why);
        if (!saves) { // Enter keeps the bookmarks: losing them is the one answer left, and not the default
            ((javafx.scene.control.Button) a.getDialogPane().lookupButton(javafx.scene.control.ButtonType.CANCEL))
                    .setDefaultButton(true);
        }
        a.getDialogPane().setId("unsaved-bookmarks-dialog");
        a.getDialogPane().setMinWidth(560);
        a.getDialogPane().setPrefWidth(560);
        a.setOnHidden(e -> {
            javafx.scene.control.ButtonType r = a.getResult();
            answer.accept(r == save ? Unsaved.SAVE : r == discard ? Unsaved.DISCARD : Unsaved.CANCEL);
        });
        a.show();
        return a;
    }

    /** "the Dataset tab", "the Dataset tab and the Live run", "A, B and C". */
    private static String places(List<String> where) {
        List<String> places = where.stream().map(Dialogs::place).toList();
        return places.size() == 1 ? places.get(0)
                : String.join(", ", places.subList(0, places.size() - 1)) + " and " + places.get(places.size() - 1);
    }

    /** Where bookmarks are, in a sentence: "the Dataset tab", "the Live run", "A/B side A". */
    private static String place(String where) {
        return where.equals(WorkspaceViewModel.DATASET_BOOKMARKS) ? "the Dataset tab"
                : where.startsWith("A/B") ? where : "the " + where;
    }

    /** The import's warnings (lines not understood, with their numbers), in a text area that copies. */
    static Alert importWarnings(Window owner, String sourceName, List<String> warnings) {
        // a blank line between two warnings: a long one wraps, and would run into the next
        TextArea text = new TextArea(String.join("\n\n", warnings));
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefColumnCount(80);
        // an Alert sizes its content to its minimum: ask for room for every remark (up to 12 lines)
        text.setMinHeight(22.0 * Math.min(12, Math.max(3, warnings.size() * 3)));
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.initOwner(owner);
        a.setTitle("Import warnings");
        a.setHeaderText("Opened " + sourceName + ", with these notes (lines not understood, what is not drawn, assumptions made):");
        a.getDialogPane().setContent(text);
        a.getDialogPane().setId("import-warnings-dialog");
        a.getDialogPane().setMinWidth(640);
        // placed for the width it asks for: left to its header, one line ("Opened A + B, with these
        // notes ...", 1340 px for two long names), it was centred for that and shown 640 px wide from
        // x = -30, each remark's start off a 1280-pixel screen; the header wraps at this width
        a.getDialogPane().setPrefWidth(640);
        a.setResizable(true);
        a.show();
        return a;
    }

    static Alert shortcuts(Window owner) {
        GridPane grid = new GridPane();
        grid.setId("shortcuts-grid");
        grid.setHgap(24);
        grid.setVgap(6);
        grid.setPadding(new Insets(4));
        addRows(grid, SHORTCUTS, 0);
        Label note = new Label("The one-key commands reach the timeline while a slider, a choice or a button has"
                + " the keyboard too; in a text field they are typing.");
        note.setWrapText(true);
        note.setMaxWidth(DESCRIPTION_MAX_PX);
        note.setMinHeight(Region.USE_PREF_SIZE);
        note.setStyle("-fx-text-fill: -color-fg-muted; -fx-padding: 8 0 0 0;");
        grid.add(note, 1, SHORTCUTS.length);
        // the menus' and buttons' letters under a heading of their own, in the same columns
        Label alt = new Label("Alt letters (underlined in the menus and on the buttons)");
        alt.setId("shortcuts-alt-heading");
        alt.setStyle("-fx-font-weight: bold; -fx-padding: 10 0 2 0;");
        alt.setMinWidth(Region.USE_PREF_SIZE);
        grid.add(alt, 0, SHORTCUTS.length + 1, 2, 1);
        addRows(grid, ALT_LETTERS, SHORTCUTS.length + 2);
        grid.setMinWidth(Region.USE_PREF_SIZE);
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(owner);
        a.setTitle("Keyboard shortcuts");
        a.setHeaderText("Keyboard and mouse");
        // a scroll pane as tall as the owner allows: the whole list is ~980 px, more than a laptop screen
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(grid);
        scroll.setId("shortcuts-scroll");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        a.getDialogPane().setContent(scroll);
        // measured once styled: a label without its skin measures 0 px, and the dialog opened
        // 250 px wide with every description past its edge
        a.getDialogPane().applyCss();
        scroll.setPrefViewportWidth(grid.prefWidth(-1));
        double screen = owner == null ? 800 : javafx.stage.Screen.getScreensForRectangle(owner.getX(), owner.getY(),
                Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight())).stream().findFirst()
                .orElse(javafx.stage.Screen.getPrimary()).getVisualBounds().getHeight();
        scroll.setPrefViewportHeight(shortcutsViewportPx(grid.prefHeight(-1), screen));
        a.getDialogPane().setId("shortcuts-dialog");
        a.getDialogPane().setMinWidth(Region.USE_PREF_SIZE);
        a.setResizable(true);
        a.show();
        return a;
    }

    /** {@code rows}' keys and descriptions in {@code grid}, from row {@code first} on. */
    private static void addRows(GridPane grid, String[][] rows, int first) {
        for (int i = 0; i < rows.length; i++) {
            // keys whole ("Page Up / Page Down, Home / End" was cut to "Page Up / Page ..."); a long
            // description wraps under itself rather than ending in "..."
            Label key = new Label(rows[i][0]);
            key.setStyle("-fx-font-weight: bold;");
            key.setMinWidth(Region.USE_PREF_SIZE);
            Label what = new Label(rows[i][1]);
            what.setWrapText(true);
            what.setMaxWidth(DESCRIPTION_MAX_PX);
            what.setMinHeight(Region.USE_PREF_SIZE);
            GridPane.setValignment(key, javafx.geometry.VPos.TOP); // beside a description's first line
            grid.addRow(first + i, key, what);
        }
    }

    /**
     * The shortcut list's height: all of it when the screen has room, else what leaves the
     * dialog's header, buttons and the desktop's panels (220 px) on screen, and at least 300 px.
     */
    static double shortcutsViewportPx(double contentPx, double screenPx) {
        return Math.min(contentPx, Math.max(300, screenPx - 220));
    }

    static Alert about(Window owner) {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(owner);
        a.setTitle("About SchedLab");
        a.setHeaderText("SchedLab " + Version.current());
        a.setContentText("A workbench for scheduler and preemption-model regressions: per-CPU timelines "
                + "of real recordings and simulated runs on one time axis.\n\nLicensed under Apache-2.0.");
        a.getDialogPane().setId("about-dialog");
        a.show();
        return a;
    }
}
