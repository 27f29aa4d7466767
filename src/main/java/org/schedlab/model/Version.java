package org.schedlab.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** SchedLab's version, filled in from the build (schedlab-version.properties). */
public final class Version {
    private static final String VERSION = load();

    private Version() {
    }

    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("/schedlab-version.properties")) {
            if (in == null) {
                return "dev";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            throw new UncheckedIOException("reading schedlab-version.properties", e);
        }
    }
}
