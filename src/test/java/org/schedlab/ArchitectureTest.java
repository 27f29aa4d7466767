package org.schedlab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** ARCHITECTURE.md's lines: no JavaFX outside ui, and the model stands on nothing of ours. */
@AnalyzeClasses(packages = "org.schedlab", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule coreNeverTouchesJavaFx = noClasses()
            .that().resideInAnyPackage("org.schedlab.model..", "org.schedlab.sim..", "org.schedlab.io..",
                    "org.schedlab.analysis..", "org.schedlab.render..", "org.schedlab.cli..",
                    "org.schedlab.workspace..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..")
            .because("the CLI, tests and benchmarks run these packages without a display")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule modelUsesNoOtherSchedLabPackage = noClasses()
            .that().resideInAPackage("org.schedlab.model..")
            .should().dependOnClassesThat().resideInAnyPackage("org.schedlab.sim..", "org.schedlab.io..",
                    "org.schedlab.analysis..", "org.schedlab.render..", "org.schedlab.ui..", "org.schedlab.cli..")
            .orShould().dependOnClassesThat().resideInAPackage("org.schedlab")
            .because("every reader, the simulator and every view build on the model, never the reverse");

    @ArchTest
    static final ArchRule cliLoadsNoUi = noClasses()
            .that().resideInAPackage("org.schedlab.cli..")
            .should().dependOnClassesThat().resideInAPackage("org.schedlab.ui..")
            .because("the CLI must run headless without loading the workbench")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule workspaceFilesKnowNothingOfTheWindow = noClasses()
            .that().resideInAPackage("org.schedlab.workspace..")
            .should().dependOnClassesThat().resideInAPackage("org.schedlab.ui..")
            .because("a workspace is read and written without a display; the workbench maps it onto its tabs");
}
