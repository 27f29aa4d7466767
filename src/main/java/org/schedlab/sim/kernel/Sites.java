package org.schedlab.sim.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The sites of one simulation, interned by name. Sites the kernel itself charges come first. */
public final class Sites {
    private final List<Site> byId = new ArrayList<>();
    private final Map<String, Site> byName = new HashMap<>();

    /** Context-switch cost ({@code ctxSwitchUs}) is charged here, in kernel state. */
    public final Site schedule = site("schedule");

    public Site site(String name) {
        Site s = byName.get(name);
        if (s == null) {
            s = new Site(byId.size(), name);
            byId.add(s);
            byName.put(name, s);
        }
        return s;
    }

    public int size() {
        return byId.size();
    }

    public Site get(int id) {
        return byId.get(id);
    }
}
