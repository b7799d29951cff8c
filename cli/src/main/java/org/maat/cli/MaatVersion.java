package org.maat.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, or "development" when run from classes. */
public final class MaatVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String v = MaatVersion.class.getPackage().getImplementationVersion();
        return new String[] {"maat " + (v == null ? "development" : v)};
    }
}
