package org.schedlab.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad workspace files: one line naming the file, the line, and what was expected. */
class WorkspaceFormatTest {
    @TempDir
    Path dir;

    private WorkspaceFormatException fails(String content) throws Exception {
        Path f = dir.resolve("bad.schedlab");
        Files.writeString(f, content);
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class, () -> WorkspaceFile.read(f));
        assertTrue(e.getMessage().startsWith(f.toAbsolutePath() + ":" + e.line() + ":"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        return e;
    }

    @Test
    void aDatasetOrOtherJsonIsNotMistakenForAWorkspace() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlab\": 1,\n  \"cpus\": []\n}\n");
        assertTrue(e.detail().contains("not a SchedLab workspace"), e.detail());
        assertTrue(e.detail().contains("\"schedlabWorkspace\": 1"), e.detail());
    }

    @Test
    void textThatIsNotJsonNamesTheLine() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"tab\": live\n}\n");
        assertEquals(3, e.line());
        assertTrue(e.detail().startsWith("not valid JSON"), e.detail());
    }

    @Test
    void anArrayAtTheTopSaysAWorkspaceWasExpected() throws Exception {
        WorkspaceFormatException e = fails("[1, 2]");
        assertEquals(1, e.line());
        assertTrue(e.detail().contains("expected a SchedLab workspace"), e.detail());
        assertTrue(e.detail().contains("found an array"), e.detail());
    }

    @Test
    void aNewerFormatSaysWhichVersionThisOneOpens() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"layout\": {\"x\": 1},\n  \"schedlabWorkspace\": 2\n}\n");
        assertEquals(3, e.line());
        assertTrue(e.detail().contains("format 2 was written by a newer SchedLab"), e.detail());
        assertTrue(e.detail().contains("opens format 1"), e.detail());
    }

    @Test
    void aVersionNumberBeyondALongIsANewerFormatNotInvalidJson() throws Exception {
        // was "not valid JSON (Numeric value (...) out of range of long ...)" about valid JSON
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 100000000000000000000\n}\n");
        assertEquals(2, e.line());
        assertEquals("workspace format 100000000000000000000 was written by a newer SchedLab; this version opens"
                + " format 1", e.detail());
    }

    @Test
    void aTaskLaneThatIsNotATaskNameSaysWhatWasExpected() throws Exception {
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1, \"dataset\": {\"example\": \"x\",\n"
                + "  \"taskLanes\": [\"java[7329]\", 7]}}\n");
        assertEquals(2, e.line());
        assertEquals("expected a task (a string \"comm[tid]\") in \"taskLanes\", found number 7", e.detail());
    }

    @Test
    void handEditedBookmarksOutOfOrderAreReadInTimeOrder() throws Exception {
        // the timeline keeps its bookmarks in time order (a new one is inserted by time, the
        // earlier note wins where two would cover each other); a hand edit need not
        Path f = dir.resolve("edited.schedlab");
        Files.writeString(f, "{\"schedlabWorkspace\": 1, \"live\": {\"scenario\": \"x\", \"seed\": 1,"
                + " \"bookmarks\": [{\"tNs\": 30, \"note\": \"c\"}, {\"tNs\": 10, \"note\": \"a\"},"
                + " {\"tNs\": 30, \"note\": \"d\"}, {\"tNs\": 20, \"note\": \"b\"}]}}");
        assertEquals(List.of(new org.schedlab.render.Bookmark(10, "a"), new org.schedlab.render.Bookmark(20, "b"),
                new org.schedlab.render.Bookmark(30, "c"), new org.schedlab.render.Bookmark(30, "d")),
                WorkspaceFile.read(f).live().orElseThrow().bookmarks());
    }

    @Test
    void anUnknownFieldIsNamedWithTheFieldsThatAreExpectedThere() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"live\": {\n    \"scenario\": \"x\",\n"
                + "    \"sead\": 3\n  }\n}\n");
        assertEquals(5, e.line());
        assertTrue(e.detail().contains("unknown field \"sead\" in \"live\""), e.detail());
        assertTrue(e.detail().contains("scenario, parameters, seed, view"), e.detail());
    }

    @Test
    void aWrongTypeSaysWhatTypeWasExpected() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"ab\": {\n    \"scenario\": \"s\",\n"
                + "    \"seedsPerSide\": \"three\"\n  }\n}\n");
        assertEquals(5, e.line());
        assertTrue(e.detail().contains("expected an integer for \"seedsPerSide\", found string \"three\""),
                e.detail());
        WorkspaceFormatException linked = fails("{\n  \"schedlabWorkspace\": 1,\n  \"ab\": {\n    \"scenario\": \"s\",\n"
                + "    \"lanesLinked\": \"no\"\n  }\n}\n");
        assertEquals(5, linked.line());
        assertTrue(linked.detail().contains("expected true or false for \"lanesLinked\", found string \"no\""),
                linked.detail());
    }

    @Test
    void aMissingRequiredFieldPointsAtItsObject() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"live\": {\n    \"scenario\": \"x\"\n"
                + "  }\n}\n");
        assertEquals(3, e.line());
        assertTrue(e.detail().contains("expected a field \"seed\" in \"live\""), e.detail());
    }

    @Test
    void aSidesDataMustNameFilesOrAnExample() throws Exception {
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1, \"ab\": {\"scenario\": \"s\",\n"
                + " \"a\": {\"seed\": 1, \"data\": {}}, \"b\": {\"seed\": 2}}}");
        assertEquals(2, e.line());
        assertTrue(e.detail().contains("expected \"data\" of side \"a\" to name either \"files\" (at least one)"
                + " or an \"example\""), e.detail());
        WorkspaceFormatException typo = fails("{\"schedlabWorkspace\": 1, \"ab\": {\"scenario\": \"s\",\n"
                + " \"a\": {\"seed\": 1, \"data\": {\"file\": [\"x.txt\"]}}, \"b\": {\"seed\": 2}}}");
        assertTrue(typo.detail().contains("unknown field \"file\" in \"data\" of side \"a\" (expected one of:"
                + " files, example)"), typo.detail());
    }

    @Test
    void aBackwardsViewWindowIsRejected() throws Exception {
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1, \"dataset\": {\"example\": \"e.json\",\n"
                + " \"view\": {\"startNs\": 50, \"endNs\": 10}}}");
        assertEquals(2, e.line());
        assertTrue(e.detail().contains("\"endNs\" after \"startNs\""), e.detail());
    }

    @Test
    void anUnknownTabOrColourModeListsTheChoices() throws Exception {
        assertTrue(fails("{\"schedlabWorkspace\": 1, \"tab\": \"timeline\"}").detail()
                .contains("dataset, ab, live or sweep"));
        assertTrue(fails("{\"schedlabWorkspace\": 1, \"colorMode\": \"rainbow\"}").detail()
                .contains("\"task\" or \"state\""));
    }

    @Test
    void aTruncatedFileIsReportedNotThrownAsSomethingElse() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"dataset\": {\"files\": [\"a.txt\"");
        assertTrue(e.detail().startsWith("not valid JSON"), e.detail());
    }

    @Test
    void aFieldGivenTwiceIsAnErrorNotALastOneWins() throws Exception {
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n"
                + "  \"live\": {\"scenario\": \"x\", \"seed\": 1,\n    \"seed\": 2}\n}\n");
        assertEquals(4, e.line());
        assertTrue(e.detail().contains("Duplicate field 'seed'"), e.detail());
    }

    @Test
    void jacksonsAdviceToProgrammersAndReadLimitsBecomeAPositionAndWhatWasExpected() throws Exception {
        // NaN said "enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS`"; 1200 nested arrays said
        // "from `StreamReadConstraints.getMaxNestingDepth()`" at 1:1
        WorkspaceFormatException nan = fails("{\n  \"schedlabWorkspace\": 1,\n  \"live\": {\"seed\": NaN}\n}\n");
        assertEquals(3, nan.line());
        assertTrue(!nan.detail().contains("`") && !nan.detail().contains("JsonReadFeature"), nan.detail());
        WorkspaceFormatException deep = fails("{\n  \"schedlabWorkspace\": 1,\n  \"x\": " + "[".repeat(1200)
                + "]".repeat(1200) + "\n}\n");
        assertEquals(3, deep.line());
        assertTrue(!deep.detail().contains("`") && !deep.detail().contains("StreamReadConstraints"), deep.detail());
        assertTrue(deep.detail().contains("expected"), deep.detail());
    }

    @Test
    void contentAfterTheWorkspaceObjectIsAnErrorNotIgnored() throws Exception {
        // two saves run together, or a workspace with junk appended, opened as its first half
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1, \"tab\": \"ab\"}\n{\"tab\": \"live\"}\n");
        assertEquals(2, e.line());
        assertTrue(e.detail().contains("expected the end of the file after the workspace"), e.detail());
    }

    @Test
    void anIntegerBeyondALongSaysWhatRangeWasExpected() throws Exception {
        // was "not valid JSON (Numeric value (...) out of range of long ...)": the JSON is valid
        WorkspaceFormatException e = fails("{\n  \"schedlabWorkspace\": 1,\n  \"live\": {\"scenario\": \"x\","
                + " \"seed\": 100000000000000000000}\n}\n");
        assertEquals(3, e.line());
        assertEquals("expected an integer for \"seed\" between -9223372036854775808 and 9223372036854775807, found"
                + " number 100000000000000000000", e.detail());
    }

    @Test
    void thePanelsAndTheScenarioTextRoundTripAndAnOlderFileHasNeither() throws Exception {
        Workspace w = Workspace.empty()
                .withPanels(new Workspace.Panels(java.util.Map.of("datasetSide", "locks"),
                        java.util.Map.of("liveUnusedParameters", true, "abUnusedParameters", false)))
                .withLive(java.util.Optional.of(new Workspace.SimRun("teach-fair-share", java.util.Map.of(), 3,
                        java.util.Optional.empty(), List.of(), java.util.Optional.of(java.util.Map.of("hz", "250")),
                        java.util.Optional.of(java.util.Map.of("description", "0123456789abcdef")))));
        Path f = dir.resolve("study.schedlab");
        WorkspaceFile.save(f, w, "SchedLab test");
        String json = Files.readString(f);
        assertTrue(json.contains("\"abUnusedParameters\" : \"folded\"") && json.contains("\"liveUnusedParameters\" : \"open\"")
                && json.contains("\"datasetSide\" : \"locks\""), json);
        assertEquals(w, WorkspaceFile.read(f));

        Files.writeString(f, "{\"schedlabWorkspace\": 1, \"tab\": \"live\", \"colorMode\": \"task\",\n"
                + " \"live\": {\"scenario\": \"teach-fair-share\", \"seed\": 3, \"scenarioValues\": {\"hz\": \"250\"}}}\n");
        Workspace older = WorkspaceFile.read(f);
        assertEquals(Workspace.Panels.NONE, older.panels());
        assertEquals(java.util.Optional.empty(), older.live().orElseThrow().scenarioText());
    }

    @Test
    void aGroupThatIsNeitherOpenNorFoldedSaysWhatWasExpected() throws Exception {
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1,\n \"panels\": {\"groups\": {\"x\": true}}}\n");
        assertEquals(2, e.line());
        assertEquals("expected \"open\" or \"folded\" for \"x\" in \"groups\", found true", e.detail());
        e = fails("{\"schedlabWorkspace\": 1,\n \"panels\": {\"groups\": {\"x\": \"shut\"}}}\n");
        assertEquals("expected \"open\" or \"folded\" for group \"x\", found \"shut\"", e.detail());
    }
    @Test
    void dividerPositionsRoundTripAndAnOlderFileHasNone() throws Exception {
        Workspace w = Workspace.empty().withPanels(new Workspace.Panels(java.util.Map.of("abTables", "tcp"), java.util.Map.of(),
                java.util.Map.of("ab", List.of(0.25, 0.5), "dataset", List.of(0.8125)), List.of()));
        Path f = dir.resolve("study.schedlab");
        WorkspaceFile.save(f, w, "SchedLab test");
        String json = Files.readString(f);
        assertTrue(json.contains("\"dividers\" : {") && json.contains("\"ab\" : [ 0.25, 0.5 ]")
                && json.contains("\"dataset\" : [ 0.8125 ]") && json.contains("\"abTables\" : \"tcp\""), json);
        assertEquals(w, WorkspaceFile.read(f));

        // a long fraction from a dragged divider is kept to a ten-thousandth
        Workspace dragged = Workspace.empty().withPanels(new Workspace.Panels(java.util.Map.of(), java.util.Map.of(),
                java.util.Map.of("dataset", List.of(0.712345678)), List.of()));
        WorkspaceFile.save(f, dragged, "SchedLab test");
        assertTrue(Files.readString(f).contains("\"dataset\" : [ 0.7123 ]"), Files.readString(f));

        Files.writeString(f, "{\"schedlabWorkspace\": 1, \"panels\": {\"tabs\": {\"datasetSide\": \"cpu\"}}}\n");
        assertEquals(java.util.Map.of(), WorkspaceFile.read(f).panels().dividers());
    }

    @Test
    void aDividerOutsideZeroToOneIsClampedWithANoteNamingTheLine() throws Exception {
        Path f = dir.resolve("hand.schedlab");
        Files.writeString(f, "{\"schedlabWorkspace\": 1,\n \"panels\": {\"dividers\": {\n  \"ab\": [-0.2, 0.5],\n"
                + "  \"dataset\": [1.7]}}}\n");
        Workspace.Panels p = WorkspaceFile.read(f).panels();
        assertEquals(List.of(0.0, 0.5), p.dividers().get("ab"));
        assertEquals(List.of(1.0), p.dividers().get("dataset"));
        String at = f.toAbsolutePath().toString();
        assertEquals(List.of(at + ":3:10: divider position -0.2 in \"ab\" of \"dividers\" is outside 0..1; using 0",
                at + ":4:15: divider position 1.7 in \"dataset\" of \"dividers\" is outside 0..1; using 1"), p.notes());
    }

    @Test
    void aDividerThatIsNotANumberSaysWhatWasExpected() throws Exception {
        WorkspaceFormatException e = fails("{\"schedlabWorkspace\": 1,\n \"panels\": {\"dividers\": {\"ab\": [\"half\"]}}}\n");
        assertEquals(2, e.line());
        assertEquals("expected a divider position (a number from 0 to 1) in \"ab\" of \"dividers\", found string \"half\"",
                e.detail());
        e = fails("{\"schedlabWorkspace\": 1,\n \"panels\": {\"dividers\": {\"ab\": 0.5}}}\n");
        assertEquals("expected an array of divider positions (numbers from 0 to 1) for \"ab\" in \"dividers\", found"
                + " number 0.5", e.detail());
    }
}
