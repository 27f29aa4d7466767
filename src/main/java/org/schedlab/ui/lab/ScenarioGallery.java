package org.schedlab.ui.lab;

import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.TilePane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.schedlab.sim.scenario.Scenario;
import org.schedlab.sim.scenario.ScenarioException;
import org.schedlab.ui.LazyTooltip;

/**
 * The Scenarios gallery: every built-in scenario as a card with a picture of a short run and
 * one sentence; a click opens it in the Live run tab. Pictures are simulated and drawn in the
 * background, one at a time (the machine may be busy), and kept for the session; closing the
 * window stops the ones still to come.
 */
final class ScenarioGallery {
    static final int PICTURE_WIDTH_PX = 480;
    static final int PICTURE_HEIGHT_PX = 240;
    static final double SHOWN_WIDTH_PX = 320;
    /** Pictures made this session, by scenario name (they depend only on the scenario file). */
    private static final Map<String, Image> PICTURES = new ConcurrentHashMap<>();

    private final Stage stage = new Stage();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "scenario-gallery");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;

    /** A gallery of {@code scenarios}; {@code open} gets the clicked one (then the gallery closes). */
    ScenarioGallery(Window owner, List<Scenario> scenarios, Consumer<Scenario> open) {
        TilePane tiles = new TilePane(12, 12);
        tiles.setId("scenario-gallery");
        tiles.setPadding(new Insets(12));
        tiles.setPrefColumns(3);
        List<Runnable> drawing = new java.util.ArrayList<>();
        for (Scenario s : scenarios) {
            tiles.getChildren().add(card(s, open, drawing));
        }
        // small machines first: the textbook pictures take milliseconds, the 96-CPU one seconds
        drawing.forEach(worker::execute);
        ScrollPane scroll = new ScrollPane(tiles);
        scroll.setFitToWidth(true);
        // the window's background from the theme: the scene's own fill is white, and in the dark
        // theme the cards' light titles and sentences were unreadable on it
        scroll.setStyle("-fx-background: -color-bg-default; -fx-background-color: -color-bg-default;");
        stage.setTitle("Scenarios");
        if (owner != null) {
            stage.initOwner(owner);
        }
        Scene scene = new Scene(scroll, 3 * (SHOWN_WIDTH_PX + 36) + 24, 640);
        // Esc closes it as it closes a dialog (nothing else did but the window manager's button)
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                stage.close();
                e.consume();
            }
        });
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            closed = true;
            worker.shutdownNow();
        });
    }

    void show() {
        stage.show();
    }

    Stage stage() {
        return stage;
    }

    private VBox card(Scenario s, Consumer<Scenario> open, List<Runnable> drawing) {
        ImageView picture = new ImageView();
        picture.setFitWidth(SHOWN_WIDTH_PX);
        picture.setPreserveRatio(true);
        picture.setSmooth(true);
        ProgressIndicator busy = new ProgressIndicator();
        busy.setMaxSize(32, 32);
        StackPane frame = new StackPane(picture, busy);
        frame.setMinSize(SHOWN_WIDTH_PX, SHOWN_WIDTH_PX * PICTURE_HEIGHT_PX / PICTURE_WIDTH_PX);
        frame.setStyle("-fx-border-color: -color-border-default; -fx-background-color: -color-bg-subtle;");
        Label title = new Label(s.name());
        title.setStyle("-fx-font-weight: bold;");
        Label sentence = new Label(ExplainContent.caption(s));
        sentence.setId("gallery-" + s.name() + "-sentence");
        if (!s.description().isBlank()) {
            new LazyTooltip(s.description(), text -> {
                Tooltip whole = new Tooltip(text);
                whole.setWrapText(true);
                whole.setMaxWidth(480);
                return whole;
            }).installOn(sentence);
        }
        sentence.setWrapText(true);
        sentence.setMaxWidth(SHOWN_WIDTH_PX);
        VBox card = new VBox(4, frame, title, sentence);
        card.setId("gallery-" + s.name());
        card.setAlignment(Pos.TOP_LEFT);
        card.setPadding(new Insets(6));
        card.setPrefWidth(SHOWN_WIDTH_PX + 12);
        card.getStyleClass().add("gallery-card");
        card.setStyle("-fx-cursor: hand; -fx-background-radius: 6;");
        card.setOnMouseEntered(e -> card.setStyle("-fx-cursor: hand; -fx-background-radius: 6;"
                + " -fx-background-color: -color-accent-subtle;"));
        card.setOnMouseExited(e -> card.setStyle("-fx-cursor: hand; -fx-background-radius: 6;"));
        card.setOnMouseClicked(e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.PRIMARY) {
                return; // a right or middle click is not a choice
            }
            stage.close();
            open.accept(s);
        });
        Image known = PICTURES.get(s.name());
        if (known != null) {
            picture.setImage(known);
            busy.setVisible(false);
        } else {
            drawing.add(new Drawing(cpus(s), () -> draw(s, picture, busy)));
            drawing.sort(java.util.Comparator.comparingInt(r -> ((Drawing) r).cpus()));
        }
        return card;
    }

    /** A picture to draw, ordered by the size of the machine it simulates. */
    private record Drawing(int cpus, Runnable work) implements Runnable {
        @Override
        public void run() {
            work.run();
        }
    }

    private static int cpus(Scenario s) {
        var d = s.params().get("cpus");
        try {
            return d == null ? 1 : (int) Double.parseDouble(d.value());
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE; // "auto" or a workload's own rule: draw it last
        }
    }

    private void draw(Scenario s, ImageView picture, ProgressIndicator busy) {
        if (closed) {
            return;
        }
        try {
            BufferedImage img = ScenarioPicture.render(s, PICTURE_WIDTH_PX, PICTURE_HEIGHT_PX, () -> closed);
            Image fx = SwingFXUtils.toFXImage(img, null);
            PICTURES.put(s.name(), fx);
            Platform.runLater(() -> {
                picture.setImage(fx);
                busy.setVisible(false);
            });
        } catch (ScenarioException | RuntimeException e) {
            if (closed) {
                return;
            }
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            Platform.runLater(() -> {
                busy.setVisible(false);
                Label failed = new Label("No picture: " + why);
                failed.setWrapText(true);
                ((StackPane) picture.getParent()).getChildren().add(failed);
            });
        }
    }
}
