/**
 * Workspaces: what the user had open - the files in the Dataset tab with their bookmarks and
 * view window, the simulated runs (scenario, parameters, seed) of the Live and A/B tabs, the
 * colour mode and the tab on show - as a small versioned JSON file
 * ({@code "schedlabWorkspace": 1}). {@link org.schedlab.workspace.WorkspaceFile} reads it with
 * messages naming file, line and what was expected, and saves it atomically so a crash during a
 * save never loses the previous file. No JavaFX here: the workbench turns a {@link
 * org.schedlab.workspace.Workspace} into open tabs and back.
 */
package org.schedlab.workspace;
