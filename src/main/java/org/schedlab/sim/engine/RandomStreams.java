package org.schedlab.sim.engine;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Seeded random streams, one per named entity ("task postgres-17", "steal cpu 3"). A stream's
 * seed is derived from (run seed, entity name) only, so adding a task or a lock never changes
 * another entity's stream, and the same name gives the same numbers on any machine.
 */
public final class RandomStreams {
    /** The named algorithm every stream uses (part of the determinism contract). */
    public static final String ALGORITHM = "L64X128MixRandom";

    private static final RandomGeneratorFactory<RandomGenerator> FACTORY = RandomGeneratorFactory.of(ALGORITHM);

    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    public RandomGenerator stream(String entity) {
        return FACTORY.create(seedFor(seed, entity));
    }

    /** FNV-1a over the name's UTF-8 bytes, mixed with the run seed by a SplitMix64 finalizer. */
    static long seedFor(long seed, String entity) {
        long h = 0xcbf29ce484222325L;
        for (byte b : entity.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return mix(seed ^ mix(h));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
