package org.maat.cli.options;

import java.util.Iterator;
import org.maat.keys.KeySources;
import picocli.CommandLine.Option;

/**
 * {@code --key-source SPEC} of the ERP commands that build or open an encrypted database: where its master
 * key lies when not in {@code DIR/maat.key}, so that the database directory can hold no key at all.
 */
public final class KeySourceOption {

    /**
     * The specs {@link KeySources} understands on this class path (a provider such as the vault's adds its
     * own), shown in the help through picocli's {@code ${COMPLETION-CANDIDATES}}.
     */
    public static final class Specs implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return KeySources.usageList().iterator();
        }
    }

    @Option(names = "--key-source", paramLabel = "SPEC", completionCandidates = Specs.class,
            description = {"Where the encrypted database's master key lies, outside DIR: ${COMPLETION-CANDIDATES} "
                    + "(default: DIR/maat.key). A database built with a key source holds no key and opens only "
                    + "with the same one; a key file that does not exist is created only when a database is built."})
    String spec;

    /** The key source spec, or null for the database's own {@code DIR/maat.key}. */
    public String spec() {
        return spec;
    }
}
