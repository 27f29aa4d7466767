package org.schedlab.ui;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import javafx.animation.PauseTransition;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.util.Duration;

import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.schedlab.analysis.ImportWarningsText;

/**
 * The line under the timeline: what is open, its time range and size, the visible window, a
 * warnings button when the last import did not understand every line (it lists them), and
 * while a file loads its progress with a Cancel button.
 */
final class StatusBar extends HBox {
    /** The open file's name: also the measure of a line of the bar's text. */
    private final Label file;
    /** What describes the Dataset tab's timeline: file, span, counts, window, frame time. */
    private final List<Node> datasetDetails;
    /** Whether the Dataset tab is in front (always, until the lab adds its tabs). */
    private final BooleanProperty onDatasetTab =
            new SimpleBooleanProperty(this, "onDatasetTab", true);

    StatusBar(WorkbenchViewModel vm, TimelineView timeline) {
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(10);
        setPadding(new Insets(4, 10, 4, 10));

        // the name shrinks after the absolute timestamps and the messages, and not below what reads
        // as a name: "runA_perf_sched_script.txt.gz" whole, a long name of several files its start
        file = new Label(vm.sourceNameProperty().get()) {
            @Override
            protected double computeMinWidth(double height) {
                return Math.min(computePrefWidth(height), fileMinPx);
            }
        };
        file.setId("status-file");
        file.textProperty().bind(vm.sourceNameProperty());
        LazyTooltip.following(vm.sourceNameProperty()).installOn(file); // the whole name when it is cut short
        file.setStyle("-fx-font-weight: bold;");
        // the absolute timestamps give way from their start, and the recording's length in
        // parentheses stays: beside the joined names of files opened together the span was cut to
        // a lone "..." between two separators (the tooltip has it whole)
        Label span = new Label() {
            @Override
            protected double computeMinWidth(double height) {
                String text = getText() == null ? "" : getText();
                Text tail = new Text(getEllipsisString() + text.substring(Math.max(0, text.lastIndexOf(" ("))));
                tail.setFont(getFont());
                return Math.min(computePrefWidth(height),
                        snappedLeftInset() + Math.ceil(tail.getLayoutBounds().getWidth()) + snappedRightInset());
            }
        };
        span.setId("status-span");
        span.setTextOverrun(OverrunStyle.LEADING_ELLIPSIS);
        span.textProperty().bind(vm.spanTextProperty());
        Label counts = label("status-counts", "");
        counts.textProperty().bind(vm.countsTextProperty());
        Label window = label("status-window", "");
        window.textProperty().bind(vm.windowTextProperty());
        // what the user reads to know where they are stays whole; the messages, the absolute
        // timestamps (not the length after them) and then the file name (the tooltips have them
        // all) give way first
        counts.setMinWidth(Region.USE_PREF_SIZE);
        window.setMinWidth(Region.USE_PREF_SIZE);
        LazyTooltip.following(vm.spanTextProperty()).installOn(span);

        // the messages and the lab's items take the room left over, and give way before the file name
        // and the figures: they asked for their whole width beside them, and a ten-second "Exported
        // the view to /home/..." shrank the name to "ru..." while it showed (their tooltips keep all)
        messages = new HBox(10) {
            @Override
            protected double computeMinWidth(double height) {
                return loading.get() ? 0 : Math.min(getPrefWidth(), messagesMinPx);
            }
        };
        messages.setId("status-messages");
        messages.setAlignment(Pos.CENTER_RIGHT);
        messages.setPrefWidth(0); // while every item is empty: MESSAGES_MIN_WIDTH once one says something
        messages.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(messages, Priority.ALWAYS);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(messages.widthProperty());
        clip.heightProperty().bind(messages.heightProperty());
        messages.setClip(clip); // items squeezed below their ellipsis stay inside their room

        Label loadingWhat = label("status-loading", "");
        loadingWhat.textProperty().bind(vm.loadingWhatProperty());
        LazyTooltip.following(vm.loadingWhatProperty()).installOn(loadingWhat); // whole when cut short
        ProgressBar progress = new ProgressBar();
        progress.setId("status-progress");
        progress.setPrefWidth(140);
        progress.setMinWidth(PROGRESS_MIN_WIDTH);
        progress.progressProperty().bind(vm.loadProgressProperty());
        Button cancel = new Button(null, new FontIcon(MaterialDesignC.CLOSE_CIRCLE_OUTLINE));
        cancel.setId("status-cancel");
        LazyTooltip.install(cancel, "Cancel loading");
        cancel.getStyleClass().addAll("flat", "small");
        cancel.setOnAction(e -> vm.cancelLoad());
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        loadBox = new HBox(6, loadingWhat, progress, cancel);
        loadBox.setAlignment(Pos.CENTER_LEFT);
        loadBox.visibleProperty().bind(vm.loadingProperty());
        loadBox.managedProperty().bind(vm.loadingProperty());

        warnings = new WarningsButton();
        warnings.setId("status-warnings");
        warnings.getStyleClass().addAll("flat", "small");
        // "Opening NAME" shrinks like the descriptions, the progress bar to PROGRESS_MIN_WIDTH, and
        // while a load shows the messages give up their room: all held whole, a long file name (or a
        // short one beside the lab's "looking ahead: ...") pushed the side panel and Cancel itself
        // past the right edge of a 1280-pixel window for as long as the file loaded
        loading.bind(vm.loadingProperty());
        loading.addListener((Observable o) -> messages.requestLayout());
        // the descriptions shrink first, never the warnings' count, but for a load's while: "Opening
        // NAME" and its Cancel then come first, the open dataset's "12 import warnings" then ending
        // in "..." (its dialog lists them all) rather than pushing Cancel off a 1280-pixel window;
        // so too beside a message ("Exported the view to ..."), whose room would otherwise push the
        // frame time past the window's edge, and in a window too narrow once the file name and the
        // messages have given way (WarningsButton)
        loading.addListener((Observable o) -> warnings.requestLayout());
        messagesSay.addListener((Observable o) -> warnings.requestLayout());
        // on a lab tab the warnings are still the Dataset tab's import's, and say so
        warnings.textProperty().bind(Bindings.createStringBinding(() -> {
            // worded as under a copied table and in an export's status, counting every one
            String count = ImportWarningsText.count(vm.warningsProperty());
            return onDatasetTab.get() ? count : "Dataset tab: " + count;
        }, vm.warningsProperty(), onDatasetTab));
        // whole in its tooltip when it gives way
        LazyTooltip.following(Bindings.concat(warnings.textProperty(),
                ": what the import in the Dataset tab did not understand (click to list them)")).installOn(warnings);
        warnings.setOnAction(e -> Dialogs.importWarnings(getScene().getWindow(), vm.sourceNameProperty().get(),
                vm.warningsProperty()));
        Runnable showWarnings = () -> {
            boolean any = !vm.warningsProperty().isEmpty();
            warnings.setVisible(any);
            warnings.setManaged(any);
        };
        vm.warningsProperty().addListener((Observable o) -> showWarnings.run());
        showWarnings.run();

        Label frame = label("status-frame", "");
        frame.getStyleClass().add("text-muted");
        StringProperty frameTip = new SimpleStringProperty(this, "frameTip", "");
        LazyTooltip.following(frameTip).installOn(frame); // made on the first hover; it follows every frame after
        frame.setMinWidth(Region.USE_PREF_SIZE);
        Runnable showFrame = () -> {
            frame.setText(String.format(Locale.ROOT, "frame %.1f ms", timeline.paintMillisProperty().get()));
            frameTip.set(String.format(Locale.ROOT, "Last frame: %.1f ms painting on the UI thread,"
                    + " %.1f ms folding the window into pixel columns (on a worker thread when it is dear)",
                    timeline.paintMillisProperty().get(), timeline.aggregationMillisProperty().get()));
        };
        timeline.paintCountProperty().addListener((Observable o) -> showFrame.run());

        Separator s1 = sep();
        Separator s2 = sep();
        Separator s3 = sep();
        // the load's Cancel stays at the right end: items after it (a message appearing, the lab's
        // "looking ahead: ..." changing) moved it from under the pointer on its way there
        getChildren().addAll(file, s1, span, s2, counts, s3, window, messages, warnings, frame, loadBox);
        datasetDetails = List.of(file, s1, span, s2, counts, s3, window, frame);
        // a description and the separator before it show only when it says something: a dataset
        // without a time span (a contention table, perf stat totals) has no window to give, and the
        // status bar said "view +0 ns .. +1.00 ms" beside "no time span"; with nothing open the
        // span and the counts are empty, and it read "nothing open | |"
        ObservableBooleanValue hasSpan = vm.spanTextProperty().isNotEmpty();
        ObservableBooleanValue hasCounts = vm.countsTextProperty().isNotEmpty();
        ObservableBooleanValue hasWindow = vm.windowTextProperty().isNotEmpty();
        shownWhenSaying = Map.of(s1, hasSpan, span, hasSpan, s2, hasCounts, counts, hasCounts,
                s3, hasWindow, window, hasWindow);
        shownWhenSaying.forEach((n, says) -> {
            n.visibleProperty().bind(says);
            n.managedProperty().bind(says);
        });
    }

    /**
     * A line of text high whatever it shows: on a lab tab, where the Dataset tab's descriptions are
     * hidden, it was its padding alone until a message such as "looking ahead: bClass=fifo" came
     * and went after each change, and moved everything above it up and back down.
     */
    @Override
    protected double computeMinHeight(double width) {
        return Math.max(super.computeMinHeight(width), lineHeight());
    }

    @Override
    protected double computePrefHeight(double width) {
        return Math.max(super.computePrefHeight(width), lineHeight());
    }

    /**
     * The least the bar takes: what it takes once the file name and the messages have given way to
     * their narrowest ({@link #FILE_NARROW_MIN_WIDTH}, {@link #MESSAGES_NARROW_MIN_WIDTH}). At
     * their usual least (240 and 130 px) a long message beside recordings opened together made the
     * bar 1057 px wide, and a 1024-pixel window's content was laid out that wide: the side panel,
     * the toolbar's right end and the status bar's own controls past the window's edge.
     */
    @Override
    protected double computeMinWidth(double height) {
        double file = this.file.isManaged() ? this.file.minWidth(-1) - fileFloor() : 0;
        double room = messages.isManaged() ? messages.minWidth(-1) - messagesFloor() : 0;
        double count = warnings.isManaged() ? warnings.minWidth(-1) - warnings.floorWidth() : 0;
        return super.computeMinWidth(height) - Math.max(0, file) - Math.max(0, room) - Math.max(0, count);
    }

    /**
     * Before the bar lays out its items, the file name and then the messages give up what the bar
     * is short of, down to their narrowest; in a window wide enough they keep their usual least.
     */
    @Override
    protected void layoutChildren() {
        double spacing = getSpacing();
        double taken = snappedLeftInset() + snappedRightInset();
        int shown = 0;
        for (Node n : getManagedChildren()) {
            shown++;
            if (n == warnings) {
                taken += warnings.leastUnlessShort(); // what it takes before it gives way, not after
            } else if (n != file && n != messages) {
                taken += n.minWidth(-1);
            }
        }
        taken += spacing * Math.max(0, shown - 1);
        double fileWhole = file.isManaged() ? Math.min(file.prefWidth(-1), FILE_MIN_WIDTH) : 0;
        double roomWhole = loading.get() ? 0 : Math.min(messages.getPrefWidth(), MESSAGES_MIN_WIDTH);
        double short_ = taken + fileWhole + roomWhole - getWidth();
        // each gives what it has above its narrowest (a short name, or no message, has less to give)
        double fileGives = Math.max(0, Math.min(short_, fileWhole - (file.isManaged() ? fileFloor() : 0)));
        double roomGives = Math.max(0, Math.min(short_ - fileGives, roomWhole - messagesFloor()));
        double fileMin = fileGives > 0 ? Math.ceil(fileWhole - fileGives) : FILE_MIN_WIDTH;
        double roomMin = roomGives > 0 ? Math.ceil(roomWhole - roomGives) : MESSAGES_MIN_WIDTH;
        if (fileMin != fileMinPx) {
            fileMinPx = fileMin;
            file.requestLayout(); // its least is read again by the layout below
        }
        if (roomMin != messagesMinPx) {
            messagesMinPx = roomMin;
            messages.requestLayout();
        }
        boolean stillShort = short_ - fileGives - roomGives > 0.5;
        if (stillShort != warningsGive) {
            warningsGive = stillShort;
            warnings.requestLayout();
        }
        super.layoutChildren();
    }

    /** Whether the bar is short of room with the file name and the messages at their narrowest. */
    private boolean warningsGive;

    /**
     * The import warnings' count: whole, but for a load's while, beside a message ("Exported the
     * view to ...") and in a window too narrow once the file name and the messages have given way;
     * then down to its icon and an ellipsis, never less (squeezed to nothing beside a long message
     * it was gone from a 1280-pixel window, and there was no button to list the warnings). Held
     * whole with one recording zoomed into, "2 import warnings" made the bar 1088 px wide and a
     * 1024-pixel window's content as wide: the side panel and the frame time past its edge.
     */
    private final class WarningsButton extends Button {
        WarningsButton() {
            super("", new FontIcon(MaterialDesignA.ALERT_OUTLINE));
        }

        @Override
        protected double computeMinWidth(double height) {
            return warningsGive ? super.computeMinWidth(height) : leastUnlessShort();
        }

        /** Its least when the bar has room: whole, or its icon and an ellipsis while a load or a message shows. */
        double leastUnlessShort() {
            return loading.get() || messagesSay.get() ? super.computeMinWidth(-1) : computePrefWidth(-1);
        }

        /** The least it ever takes: its icon and an ellipsis. */
        double floorWidth() {
            return super.computeMinWidth(-1);
        }
    }

    private double fileFloor() {
        return Math.min(file.prefWidth(-1), FILE_NARROW_MIN_WIDTH);
    }

    private double messagesFloor() {
        return loading.get() ? 0 : Math.min(messages.getPrefWidth(), MESSAGES_NARROW_MIN_WIDTH);
    }

    /** The file name's least width now: {@link #FILE_MIN_WIDTH} unless the bar is short of room. */
    private double fileMinPx = FILE_MIN_WIDTH;
    /** The messages' least room now: {@link #MESSAGES_MIN_WIDTH} unless the bar is short of room. */
    private double messagesMinPx = MESSAGES_MIN_WIDTH;
    /** Whether a file loads: the messages then give up their room to its progress and Cancel. */
    private final BooleanProperty loading =
            new SimpleBooleanProperty(this, "loading", false);

    /** The narrowest the file name gets in a window too narrow for {@link #FILE_MIN_WIDTH} (a 1024 px laptop). */
    static final double FILE_NARROW_MIN_WIDTH = 120;

    /** The narrowest the messages' room gets in a window too narrow for {@link #MESSAGES_MIN_WIDTH}. */
    static final double MESSAGES_NARROW_MIN_WIDTH = 60;

    /**
     * A line of text, or the tallest of what may show on it while hidden (the warnings' button, a
     * load's progress and Cancel): the warnings' button appearing as a recording with warnings
     * opened made the bar taller, and the timelines above it (the A/B sides' too) a few px shorter.
     */
    private double lineHeight() {
        double line = Math.max(file.prefHeight(-1), Math.max(warnings.prefHeight(-1), loadBox.prefHeight(-1)));
        return snappedTopInset() + line + snappedBottomInset();
    }

    /** The import warnings' button: shown when the last import had any. */
    private final WarningsButton warnings;
    /** A load's progress and Cancel: shown while a file loads. */
    private final HBox loadBox;

    /** The descriptions that show only when they say something, and the separators before them. */
    private final Map<Node, ObservableBooleanValue> shownWhenSaying;

    /** The messages and the lab's items: the room the descriptions leave, right-aligned. */
    private final HBox messages;

    /**
     * How wide the messages' room is at least while the descriptions shrink: a long name of files
     * opened together still leaves the start of "Exported the view to ..." to read and to hover.
     * 130, not 160: since the span keeps its length ("... (1.54 s)") the room beside an export
     * message in a 1280 px window was 15 px short, and the frame time was pushed past its edge.
     */
    static final double MESSAGES_MIN_WIDTH = 130;

    /** The narrowest the load's progress bar gets when the window is short of room (its width is 140). */
    static final double PROGRESS_MIN_WIDTH = 60;

    /** The narrowest the open file's name gets (when it is longer); the tooltip has it whole. */
    static final double FILE_MIN_WIDTH = 240;

    /**
     * Adds {@code item} at the right, before the warnings, the frame time and the load's progress and
     * Cancel, which keep their place; it has the room the file name and the figures leave and shrinks
     * (a label to an ellipsis) before they do.
     */
    void addItem(Node item) {
        messages.getChildren().add(item);
        if (item instanceof Labeled l) {
            l.textProperty().addListener((Observable o) -> keepMessagesRoom());
        }
        item.visibleProperty().addListener((Observable o) -> keepMessagesRoom());
        keepMessagesRoom();
    }

    /**
     * The messages' room is {@link #MESSAGES_MIN_WIDTH} while one of them says something, else
     * nothing; a message with nothing to say takes none of it (each empty one held its 24 pixels
     * and a gap, and left the lab's "looking ahead: ..." 92 of the 160).
     */
    private void keepMessagesRoom() {
        boolean any = false;
        for (Node n : messages.getChildren()) {
            boolean says = n.isVisible() && !(n instanceof Labeled l
                    && (l.getText() == null || l.getText().isEmpty()));
            n.setManaged(says);
            any |= says;
        }
        messages.setPrefWidth(any ? MESSAGES_MIN_WIDTH : 0);
        messagesSay.set(any);
    }

    /** Whether a message (or a lab's item) says something: the warnings' count may then give way. */
    private final BooleanProperty messagesSay =
            new SimpleBooleanProperty(this, "messagesSay", false);

    /**
     * Shows what is open in the Dataset tab (name, span, counts, window, frame time) only while
     * {@code when} holds - on the lab's tabs those figures would describe a timeline that is not
     * on screen; loading progress, warnings and messages stay.
     */
    void showDatasetDetailsWhen(ObservableBooleanValue when) {
        onDatasetTab.bind(when);
        for (Node n : datasetDetails) {
            ObservableBooleanValue says = shownWhenSaying.get(n);
            ObservableBooleanValue shown = says == null ? when : Bindings.and(when, says);
            n.visibleProperty().bind(shown);
            n.managedProperty().bind(shown);
        }
    }

    /**
     * A description that shrinks with an ellipsis when the window is narrow: several files opened
     * together make a long name, and a status bar that refused to shrink widened the whole window's
     * content past its edge, cutting off the side panel and the warnings button.
     */
    private static Label label(String id, String text) {
        Label l = new Label(text);
        l.setId(id);
        l.setMinWidth(24);
        return l;
    }

    /**
     * A message that says what just happened ("Exported the view to ...", "Saved workspace ..."):
     * shown for {@value #MESSAGE_SECONDS} s, then cleared - a status bar still saying "Opened
     * workspace" an hour later reads as something happening now. The tooltip keeps the whole text.
     */
    static Label message(String id, ObservableStringValue text) {
        return message(id, text, Duration.seconds(MESSAGE_SECONDS));
    }

    /** As {@link #message(String, ObservableStringValue)}, shown for {@code shownFor}. */
    static Label message(String id, ObservableStringValue text, Duration shownFor) {
        Label l = label(id, "");
        l.getStyleClass().add("text-muted");
        // the whole message, kept after the line fades: made on the first hover, following each message
        StringProperty tip = new SimpleStringProperty(l, "tip", "");
        LazyTooltip.following(tip).installOn(l);
        PauseTransition fade = new PauseTransition(shownFor);
        fade.setOnFinished(e -> l.setText(""));
        Runnable show = () -> {
            String t = text.get() == null ? "" : text.get();
            l.setText(t);
            tip.set(t);
            fade.stop();
            // "Exporting..." stays while the export runs; its outcome replaces it
            if (!t.isEmpty() && !t.endsWith("\u2026")) {
                fade.playFromStart();
            }
        };
        text.addListener((Observable o) -> show.run());
        show.run();
        return l;
    }

    static final int MESSAGE_SECONDS = 10;

    private static Separator sep() {
        return new Separator(Orientation.VERTICAL);
    }
}
