package org.schedlab.io;

import java.util.List;

/**
 * How the codes of one column (slice state, task state, wait mode, mark kind) in a file map to
 * the model's codes. A file's {@code "stateCodes"} legend names each code by label, so a file
 * stays readable even if the model's numbering ever changed; without a legend the model's own
 * codes are assumed.
 */
final class CodeTable {
    private final String what;
    private final byte[] toModel;
    private final List<String> labels;

    /** {@code toModel[i]} is the model code of file code i, named {@code labels.get(i)}. */
    CodeTable(String what, byte[] toModel, List<String> labels) {
        this.what = what;
        this.toModel = toModel;
        this.labels = labels;
    }

    /** The model's own numbering: code i is the enum constant with code i. */
    static CodeTable identity(String what, List<String> modelLabels) {
        byte[] map = new byte[modelLabels.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = (byte) i;
        }
        return new CodeTable(what, map, List.copyOf(modelLabels));
    }

    String what() {
        return what;
    }

    boolean isKnown(long fileCode) {
        return fileCode >= 0 && fileCode < toModel.length;
    }

    byte toModel(int fileCode) {
        return toModel[fileCode];
    }

    String describe() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < labels.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(i).append('=').append(labels.get(i));
        }
        return sb.toString();
    }
}
