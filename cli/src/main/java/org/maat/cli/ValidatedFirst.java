package org.maat.cli;

/**
 * A command that writes (a directory, a database, a key, a receipt...): {@link #validate()} checks every setting that
 * can be checked without writing (paths that must or must not exist, numbers in range, names that must be known,
 * flags that exclude each other, key specs), and {@link Main#commandLine()} runs it before the command's
 * {@code call()}, so that a bad setting is refused before anything is written, whatever order {@code call()} does
 * its work in. What only the work itself can refute (a corpus smaller than {@code --blacklist}, a database that turns
 * out damaged) is the command's own to undo: such commands write aside and rename ({@code generate}) or publish in one
 * step ({@code index}).
 */
public interface ValidatedFirst {

    /**
     * Checks the settings; writes nothing. Throws a {@link picocli.CommandLine.ParameterException} for bad usage, or
     * any other exception (reported as one line, exit 2).
     */
    void validate() throws Exception;
}
