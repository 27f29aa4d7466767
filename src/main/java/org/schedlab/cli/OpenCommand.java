package org.schedlab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.schedlab.io.CsvTables;
import org.schedlab.io.read.ExportTables;
import org.schedlab.workspace.WorkspaceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code schedlab open FILE...}: the workbench window on FILE..., as a trace viewer opens the
 * trace it is given. Recordings and datasets open together as one dataset in the Dataset tab,
 * exactly as File > Open with several files does; a workspace file, alone, is restored. The
 * files are checked here, before any window opens, and refused in one line as {@code import}
 * refuses them; the window is the launcher's ({@link Window}), as this package never loads
 * JavaFX.
 */
@Command(name = "open", mixinStandardHelpOptions = true,
        description = {"Open the workbench window with FILE... in its Dataset tab, as File > Open opens them.",
            "",
            "Recordings (every kind import reads, plain or gzip) and SchedLab datasets are read together into one"
                + " dataset, in the background with progress and Cancel; a file that cannot be read is reported in"
                + " the window. A workspace file, given alone, is restored instead.",
            "",
            "Each FILE is checked first: a missing, unreadable or directory path, a pipe, the same file twice or"
                + " a workspace among other files is refused in one line naming it (exit 2) and no window opens. Needs a display; the other commands run without one."
                + " Exits 0 when the window is closed.",
            "",
            "Example: schedlab open perf_sched_script.txt.gz pgbench.txt"})
public final class OpenCommand implements Callable<Integer> {
    /** What each FILE must be, as the refusals say. */
    static final String EXPECTED = "a recording, dataset or workspace file";

    /** Opens the workbench window on files already checked and returns the exit code once it is closed. */
    @FunctionalInterface
    public interface Window {
        int open(List<Path> files);
    }

    /** For a command line built without a window (tests of the other commands): says so. */
    static final Window NO_WINDOW = files -> {
        throw new IllegalStateException("this command line was built without the workbench window");
    };

    private final Window window;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "Recordings or datasets, read together into one dataset; or one workspace (.schedlab);"
                    + " or a CSV export (its directory, or one of its tables).")
    List<Path> files;

    OpenCommand(Window window) {
        this.window = window;
    }

    @Override
    public Integer call() throws Exception {
        // the directory of a CSV export opens as its tables do: through one of them
        for (Path f : files) {
            Optional<String> halfExport = CsvTables.missingTable(f);
            if (halfExport.isPresent()) {
                throw new UserInputException(halfExport.get()); // not "is a directory": a CSV export is one
            }
        }
        files = files.stream().map(f -> CsvTables.isExportDirectory(f) ? f.resolve(ExportTables.SLICES) : f).toList();
        RecordingFiles.checked(files, EXPECTED);
        if (files.size() > 1) {
            for (Path f : files) {
                if (WorkspaceFile.isWorkspaceName(f)) {
                    // File > Open would read it as a recording and fail on its JSON
                    throw new UserInputException(f + ": is a workspace, which opens alone; expected either one"
                            + " workspace file or recordings and datasets");
                }
            }
        }
        return window.open(List.copyOf(files));
    }
}
