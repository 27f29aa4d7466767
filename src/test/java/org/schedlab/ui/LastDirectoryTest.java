package org.schedlab.ui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javafx.application.Platform;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A file dialog starts only in a directory a background probe found: the FX thread never asks
 * the file system (a directory on a dead network mount would freeze the window in that call),
 * and never hands the dialog a directory nobody checked or one found gone since.
 */
@ExtendWith(ApplicationExtension.class)
class LastDirectoryTest extends FxRobot {
    @TempDir
    Path dir;

    private final HeldExecutor executor = new HeldExecutor();
    private final List<Boolean> probedOnFxThread = new ArrayList<>();

    private LastDirectory lastDirectory() {
        return new LastDirectory(executor, p -> {
            probedOnFxThread.add(Platform.isFxApplicationThread());
            return Files.isDirectory(p);
        });
    }

    private Optional<File> forDialog(LastDirectory last) {
        List<Optional<File>> out = new ArrayList<>();
        interact(() -> out.add(last.forDialog()));
        return out.get(0);
    }

    @Test
    void aPickedDirectoryIsOfferedOnlyAfterTheBackgroundProbeFoundIt() throws Exception {
        LastDirectory last = lastDirectory();
        interact(() -> last.remember(dir));
        assertEquals(Optional.empty(), forDialog(last), "not checked yet: the dialog starts where the platform says");
        assertTrue(probedOnFxThread.isEmpty(), "the FX thread asked nothing");

        executor.runAllInBackground();
        assertEquals(Optional.of(dir.toFile()), forDialog(last));
        assertEquals(List.of(false), probedOnFxThread, "probed once, off the FX thread");
    }

    @Test
    void aDirectoryGoneSinceItWasCheckedIsDroppedAtTheNextProbe() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("mount"));
        LastDirectory last = lastDirectory();
        interact(() -> last.remember(mount));
        executor.runAllInBackground();
        assertEquals(Optional.of(mount.toFile()), forDialog(last));

        Files.delete(mount);
        interact(last::recheck); // a dialog was cancelled: what it started in is probed again
        executor.runAllInBackground();
        assertEquals(Optional.empty(), forDialog(last), "the next dialog does not start in a directory found gone");
        assertFalse(probedOnFxThread.contains(true));
    }

    @Test
    void aProbeThatNeverAnswersLeavesDialogsAtThePlatformDefault() throws Exception {
        Path earlier = Files.createDirectory(dir.resolve("earlier"));
        LastDirectory last = lastDirectory();
        interact(() -> last.remember(earlier));
        executor.runAllInBackground();

        Path deadMount = dir.resolve("nfs/dead");
        interact(() -> last.remember(deadMount));
        assertEquals(Optional.empty(), forDialog(last), "neither the unchecked new directory nor the stale earlier one");
        interact(() -> last.remember(earlier));
        assertEquals(1, executor.held.size(), "one probe at a time: a hung probe does not pile up threads");
        executor.held.clear(); // the dead mount's probe never returns
        assertEquals(Optional.empty(), forDialog(last));
    }

    @Test
    void aLateAnswerAboutAnEarlierPickDoesNotOverrideTheLatest() throws Exception {
        Path first = Files.createDirectory(dir.resolve("first"));
        Path gone = dir.resolve("second-not-there");
        LastDirectory last = lastDirectory();
        interact(() -> last.remember(first));
        interact(() -> last.remember(gone)); // picked while the first probe is out
        executor.runAllInBackground(); // the first's answer, then the second's probe
        assertEquals(Optional.empty(), forDialog(last), "the answer about 'first' is not taken for 'second'");

        Path third = Files.createDirectory(dir.resolve("third"));
        interact(() -> last.remember(third));
        executor.runAllInBackground();
        assertEquals(Optional.of(third.toFile()), forDialog(last));
    }

    /** The platform dialogs run on the FX thread: these classes must leave every file-system call to the probe. */
    @Test
    void theDialogClassesMakeNoFileSystemCall() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.schedlab.ui");
        Set<String> fileSystemCalls = Set.of("exists", "isDirectory", "isFile", "canRead", "canWrite", "list",
                "listFiles", "length", "lastModified", "getCanonicalPath", "getCanonicalFile", "toRealPath");
        DescribedPredicate<JavaAccess<?>> touchesFiles = DescribedPredicate.describe("a file-system call",
                a -> a.getTargetOwner().isEquivalentTo(Files.class)
                        || (a.getTargetOwner().isEquivalentTo(File.class) || a.getTargetOwner().isEquivalentTo(Path.class))
                        && fileSystemCalls.contains(a.getName()));
        noClasses().that().haveSimpleName("FxFilePicker").or().haveSimpleName("FxExportPicker")
                .or().haveSimpleName("ScenarioPicker")
                .should().accessTargetWhere(touchesFiles)
                .because("a directory on a dead network mount would freeze the window in that call")
                .check(classes);
    }
}
