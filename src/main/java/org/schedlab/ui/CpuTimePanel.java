package org.schedlab.ui;

import java.util.List;

import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import org.schedlab.analysis.CpuBreakdown;
import org.schedlab.analysis.CpuModes;
import org.schedlab.analysis.Profile;

/**
 * The "CPU time" tab: where the CPUs' time went in the summary's scope - by state (user, kernel,
 * fault, spinning, stolen, idle, unrecorded) and, perf-report style, by comm and state. A switch
 * trace ({@link CpuModes#BY_TASK_KIND}) gets running and idle, a profile by comm, and a line
 * saying why: the user and kernel its reader filed were a guess by the kind of task.
 */
final class CpuTimePanel extends VBox {
    /** The line the tab shows for a dataset whose CPU lanes say which task ran, not in which mode. */
    static final String NO_MODES = "This recording says which task ran, not in which mode.";

    /** The profile's figure columns at their narrowest. */
    static final double FIGURE_MIN_PX = 48;

    CpuTimePanel(SummaryViewModel summary) {
        setSpacing(8);
        setPadding(new Insets(8));
        TableView<CpuBreakdown.Row> states = Tables.table("cpu-breakdown", "Nothing open");
        states.getColumns().add(Tables.text("state", 120, CpuBreakdown.Row::label));
        states.getColumns().add(Tables.number("CPU time", 100, r -> Tables.duration(r.ns())));
        states.getColumns().add(Tables.share("share", 80, CpuBreakdown.Row::share));
        states.setPrefHeight(210);
        TableView<Profile.Row> profile = Tables.table("cpu-profile", "Nothing ran");
        profile.getColumns().add(Tables.text("comm (state)", 200, Profile.Row::label));
        // the figures as wide as they are, the comm the rest: the last column flexed, and a laptop's
        // panel read "C2 Compile...(running)" beside a CPU time column with room to spare
        // "time", not "CPU time": the heading says whose, and in a laptop's panel "CPU time" whole
        // and "C2 CompilerThre (running)" whole did not both fit
        TableColumn<Profile.Row, String> profileTime = Tables.number("time", FIGURE_MIN_PX, r -> Tables.duration(r.ns()));
        // a tiny share short ("<0.01 %", its tooltip exact): "0.00046 %" took the column 94 px
        TableColumn<Profile.Row, String> profileShare = Tables.share("share", FIGURE_MIN_PX, Profile.Row::share);
        profile.getColumns().add(profileTime);
        profile.getColumns().add(profileShare);
        Tables.namesTakeTheRoom(profile);
        Label noModes = new Label(NO_MODES);
        noModes.setId("cpu-modes-note");
        noModes.getStyleClass().add("text-muted");
        noModes.setWrapText(true);
        noModes.setMinHeight(Region.USE_PREF_SIZE); // its lines, not one cut short, when the panel is short
        noModes.setVisible(false);
        noModes.managedProperty().bind(noModes.visibleProperty());
        summary.summaryProperty().addListener((Observable o) -> {
            List<CpuBreakdown.Row> rows = summary.summary().map(Summary::cpu).orElse(List.of());
            // a pgbench or lock table import: no slices, and a column of 0.0 % would read as idle
            boolean nothing = rows.stream().allMatch(r -> r.ns() == 0);
            String none = summary.summary().isEmpty() ? "Nothing open" : "No scheduling recorded here";
            ((Label) states.getPlaceholder()).setText(none);
            // "nothing ran" would read as idle CPUs: without slices, nothing was recorded
            ((Label) profile.getPlaceholder()).setText(nothing ? none : "Nothing ran in this range");
            states.setItems(FXCollections.observableArrayList(nothing ? List.of() : rows));
            noModes.setVisible(!nothing && summary.summary().map(s -> !s.cpuModes().recorded()).orElse(false));
            List<Profile.Row> profileRows = summary.summary().map(Summary::profile).orElse(List.of());
            for (TableColumn<Profile.Row, String> c : List.of(profileTime, profileShare)) {
                // at least that: the constrained policy squeezed every column in a laptop's panel, and
                // the header read "CPU..." while the comm column still had room to give
                double px = Tables.figureWidthPx(c.getText(), profileRows.stream().map(r -> c.getCellData(r)).toList(),
                        FIGURE_MIN_PX);
                c.setMinWidth(px);
                c.setPrefWidth(px);
            }
            Tables.namesTakeTheRoom(profile);
            profile.setItems(FXCollections.observableArrayList(profileRows));
        });
        getChildren().addAll(SelectionPanel.heading("CPU time by state"), noModes, states,
                SelectionPanel.heading("Profile by comm (share of recorded CPU time)"), profile);
        VBox.setVgrow(profile, Priority.ALWAYS);
    }
}
