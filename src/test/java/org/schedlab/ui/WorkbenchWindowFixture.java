package org.schedlab.ui;

import java.nio.file.Path;
import java.util.List;

import javafx.stage.Stage;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The workbench window alone (no lab), for the window tests of the Dataset tab: a background
 * executor, recent files in memory, and a stand-in file chooser that answers what the test last
 * gave {@link #pick}. A test registers one and shows it in {@code @Start}; after each test it
 * stops its executor itself:
 * <pre>
 * &#64;RegisterExtension
 * final WorkbenchWindowFixture window = new WorkbenchWindowFixture();
 *
 * &#64;Start
 * void start(Stage stage) {
 *     window.opener(DatasetOpener.standard()).show(stage);
 * }
 * </pre>
 * Unless a test says otherwise File > Open reads only SchedLab's own JSON.
 */
final class WorkbenchWindowFixture implements AfterEachCallback {
    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private DatasetOpener opener = DatasetOpener.json();
    private volatile List<Path> next = List.of();

    /** Set by {@link #show}. */
    WorkbenchViewModel vm;
    Workbench workbench;

    /** How File > Open reads a file: {@link DatasetOpener#standard()} for recordings. */
    WorkbenchWindowFixture opener(DatasetOpener opener) {
        this.opener = opener;
        return this;
    }

    /** What the file dialogs answer from now on (the first of them where one file is asked for). */
    void pick(Path... files) {
        next = List.of(files);
    }

    /** Builds the workbench and shows its window on {@code stage}; on the FX thread. */
    WorkbenchWindowFixture show(Stage stage) {
        Workbench.applyTheme();
        vm = new WorkbenchViewModel(executor, opener, RecentFiles.inMemory());
        workbench = new Workbench(vm, UiFixtures.picking(() -> next));
        workbench.show(stage);
        return this;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        executor.shutdown();
    }
}
