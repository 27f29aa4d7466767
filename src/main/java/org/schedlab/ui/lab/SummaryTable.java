package org.schedlab.ui.lab;

import java.util.List;
import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * The live run's summary as a table (section, metric, value) that follows the run on screen:
 * it changes when the run is done. While a rerun is under way (its timeline may already be on
 * screen) the rows are the previous run's, so they are dimmed.
 */
final class SummaryTable extends TableView<SummaryRows.Row> {

    SummaryTable(ReadOnlyObjectProperty<Optional<RunOutcome>> outcome, ReadOnlyBooleanProperty stale) {
        setId("live-summary");
        getStyleClass().addAll("dense", "striped");
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        Label placeholder = new Label("The summary appears when the first run is in.");
        placeholder.setWrapText(true);
        setPlaceholder(placeholder);
        getColumns().add(column("metric", r -> r.section() + "  " + r.metric(), 200));
        getColumns().add(column("value", SummaryRows.Row::value, 150));
        opacityProperty().bind(Bindings.when(stale).then(0.55).otherwise(1.0));
        outcome.addListener((obs, o, n) -> show(n));
        show(outcome.get());
    }

    private void show(Optional<RunOutcome> o) {
        getItems().setAll(o.filter(r -> !r.summaryTrees().isEmpty())
                .map(r -> SummaryRows.of(r.summaryTrees().get(0))).orElse(List.of()));
    }

    private static TableColumn<SummaryRows.Row, String> column(String title,
                                                               java.util.function.Function<SummaryRows.Row, String> f,
                                                               double width) {
        TableColumn<SummaryRows.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())).getReadOnlyProperty());
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
