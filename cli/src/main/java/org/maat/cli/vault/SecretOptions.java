package org.maat.cli.vault;

import picocli.CommandLine.Option;

/** {@code --collection} and {@code --name}: which secret a vault command stores or reads. */
public final class SecretOptions {

    @Option(names = "--collection", required = true, paramLabel = "NAME", description = "The collection, e.g. erp.")
    String collection;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The secret's name, e.g. master.")
    String name;

    public String collection() {
        return collection;
    }

    public String name() {
        return name;
    }
}
