package org.schedlab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.schedlab.workspace.Workspace;

/**
 * One workspace restore's answers: the Dataset tab's file check and each part's (a part may read
 * a scenario file in the background, so parts finish in any order). {@code done} gets every
 * problem - the data's, then the parts' in their order - once all have answered, unless
 * {@code current} says a newer restore started meanwhile. FX thread only.
 */
final class RestoreAnswers {
    private final Workspace w;
    private final BooleanSupplier current;
    private final Consumer<List<String>> done;
    private final List<String> dataProblems = new ArrayList<>();
    private final List<List<String>> partProblems = new ArrayList<>();
    private boolean dataComing;
    private int waiting = 1; // the dataset's answer; each part adds its own

    RestoreAnswers(Workspace w, BooleanSupplier current, Consumer<List<String>> done) {
        this.w = w;
        this.current = current;
        this.done = done;
    }

    /** A part starts restoring: where its problems go; it calls {@link #answered} when finished. */
    Consumer<String> nextPart() {
        waiting++;
        List<String> mine = new ArrayList<>();
        partProblems.add(mine);
        return mine::add;
    }

    void dataProblem(String problem) {
        dataProblems.add(problem);
    }

    /** {@code coming}: the data is being opened again (an A/B side that showed it will show it). */
    void dataAnswered(boolean coming) {
        dataComing = coming;
        answered();
    }

    void answered() {
        if (--waiting == 0 && current.getAsBoolean()) {
            done.accept(problems());
        }
    }

    /** The dataset's problems, the simulator's, then what showing the data's absence means for A/B. */
    private List<String> problems() {
        List<String> problems = new ArrayList<>(dataProblems);
        partProblems.forEach(problems::addAll);
        java.util.Optional<Workspace.Sources> tab = w.dataset().map(Workspace.DatasetPart::sources);
        boolean sideShowedData = tab.isPresent() && w.ab().map(ab -> ab.a().data().equals(tab)
                || ab.b().data().equals(tab)).orElse(false);
        if (!dataComing && sideShowedData) {
            problems.add("A/B: the side that showed the Dataset tab shows its simulation, as the data is not there");
        }
        return problems;
    }
}
