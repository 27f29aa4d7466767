package org.schedlab.sim.summary;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The summary's JSON form (field names per SIMULATOR.md). */
public final class SummaryJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String write(RunSummary s) {
        try {
            return MAPPER.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("summary is not serializable", e);
        }
    }

    public static JsonNode tree(RunSummary s) {
        return MAPPER.valueToTree(s);
    }
}
