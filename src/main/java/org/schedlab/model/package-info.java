/**
 * The Dataset: the one immutable, columnar picture of a run that every view draws,
 * every reader produces and every writer writes. Nothing here knows where the data
 * came from (simulator or recording) and nothing here uses any other SchedLab package.
 */
package org.schedlab.model;
