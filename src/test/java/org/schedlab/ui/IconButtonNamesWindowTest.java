package org.schedlab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.AccessibleAttribute;
import javafx.scene.control.ButtonBase;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A button that shows only an icon (the toolbar's zoom and fit buttons, the step bar's arrows, the
 * search's "next", a load's Cancel) has a name a screen reader reads: its tooltip's text. It had
 * the tooltip as its help, and for a name the icon font's glyph, a private-use character that a
 * screen reader reads as nothing or as its code.
 */
@ExtendWith(ApplicationExtension.class)
class IconButtonNamesWindowTest extends FxRobot {
    @RegisterExtension
    final WorkbenchWindowFixture window = new WorkbenchWindowFixture();

    @Start
    void start(Stage stage) {
        window.show(stage);
    }

    @Test
    void everyIconOnlyButtonIsNamedByItsTooltip() {
        List<ButtonBase> iconOnly = FxWait.onFx(() -> lookup(n -> n instanceof ButtonBase b
                && (b.getText() == null || b.getText().isEmpty()) && b.getGraphic() != null)
                .queryAllAs(ButtonBase.class).stream().toList());
        assertTrue(iconOnly.size() >= 10, "the toolbar's, the search's, the step bar's and the status bar's: "
                + iconOnly.size());
        List<String> unnamed = new ArrayList<>();
        for (ButtonBase b : iconOnly) {
            // without a name of its own a screen reader falls back to the icon font's glyph, a
            // private-use character: the name must be the words its tooltip says
            Object name = FxWait.onFx(() -> b.queryAccessibleAttribute(AccessibleAttribute.TEXT));
            String tip = FxWait.onFx(b::getAccessibleHelp);
            if (tip == null || tip.isBlank() || !tip.equals(name)) {
                unnamed.add(b.getId() + " is read as '" + name + "'");
            }
        }
        assertEquals(List.of(), unnamed, "icon-only buttons without a name for a screen reader");
        ButtonBase zoomIn = lookup("#tool-zoom-in").queryAs(ButtonBase.class);
        assertEquals("Zoom in (W)", FxWait.onFx(() -> zoomIn.queryAccessibleAttribute(AccessibleAttribute.TEXT)));
    }

    @Test
    void aButtonThatShowsTextIsNamedByItsTextNotItsTooltip() {
        ButtonBase byTask = lookup("#color-by-task").queryAs(ButtonBase.class);
        assertEquals("By task", FxWait.onFx(() -> byTask.queryAccessibleAttribute(AccessibleAttribute.TEXT)));
    }
}
