/**
 * Drawing a Dataset without JavaFX: the small {@link org.schedlab.render.DrawSurface} interface
 * every renderer paints through, its Java2D backend (PNG, headless) and a recording backend for
 * tests, plus the timeline renderer with its layout, time axis, palette and level-of-detail
 * folding. The JavaFX canvas backend lives in {@code ui}; nothing here imports JavaFX.
 */
package org.schedlab.render;
