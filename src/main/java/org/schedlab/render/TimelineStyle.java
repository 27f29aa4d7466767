package org.schedlab.render;

/**
 * The timeline's non-data colors and text sizes, matched to the workbench's light theme
 * (AtlantaFX Primer Light) so the canvas and the controls around it look like one window.
 */
public record TimelineStyle(int backgroundArgb, int laneArgb, int laneAltArgb, int labelColumnArgb,
                            int separatorArgb, int gridArgb, int textArgb, int mutedTextArgb,
                            int preemptionArgb, int lockHolderPreemptionArgb, int lockHandoffArgb,
                            double labelFontPx, double axisFontPx, double sliceFontPx) {

    public static final TimelineStyle LIGHT = new TimelineStyle(
            Argb.hex("#FFFFFF"), Argb.hex("#F6F8FA"), Argb.hex("#EEF1F4"), Argb.hex("#F6F8FA"),
            Argb.hex("#D0D7DE"), Argb.argb(255, 0xD8, 0xDE, 0xE4), Argb.hex("#1F2328"), Argb.hex("#656D76"),
            Argb.hex("#24292F"), Argb.hex("#CF222E"), Argb.hex("#9A6700"),
            12, 11, 11);
}
