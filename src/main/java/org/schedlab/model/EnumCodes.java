package org.schedlab.model;

import java.util.Optional;
import java.util.function.Function;

/**
 * Lookups shared by the model's small enums whose byte code and label are stored in datasets
 * and files (SliceState, TaskState, WaitMode, MarkKind): code = index in {@code values()},
 * label = the lower-case word written to files.
 */
final class EnumCodes {
    private EnumCodes() {
    }

    /** The constant with {@code code}, or an error naming {@code what} and the bad code. */
    static <E extends Enum<E>> E ofCode(E[] byCode, byte code, String what) {
        if (code < 0 || code >= byCode.length) {
            throw new IllegalArgumentException("unknown " + what + " code " + code);
        }
        return byCode[code];
    }

    /** The constant whose label is {@code label}; empty if none. */
    static <E extends Enum<E>> Optional<E> ofLabel(E[] all, Function<E, String> labelOf, String label) {
        for (E e : all) {
            if (labelOf.apply(e).equals(label)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
