package org.schedlab.render;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The picture formats a view exports to, chosen by the output file's extension. */
public enum ExportFormat {
    /** A raster image, at 1x or 2x. */
    PNG("png"),
    /** A vector figure for papers and slides (JFreeSVG). */
    SVG("svg");

    private final String extension;

    ExportFormat(String extension) {
        this.extension = extension;
    }

    /** The extension without the dot, lower case. */
    public String extension() {
        return extension;
    }

    /** The format a file name asks for ({@code .png} or {@code .svg}, any case), if it is one of ours. */
    public static Optional<ExportFormat> ofFile(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        String n = name.toString().toLowerCase(Locale.ROOT);
        for (ExportFormat f : values()) {
            if (n.endsWith("." + f.extension)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
