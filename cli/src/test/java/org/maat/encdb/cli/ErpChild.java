package org.maat.encdb.cli;

import picocli.CommandLine;

/** {@code maat erp ...} as its own JVM, for tests that kill it. */
public final class ErpChild {

    private ErpChild() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ErpCommand()).execute(args));
    }
}
