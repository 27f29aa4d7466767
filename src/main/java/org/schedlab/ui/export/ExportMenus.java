package org.schedlab.ui.export;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

import org.schedlab.render.ExportFormat;

/**
 * The menu items of sharing: File > Export view as PNG (1x, 2x) or SVG, Export dataset as
 * Chrome trace JSON or CSV, Export sweep points as CSV; Edit > Copy summary (of the selected
 * range when there is one), A/B table, TCP counters, sweep table as text. Each asks
 * the picker where to write, then hands over to the {@link ExportViewModel}. An item whose view
 * has nothing of its kind (no sweep points, no TCP counters) is greyed out, checked as its menu
 * opens and as its shortcut is pressed: the error dialog is for exports and copies that failed.
 */
public final class ExportMenus {
    private final ExportViewModel vm;
    private final Supplier<ExportPicker> picker;
    private final Supplier<Window> owner;
    /** Each item that acts on the current view, and whether that view has something for it. */
    private final Map<MenuItem, BooleanSupplier> canAct = new LinkedHashMap<>();

    public ExportMenus(ExportViewModel vm, Supplier<ExportPicker> picker, Supplier<Window> owner) {
        this.vm = vm;
        this.picker = picker;
        this.owner = owner;
    }

    /** The File menu's export items, separator first. */
    public List<MenuItem> fileItems() {
        MenuItem png1 = item("menu-export-png", "E_xport view as PNG\u2026", new FontIcon(MaterialDesignF.FILE_IMAGE_OUTLINE),
                () -> exportView(ExportFormat.PNG, 1));
        png1.setAccelerator(KeyCombination.keyCombination("Shortcut+E"));
        MenuItem png2 = item("menu-export-png-2x", "Export view as PNG (_2x, for high-density screens)\u2026", null,
                () -> exportView(ExportFormat.PNG, 2));
        MenuItem svg = item("menu-export-svg", "Export view as S_VG (vector)\u2026", null,
                () -> exportView(ExportFormat.SVG, 1));
        MenuItem chrome = item("menu-export-chrome", "Export dataset as _Chrome trace JSON\u2026",
                new FontIcon(MaterialDesignF.FILE_EXPORT_OUTLINE), () -> exportDataset(DatasetFormat.CHROME));
        MenuItem csv = item("menu-export-csv", "Export _dataset as CSV\u2026", new FontIcon(MaterialDesignT.TABLE_ARROW_RIGHT),
                () -> exportDataset(DatasetFormat.CSV));
        MenuItem points = item("menu-export-sweep-csv", "Export sweep _points as CSV\u2026", null, this::exportPoints);
        for (MenuItem view : List.of(png1, png2, svg)) {
            enableWhen(view, vm::canExportView);
        }
        enableWhen(chrome, vm::canExportDataset);
        enableWhen(csv, vm::canExportDataset);
        enableWhen(points, vm::canExportPoints);
        return List.of(new SeparatorMenuItem(), png1, png2, svg, chrome, csv, points);
    }

    /** The Edit menu: copy the view's tables as plain text for a mail. */
    public Menu editMenu() {
        MenuItem summary = item("menu-copy-summary", "_Copy summary as text", new FontIcon(MaterialDesignC.CONTENT_COPY),
                () -> vm.copy(TextKind.SUMMARY));
        summary.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+C"));
        MenuItem deltas = item("menu-copy-deltas", "Copy _A/B table as text", null, () -> vm.copy(TextKind.DELTAS));
        MenuItem tcp = item("menu-copy-tcp", "Copy _TCP counters table as text", null, () -> vm.copy(TextKind.TCP));
        MenuItem sweep = item("menu-copy-sweep", "Copy _sweep table as text", null, () -> vm.copy(TextKind.SWEEP));
        MenuItem note = item("menu-copy-note", "Plain text, 72 columns, ratios as x1.94 / 0.51x", 
                new FontIcon(MaterialDesignI.INFORMATION_OUTLINE), () -> { });
        note.setMnemonicParsing(false); // a note, never picked
        note.setDisable(true);
        enableWhen(summary, () -> vm.canCopy(TextKind.SUMMARY));
        enableWhen(deltas, () -> vm.canCopy(TextKind.DELTAS));
        enableWhen(tcp, () -> vm.canCopy(TextKind.TCP));
        enableWhen(sweep, () -> vm.canCopy(TextKind.SWEEP));
        Menu edit = new Menu("_Edit", null, summary, deltas, tcp, sweep, new SeparatorMenuItem(), note);
        edit.setId("menu-edit");
        // says what it copies: with a range selected on the timeline, that range's summary
        edit.setOnShowing(e -> {
            summary.setText(summaryText(vm.current()));
            validate();
        });
        return edit;
    }

    /**
     * Greys out each item whose view has nothing for it, and enables the others: the window calls
     * it as the File menu opens (the Edit menu does by itself). Each item's shortcut checks its own.
     * Each check reads the view's state only (a dataset on screen, a text job to hand), never
     * builds a figure or a text: opening a menu costs the same for a small file and a big one.
     */
    public void validate() {
        canAct.forEach((item, can) -> item.setDisable(!can.getAsBoolean()));
    }

    /**
     * {@code item} acts only while {@code can} says the current view has something for it. The
     * view is not observable (the selected tab's, read on demand), so the state is checked when it
     * is seen or used: as the menu opens, and as the shortcut is pressed, which JavaFX validates
     * before it looks at whether the item is disabled.
     */
    private void enableWhen(MenuItem item, BooleanSupplier can) {
        canAct.put(item, can);
        item.setOnMenuValidation(e -> item.setDisable(!can.getAsBoolean()));
    }

    /** The summary item's text: "Copy summary of selection" while a range is selected (C its Alt letter). */
    static String summaryText(ViewSource source) {
        return source.rangeSelected() ? "_Copy summary of selection" : "_Copy summary as text";
    }

    /**
     * File > Export view: asks for a file (suggesting the view's name) and writes it in the
     * background; a tab with nothing to export (Sweep, no run yet) says so instead of asking.
     */
    public void exportView(ExportFormat format, int scale) {
        if (!vm.hasView()) {
            return; // said why, without asking for a file first
        }
        String description = format == ExportFormat.PNG ? "PNG image (*.png)" : "SVG vector figure (*.svg)";
        picker.get().saveFile(owner.get(), "Export view as " + format.name() + (scale > 1 ? " (" + scale + "x)" : ""),
                vm.suggestedName(format, scale), description, format.extension())
                .ifPresent(p -> vm.exportView(p, scale));
    }

    /** File > Export dataset: a file for Chrome trace JSON, a directory for the CSV tables. */
    public void exportDataset(DatasetFormat format) {
        if (!vm.hasDataset()) {
            return;
        }
        if (format == DatasetFormat.CHROME) {
            picker.get().saveFile(owner.get(), "Export dataset as Chrome trace JSON", vm.suggestedName(format),
                    "Chrome Trace Event JSON (*.json)", "json").ifPresent(p -> vm.exportDataset(format, p));
        } else {
            picker.get().directory(owner.get(), "Export dataset as CSV tables (choose a directory)", vm.suggestedName(format))
                    .ifPresent(p -> vm.exportDataset(format, p));
        }
    }

    /**
     * File > Export sweep points as CSV: the Sweep tab's points as {@code schedlab sweep --out}
     * writes summary.csv, to a file; a tab without points says so instead of asking.
     */
    public void exportPoints() {
        if (!vm.hasPoints()) {
            return;
        }
        picker.get().saveFile(owner.get(), "Export sweep points as CSV", vm.suggestedPointsName(),
                "CSV table (*.csv)", "csv").ifPresent(vm::exportPoints);
    }

    /** Failures in a dialog that does not block (the export ran in the background; the window goes on). */
    public static Alert showError(Window owner, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        if (owner != null) {
            a.initOwner(owner);
        }
        a.setTitle("Export");
        a.setHeaderText("Could not export or copy");
        a.setContentText(message);
        a.getDialogPane().setId("export-error-dialog");
        a.getDialogPane().setMinWidth(520);
        a.show();
        return a;
    }

    private static MenuItem item(String id, String text, FontIcon icon, Runnable action) {
        MenuItem mi = new MenuItem(text, icon);
        mi.setId(id);
        mi.setOnAction(e -> action.run()); // its text marks its Alt letter: "E_xport view as PNG"
        return mi;
    }
}
