package org.schedlab.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The renderer paints PNGs in the CLI and in benchmarks with no display, so it must not touch
 * JavaFX or the workbench; only the ui package adds the canvas backend.
 */
@AnalyzeClasses(packages = "org.schedlab", importOptions = ImportOption.DoNotIncludeTests.class)
class RenderLayeringTest {

    @ArchTest
    static final ArchRule renderNeverUsesJavaFx = noClasses().that().resideInAPackage("org.schedlab.render..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.schedlab.ui..", "org.schedlab.cli..");
}
