/**
 * The {@code schedlab} command line (picocli): one {@code Callable<Integer>} per verb of
 * CLI.md, registered in {@link org.schedlab.cli.SchedLabCli}. User mistakes become a
 * {@link org.schedlab.cli.UserInputException}: one line on stderr, exit 2. Never loads JavaFX.
 */
package org.schedlab.cli;
