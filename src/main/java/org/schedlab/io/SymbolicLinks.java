package org.schedlab.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Why a path that does not lead to a file fails, when a symbolic link is the reason: a loop of
 * links (a -> b -> a), which the system reports as "too many levels of symbolic links" and a
 * plain exists-check as missing, or a link to a file that is not there. Said as the user can act on
 * it, not as "no such file" for a name that {@code ls} shows.
 */
public final class SymbolicLinks {
    /** How many links the kernel follows before it gives up (MAXSYMLINKS, ELOOP). */
    static final int MAX_HOPS = 40;

    private SymbolicLinks() {
    }

    /**
     * "is a symbolic link loop (a -> b -> a)" when {@code p}, or a directory on its way, is a link
     * that never reaches anything but links; empty otherwise.
     */
    public static Optional<String> loop(Path p) {
        Path abs = p.toAbsolutePath();
        Optional<String> own = chainLoop(abs);
        if (own.isPresent()) {
            return Optional.of("is a symbolic link loop (" + own.get() + ")");
        }
        for (Path dir = abs.getParent(); dir != null; dir = dir.getParent()) {
            Optional<String> d = chainLoop(dir);
            if (d.isPresent()) {
                return Optional.of("directory " + dir + " on its way is a symbolic link loop (" + d.get() + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code p} cannot be opened although the user named it: a link loop, a link to a file that
     * does not exist ("is a symbolic link to /data/x.txt, which does not exist"), else "no such file".
     */
    public static String whyMissing(Path p) {
        return linkProblem(p).orElse("no such file");
    }

    /** A link loop or a link to a file that does not exist, as {@link #whyMissing} says it; empty otherwise. */
    public static Optional<String> linkProblem(Path p) {
        Optional<String> loop = loop(p);
        if (loop.isPresent()) {
            return loop;
        }
        Path abs = p.toAbsolutePath();
        if (Files.isSymbolicLink(abs)) {
            Path end = abs;
            try {
                for (int hops = 0; hops < MAX_HOPS && Files.isSymbolicLink(end); hops++) {
                    end = follow(end);
                }
            } catch (IOException e) {
                return Optional.empty();
            }
            if (!Files.exists(end, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of("is a symbolic link to " + end + ", which does not exist");
            }
        }
        return Optional.empty();
    }

    /** The links from {@code start} on, as "a -> b -> a", when they come back to one already passed. */
    private static Optional<String> chainLoop(Path start) {
        if (!Files.isSymbolicLink(start)) {
            return Optional.empty();
        }
        Set<Path> seen = new HashSet<>();
        List<String> names = new ArrayList<>();
        Path cur = start;
        try {
            while (Files.isSymbolicLink(cur)) {
                if (names.size() < 4) {
                    names.add(cur.toString());
                } else if (names.size() == 4) {
                    names.add("...");
                }
                if (!seen.add(cur.normalize()) || seen.size() > MAX_HOPS) {
                    return Optional.of(String.join(" -> ", names));
                }
                cur = follow(cur);
            }
        } catch (IOException e) {
            return Optional.empty(); // an unreadable link: the read that follows says so
        }
        return Optional.empty();
    }

    private static Path follow(Path link) throws IOException {
        Path target = Files.readSymbolicLink(link);
        return link.getParent() == null ? target.toAbsolutePath() : link.getParent().resolve(target);
    }
}
