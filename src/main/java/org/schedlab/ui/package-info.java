/**
 * The JavaFX workbench: the application shell (menus, toolbar, status bar), the timeline view
 * with its canvas backend of the drawing interface and its input handling, the summary panels
 * beside it, and the view models that hold the state those views bind to (window, rows,
 * selection, search, bookmarks, summaries). View models touch no controls, so they are tested
 * without a window; heavy work (loading files, preparing datasets, folding dear frames,
 * summaries) runs through a {@link org.schedlab.ui.TaskExecutor}, the newest request cancelling
 * the older one.
 */
package org.schedlab.ui;
