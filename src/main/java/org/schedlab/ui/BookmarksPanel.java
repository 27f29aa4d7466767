package org.schedlab.ui;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.converter.DefaultStringConverter;

import org.schedlab.render.Bookmark;
import org.schedlab.render.TimeFormat;

/**
 * The "Bookmarks" tab: markers with notes, in time order. B on the timeline drops one at the
 * pointer; here a note is edited in place (double-click it), a row is jumped to (double-click its
 * time, or Enter), or removed (Delete).
 */
final class BookmarksPanel extends VBox {
    /** What a bookmark without a note says in the note column: what the timeline labels it. */
    static final String UNNAMED = "bookmark";
    /** The style class (workbench.css) that greys an unnamed bookmark's note: a label, not a note. */
    static final String UNNAMED_STYLE = "bookmark-unnamed";

    BookmarksPanel(TimelineViewModel vm) {
        setSpacing(8);
        setPadding(new Insets(8));
        BookmarksViewModel bm = vm.bookmarks();
        TableView<Bookmark> t = Tables.table("bookmarks-table", "No bookmarks: press B over the timeline to add one.");
        t.setEditable(true);
        t.setItems(bm.bookmarks());
        TableColumn<Bookmark, String> at = Tables.number("at", 96, b -> "+" + TimeFormat.offset(b.tNs() - vm.dataset().startNs()));
        at.setMaxWidth(140);
        t.getColumns().add(at);
        TableColumn<Bookmark, String> note = new TableColumn<>("note");
        note.setId("bookmarks-note");
        note.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().note()));
        // a bookmark without a note reads as the timeline labels it, "bookmark", muted: an empty
        // cell looked like nothing to edit
        note.setCellFactory(col -> new TextFieldTableCell<>(new DefaultStringConverter()) {
            @Override
            public void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                boolean unnamed = !empty && !isEditing() && (item == null || item.isEmpty());
                if (unnamed) {
                    setText(UNNAMED);
                }
                getStyleClass().remove(UNNAMED_STYLE);
                if (unnamed) {
                    getStyleClass().add(UNNAMED_STYLE);
                }
            }
        });
        // the note gets the width: the time is a short figure ("+50.032 ms")
        note.setMinWidth(120);
        note.setPrefWidth(220);
        note.setEditable(true);
        note.setSortable(false);
        note.setOnEditCommit(e -> bm.setNote(e.getTablePosition().getRow(), e.getNewValue()));
        t.getColumns().add(note);
        t.setRowFactory(tv -> {
            var row = new javafx.scene.control.TableRow<Bookmark>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty() && e.getTarget() != null
                        && t.getFocusModel().getFocusedCell().getTableColumn() != note) {
                    bm.goTo(row.getIndex());
                }
            });
            return row;
        });
        // without the mouse: Enter on a row goes there, Delete removes it (a note being edited keeps
        // its keys: they reach its text field, not the table)
        t.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            int i = t.getSelectionModel().getSelectedIndex();
            if (e.getTarget() != t || i < 0 || t.getEditingCell() != null) {
                return;
            }
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                bm.goTo(i);
                e.consume();
            } else if (e.getCode() == javafx.scene.input.KeyCode.DELETE) {
                bm.remove(i);
                e.consume();
            }
        });
        Button add = new Button("Add at the middle"); // as View > "Bookmark the middle" says
        add.setId("bookmarks-add");
        add.setOnAction(e -> {
            int i = bm.add(vm.startNs() + vm.spanNs() / 2, "");
            t.getSelectionModel().select(i);
        });
        Button go = new Button("Go to");
        go.setId("bookmarks-go");
        go.setOnAction(e -> {
            int i = t.getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                bm.goTo(i);
            }
        });
        Button remove = new Button("Remove");
        remove.setId("bookmarks-remove");
        remove.setOnAction(e -> {
            int i = t.getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                bm.remove(i);
            }
        });
        go.disableProperty().bind(t.getSelectionModel().selectedItemProperty().isNull());
        remove.disableProperty().bind(t.getSelectionModel().selectedItemProperty().isNull());
        for (Button b : new Button[] {add, go, remove}) {
            b.getStyleClass().add("small");
        }
        Label hint = new Label("Double-click a note to edit it, a time to go there (Enter; Delete removes).");
        hint.getStyleClass().add(UNNAMED_STYLE);
        hint.setWrapText(true); // a laptop's narrower side panel
        getChildren().addAll(SelectionPanel.heading("Bookmarks"), new HBox(8, add, go, remove), t, hint);
        VBox.setVgrow(t, Priority.ALWAYS);
    }
}
