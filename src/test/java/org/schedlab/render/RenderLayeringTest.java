package org.schedlab.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The renderer paints PNGs for the CLI and benchmarks with no display, so it stands below the
 * workbench and the CLI (ArchitectureTest already keeps JavaFX out of it); the ui package
 * adds the canvas backend on top.
 */
@AnalyzeClasses(packages = "org.schedlab", importOptions = ImportOption.DoNotIncludeTests.class)
class RenderLayeringTest {

    @ArchTest
    static final ArchRule renderUsesNeitherUiNorCli = noClasses().that().resideInAPackage("org.schedlab.render..")
            .should().dependOnClassesThat().resideInAnyPackage("org.schedlab.ui..", "org.schedlab.cli..");
}
