package org.schedlab.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.schedlab.model.Dataset;

class DatasetJsonRoundTripTest {

    @Provide
    Arbitrary<Dataset> datasets() {
        return DatasetArbitraries.datasets();
    }

    @Property(tries = 300)
    void anyValidDatasetSurvivesWriteThenRead(@ForAll("datasets") Dataset d) throws Exception {
        byte[] json = DatasetJsonTest.toJson(d);
        Dataset back = DatasetJson.read(new ByteArrayInputStream(json), "prop.json");
        assertEquals(d, back);
        assertEquals(d.metadata().seed(), back.metadata().seed());
        assertEquals(d.startNs(), back.startNs());
        assertEquals(d.endNs(), back.endNs());
        // Writing what was read gives the same bytes: the format has one spelling per dataset.
        assertArrayEquals(json, DatasetJsonTest.toJson(back));
    }

    @Property(tries = 50)
    void gzippedDatasetReadsTheSame(@ForAll("datasets") Dataset d) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            DatasetJson.write(d, gz);
        }
        assertEquals(d, DatasetJson.read(new ByteArrayInputStream(out.toByteArray()), "prop.json.gz"));
    }
}
