package org.schedlab.ui.lab;

import java.util.function.Function;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import org.schedlab.analysis.SummaryComparison;

/**
 * The A/B delta table: metric, A, B, B/A - the rows of CLI {@code compare} with A as the base.
 * With several seeds each cell shows the mean and, under it, min..max. Ratios that read 5% or
 * more away from 1 are bold, so the rows that changed stand out.
 */
final class DeltaTable extends TableView<SummaryComparison.Row> {

    DeltaTable(CompareViewModel vm) {
        setId("ab-table");
        getStyleClass().addAll("dense", "striped");
        setItems(vm.rows());
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        setPlaceholder(new Label("the table appears when both sides have a result"));
        TableColumn<SummaryComparison.Row, String> metric = text("metric", SummaryComparison.Row::label, 240);
        metric.setCellFactory(c -> new MetricCell());
        getColumns().add(metric);
        getColumns().add(text("A", r -> DeltaCells.cell(r, true, vm.seedsProperty().get()), 150));
        getColumns().add(text("B", r -> DeltaCells.cell(r, false, vm.seedsProperty().get()), 150));
        TableColumn<SummaryComparison.Row, String> ratio = text("B/A", DeltaCells::ratio, 80);
        ratio.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                SummaryComparison.Row r = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : item);
                boolean moved = r != null && DeltaCells.moved(r.ratio());
                setStyle(moved ? "-fx-font-weight: bold;" : "");
            }
        });
        getColumns().add(ratio);
    }

    /** A metric's tooltip: its whole name and, for an rwsem's rows, what they count ({@link #tip}). */
    private static final class MetricCell extends SummaryTable.TipCell<SummaryComparison.Row> {
        MetricCell() {
            super(480);
        }

        @Override
        String tipText(String item) {
            return tip(item);
        }
    }

    /**
     * The metric cell's tooltip: the name, and under it what an rwsem's {@code spinWhile.*} and
     * {@code rwsem_*} rows count, as the notes under {@code compare}'s table say it.
     */
    static String tip(String metric) {
        return org.schedlab.analysis.SummaryReport.rowMeaning(metric).map(m -> metric + "\n" + m).orElse(metric);
    }

    private static TableColumn<SummaryComparison.Row, String> text(String title,
                                                                   Function<SummaryComparison.Row, String> f,
                                                                   double width) {
        TableColumn<SummaryComparison.Row, String> c = new TableColumn<>(title);
        c.setId("ab-col-" + title.replace('/', '-'));
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())).getReadOnlyProperty());
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
