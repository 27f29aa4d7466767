package org.schedlab.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The workbench window. */
public class WorkbenchApp extends Application {

    public static void launchApp(String[] args) {
        Application.launch(WorkbenchApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        stage.setTitle("SchedLab");
        stage.setScene(new Scene(new BorderPane(), 1280, 800));
        stage.show();
    }
}
