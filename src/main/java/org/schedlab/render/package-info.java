/**
 * Drawing a Dataset without JavaFX: the small {@link org.schedlab.render.DrawSurface} interface
 * every renderer paints through, its Java2D backend (PNG, headless) and a recording backend for
 * tests, plus the timeline: its layout of rows (CPU, task, lock and counter lanes under group
 * headers), the aggregation of a window into pixel columns (with a level-of-detail pyramid for
 * zoomed-out frames), the per-track painters, the raster path for dense lanes, overlays, the
 * legend and hit testing; and exported figures ({@link org.schedlab.render.Figure}: stacked
 * timelines, an optional table and a caption strip) written as PNG or SVG by
 * {@link org.schedlab.render.FigureWriter}. The JavaFX canvas backend lives in {@code ui}; nothing here imports
 * JavaFX.
 */
package org.schedlab.render;
