package org.schedlab.io.read;

import java.util.List;

/** The readers SchedLab ships, in probe order. */
final class Readers {
    private Readers() {
    }

    static List<RecordingReader> all() {
        return List.of(new SchedTraceReader(), new PerfTimehistReader(), new PgbenchReader(), new PerfStatReader(), new PgbenchLogReader(), new NetCountersReader(), new RunqlatReader(), new LockTableReader(), new YcsbReader(), new WiresharkCsvReader(), new ChromeTraceReader(),
                new VmstatReader(), new MpstatReader(), new SarReader());
    }
}
