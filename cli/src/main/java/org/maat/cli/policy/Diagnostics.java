package org.maat.cli.policy;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.maat.policy.lang.PolicyProblem;
import org.maat.policy.lang.PolicySyntaxError;

/** The command line's error lines: {@code FILE:LINE:COL: message} and plain words for I/O failures. */
final class Diagnostics {

    private Diagnostics() {
    }

    /** {@code SOURCE:LINE:COL: unexpected ..., expected ...}. */
    static String at(String source, PolicySyntaxError e) {
        return source + ":" + e.line() + ":" + e.column() + ": " + e.reason();
    }

    /** {@code SOURCE:LINE:COL: message}; a problem without a position is put at 1:1. */
    static String at(String source, PolicyProblem p) {
        return source + ":" + (p.position() == null ? "1:1" : p.position()) + ": " + p.message();
    }

    /** {@code FILE: cannot ACTION: reason}, e.g. {@code x.policy: cannot read: no such file or directory}. */
    static String io(Path file, String action, IOException e) {
        return file + ": cannot " + action + ": " + reason(e);
    }

    /** File-system exceptions' messages are often just the path; say what went wrong instead. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage();
    }
}
