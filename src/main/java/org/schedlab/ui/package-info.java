/**
 * The JavaFX workbench: the application shell (menus, toolbar, status bar), the timeline view
 * with its canvas backend of the drawing interface, and the view models that hold the state
 * those views bind to. View models touch no controls, so they are tested without a window;
 * heavy work (loading files) runs through a {@link org.schedlab.ui.TaskExecutor}.
 */
package org.schedlab.ui;
