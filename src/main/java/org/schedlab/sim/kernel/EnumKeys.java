package org.schedlab.sim.kernel;

import java.util.Locale;
import java.util.Optional;

/** The parameter value of a kernel enum constant (its name in lower case), and the way back. */
final class EnumKeys {
    private EnumKeys() {
    }

    static String key(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E>> Optional<E> of(Class<E> type, String key) {
        for (E e : type.getEnumConstants()) {
            if (key(e).equals(key)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
