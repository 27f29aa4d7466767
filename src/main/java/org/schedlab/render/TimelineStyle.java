package org.schedlab.render;

/**
 * The timeline's non-data colors and text sizes, matched to the workbench's light theme
 * (AtlantaFX Primer Light) so the canvas and the controls around it look like one window.
 * {@code smallFontPx} is the name of a CPU lane too short for {@code labelFontPx};
 * {@code secondLineFontPx} the second line of a label (a lock's waiters, an operation's latency
 * range, a counter's highest value).
 * {@code schedulerTickArgb} is the simulated scheduler tick's notch on the axis: a teal no other
 * mark, state or overlay uses (preemptions are ink, lock marks red and amber, bookmarks purple,
 * the selection blue), dark enough on the white axis for a picture shown at half its width.
 * {@code groupHeaderArgb} is a group header's band in the label column, {@code cursorArgb} the
 * pointer's line across the lanes, {@code inkArgb} a write hold's cap and an operation lane's
 * median, {@code sleepingArgb} a task lane's sleeping state: a quiet grey next to its lane, in
 * either theme (the light one's pale grey was the loudest thing on a dark lane);
 * {@code counterLineArgb} and {@code counterFillArgb} a counter's line and the area under it, an
 * operation's dot and a column's min..max (the light theme's blue was dim on a dark lane).
 */
public record TimelineStyle(int backgroundArgb, int laneArgb, int laneAltArgb, int labelColumnArgb,
                            int separatorArgb, int gridArgb, int textArgb, int mutedTextArgb,
                            int preemptionArgb, int lockHolderPreemptionArgb, int lockHandoffArgb,
                            int schedulerTickArgb, int groupHeaderArgb, int cursorArgb, int inkArgb, int sleepingArgb,
                            int counterLineArgb, int counterFillArgb,
                            double labelFontPx, double axisFontPx, double sliceFontPx, double smallFontPx,
                            double secondLineFontPx) {

    public static final TimelineStyle LIGHT = new TimelineStyle(
            Argb.hex("#FFFFFF"), Argb.hex("#F6F8FA"), Argb.hex("#EEF1F4"), Argb.hex("#F6F8FA"),
            Argb.hex("#D0D7DE"), Argb.argb(255, 0xD8, 0xDE, 0xE4), Argb.hex("#1F2328"), Argb.hex("#656D76"),
            Argb.hex("#24292F"), Argb.hex("#CF222E"), Argb.hex("#9A6700"), Argb.hex("#1B7C83"),
            Argb.hex("#EAEEF2"), StateColors.CURSOR, StateColors.WRITE_HOLD, StateColors.SLEEPING,
            StateColors.COUNTER_LINE, StateColors.COUNTER_FILL,
            12, 11, 11, 10, 10);

    /**
     * The screen's colors under View > Dark theme, matched to AtlantaFX Primer Dark: near-black
     * lanes, light text, and marks lightened until they stand out of the lanes as the light
     * theme's do (ink turns to near-white; the lock marks to Primer Dark's red and amber, at least
     * 3:1 against a lane, text at least 4.5:1). Task and state colors stay: they sit in the middle
     * of the lightness range and read on either. Pictures never use it ({@link #PICTURE} is light:
     * a picture is read on a white mail client or printed).
     */
    public static final TimelineStyle DARK = new TimelineStyle(
            Argb.hex("#0D1117"), Argb.hex("#161B22"), Argb.hex("#1C2128"), Argb.hex("#161B22"),
            Argb.hex("#3D444D"), Argb.hex("#262C36"), Argb.hex("#E6EDF3"), Argb.hex("#9198A1"),
            Argb.hex("#F0F6FC"), Argb.hex("#FF7B72"), Argb.hex("#E3B341"), Argb.hex("#56D4DD"),
            Argb.hex("#21262D"), Argb.argb(170, 0xE6, 0xED, 0xF3), Argb.hex("#E6EDF3"), Argb.hex("#484F58"),
            Argb.hex("#4493F8"), Argb.argb(70, 0x44, 0x93, 0xF8),
            12, 11, 11, 10, 10);

    /**
     * An exported picture's: the screen's colors, its text no smaller than the caption's (see
     * {@link Figure}). A picture pasted into a mailing-list reply is often shown at half its
     * width: the screen's 10 px CPU names and 11 px ticks and legend became unreadable there,
     * while the caption under them still read. The lanes keep the screen's heights (a picture
     * shows the lanes the view had), so a 12 px CPU lane, one pixel apart, gets 12 px digits.
     * A label's second line is as large as its name: in grey at 12 px a lock's "spin \u22642
     * sleep \u226450" under its 13 px name could not be read at 100 % in a mail client.
     */
    public static final TimelineStyle PICTURE = LIGHT.withFonts(13, 12, 12, 12, 13);

    /** A task lane's color for {@code state}: {@link StateColors#task}, sleeping in this style's grey. */
    public int taskStateArgb(org.schedlab.model.TaskState state) {
        return state == org.schedlab.model.TaskState.SLEEPING ? sleepingArgb : StateColors.task(state);
    }

    /** These colors with other text sizes. */
    public TimelineStyle withFonts(double label, double axis, double slice, double small, double secondLine) {
        return new TimelineStyle(backgroundArgb, laneArgb, laneAltArgb, labelColumnArgb, separatorArgb, gridArgb,
                textArgb, mutedTextArgb, preemptionArgb, lockHolderPreemptionArgb, lockHandoffArgb, schedulerTickArgb,
                groupHeaderArgb, cursorArgb, inkArgb, sleepingArgb, counterLineArgb, counterFillArgb, label, axis, slice, small, secondLine);
    }
}
