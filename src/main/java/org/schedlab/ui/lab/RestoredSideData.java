package org.schedlab.ui.lab;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import javafx.application.Platform;

import org.schedlab.model.Dataset;
import org.schedlab.render.Bookmark;
import org.schedlab.ui.DatasetSource;
import org.schedlab.ui.WorkbenchViewModel;
import org.schedlab.ui.WorkspaceViewModel;
import org.schedlab.workspace.Workspace;

/**
 * The data A/B sides showed instead of their simulations, as a workspace restore puts it back:
 * the Dataset tab's data comes back with that tab, a side's own data is read in the background,
 * and each goes on its side once read. Until then, or for good when it cannot be read, the side
 * shows its simulation and keeps the data as a note, with the bookmarks saved on it.
 */
final class RestoredSideData {
    private final LabViewModel lab;
    /** Reads a side's own data, when it is not what the Dataset tab shows. */
    private final WorkbenchViewModel reader;
    /**
     * What the current restore puts on each A/B side that showed data: the reread data once it
     * is read, until then (or for good, when it cannot be read) the note that the side keeps that
     * data while it shows its simulation. Run again if the A/B scenario (a file, read in the
     * background too) opens after the data, as opening it puts both sides back to simulating.
     */
    private final Map<CompareViewModel.Side, Runnable> dataOnSides = new EnumMap<>(CompareViewModel.Side.class);
    /** The current restore's A/B scenario is open: a side's note goes on at once, not on an older setup. */
    private boolean abOpened;
    /**
     * The bookmarks the last restore's A/B sides had on their data, by that data: saved again
     * for a side that keeps data it could not show (swapped or not), as its data is.
     */
    private final Map<Workspace.Sources, List<Bookmark>> unshownBookmarks = new HashMap<>();

    RestoredSideData(LabViewModel lab, WorkbenchViewModel reader) {
        this.lab = lab;
        this.reader = reader;
    }

    /**
     * A restore of {@code w} starts: what an older one read is forgotten, and until its data is
     * read (or for good, if it cannot be) a side that showed data keeps it.
     */
    void begin(Workspace w) {
        dataOnSides.clear();
        if (w.ab().isPresent()) { // one without an A/B setup leaves the tab as it is, and these with it
            unshownBookmarks.clear();
        }
        abOpened = false;
        w.ab().ifPresent(ab -> {
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                saved.data().ifPresent(d -> {
                    unshownBookmarks.put(d, saved.bookmarks());
                    keep(ab, side, d, "");
                });
            }
        });
    }

    /**
     * The restore's A/B scenario opened: the data read first goes back on its sides (or the note
     * that it is not there yet).
     */
    void abOpened() {
        abOpened = true;
        List.copyOf(dataOnSides.values()).forEach(Runnable::run);
    }

    /** The bookmarks the last restore had on {@code data}, which a side keeps without showing it. */
    List<Bookmark> unshownBookmarks(Workspace.Sources data) {
        return unshownBookmarks.getOrDefault(data, List.of());
    }

    /** The A/B sides that showed data other than the Dataset tab's (which comes back with the tab). */
    static List<CompareViewModel.Side> sidesWithOwnData(Workspace w, Workspace.AbSetup ab) {
        Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
        List<CompareViewModel.Side> sides = new ArrayList<>();
        if (ab.a().data().isPresent() && !ab.a().data().equals(tab)) {
            sides.add(CompareViewModel.Side.A);
        }
        if (ab.b().data().isPresent() && !ab.b().data().equals(tab)) {
            sides.add(CompareViewModel.Side.B);
        }
        return sides;
    }

    /**
     * Reads the data side {@code side} showed, in the background as the Dataset tab's files are
     * read, and puts it back on that side; data that cannot be read is named, and the side shows
     * its simulation. What is read is dropped unless {@code current} says the restore that asked
     * for it is still the newest.
     */
    void readOwnData(Workspace.AbSetup ab, CompareViewModel.Side side, BooleanSupplier current,
                     Consumer<String> problems, Runnable answered) {
        Workspace.Sources saved = (side == CompareViewModel.Side.A ? ab.a() : ab.b()).data().orElseThrow();
        String where = "A/B side " + side + ": ";
        Optional<List<DatasetSource>> sources = WorkspaceViewModel.datasetSources(saved);
        if (sources.isEmpty()) {
            String why = "the example " + saved.example().orElse("") + " is not shipped with this version";
            keep(ab, side, saved, why);
            problems.accept(where + why + "; the side shows its simulation");
            answered.run();
            return;
        }
        reader.readApart(sources.get(), (d, name) -> {
            if (current.getAsBoolean()) {
                Runnable show = () -> showOnSide(ab, side, d, name, sources.get());
                dataOnSides.put(side, show);
                show.run();
            }
            answered.run();
        }, why -> {
            if (current.getAsBoolean()) {
                keep(ab, side, saved, why);
                problems.accept(where + why + "; the side shows its simulation");
            }
            answered.run();
        });
    }

    /** The Dataset tab's data {@code d} is back: on each side that showed it too. */
    void datasetRestored(Workspace w, Dataset d, String name) {
        w.ab().ifPresent(ab -> {
            Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
            List<DatasetSource> sources = tab.flatMap(WorkspaceViewModel::datasetSources).orElse(List.of());
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                if (saved.data().isPresent() && saved.data().equals(tab)) {
                    Runnable show = () -> showOnSide(ab, side, d, name, sources);
                    dataOnSides.put(side, show);
                    show.run();
                }
            }
        });
    }

    /** The Dataset tab's data could not be read: each side that showed it keeps the note {@code why}. */
    void datasetNotRestored(Workspace w, String why) {
        w.ab().ifPresent(ab -> {
            Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
            for (CompareViewModel.Side side : CompareViewModel.Side.values()) {
                Workspace.AbSide saved = side == CompareViewModel.Side.A ? ab.a() : ab.b();
                if (saved.data().isPresent() && saved.data().equals(tab)) {
                    keep(ab, side, saved.data().get(), why);
                }
            }
        });
    }

    /**
     * Side {@code side} keeps {@code data} while it shows its simulation instead ({@code why} it
     * does: empty while the data is read); on the side once the restore's A/B is open. Once it
     * is, a reason that comes later only completes the note where it still stands: a side the
     * user has since changed keeps the change, and a side swapped since carries the note along.
     */
    private void keep(Workspace.AbSetup ab, CompareViewModel.Side side, Workspace.Sources data, String why) {
        CompareViewModel c = lab.compare();
        CompareViewModel.UnshownData unshown = new CompareViewModel.UnshownData(data, why,
                side == CompareViewModel.Side.A ? ab.window() : Optional.empty());
        dataOnSides.put(side, () -> c.keepUnshownData(side, unshown));
        if (!abOpened) {
            return;
        }
        for (CompareViewModel.Side s : CompareViewModel.Side.values()) {
            c.unshownDataProperty(s).get()
                    .filter(u -> u.why().isEmpty() && u.sources().equals(data))
                    .ifPresent(u -> c.keepUnshownData(s, new CompareViewModel.UnshownData(data, why, u.window())));
        }
    }

    /** Puts data back on a side; on A, with the window A showed it at. */
    private void showOnSide(Workspace.AbSetup ab, CompareViewModel.Side side, Dataset d, String name,
                            List<DatasetSource> sources) {
        CompareViewModel c = lab.compare();
        c.showDataset(side, d, name, sources);
        // the swap-in just loaded the dataset's own bookmarks: the saved ones are the user's
        List<Bookmark> saved = (side == CompareViewModel.Side.A ? ab.a() : ab.b()).bookmarks();
        c.side(side).timeline().bookmarks().bookmarks().setAll(saved);
        c.side(side).timeline().bookmarks().markKept(saved); // the workspace keeps them
        if (side == CompareViewModel.Side.A) {
            // after the swap-in, which fits a dataset of another source to its whole span
            ab.window().ifPresent(win -> Platform.runLater(() -> {
                RunViewModel a = c.side(CompareViewModel.Side.A);
                if (a.timeline().dataset() == d) {
                    a.timeline().setWindow(win.startNs(), win.endNs());
                }
            }));
        }
    }
}
