package org.maat.atrest.lucene;

import java.io.IOException;
import java.util.function.Function;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * Creates files the way core's PolicyDirectory does on top of an {@link AtRestDirectory}: each with a minimum
 * cipher (here a function of its name, standing in for a task's taint), and checks that the directory honours
 * it: the cipher the output reports is at least the minimum.
 */
final class RequiringDirectory extends FilterDirectory {

    private final AtRestDirectory encrypted;
    private final Function<String, AtRestCipher> minimum;

    RequiringDirectory(AtRestDirectory in, Function<String, AtRestCipher> minimum) {
        super(in);
        this.encrypted = in;
        this.minimum = minimum;
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
        AtRestCipher atLeast = minimum.apply(name);
        return checked(encrypted.createOutput(name, context, atLeast), atLeast);
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        AtRestCipher atLeast = minimum.apply(prefix);
        return checked(encrypted.createTempOutput(prefix, suffix, context, atLeast), atLeast);
    }

    private static AtRestIndexOutput checked(AtRestIndexOutput out, AtRestCipher atLeast) throws IOException {
        if (atLeast != null && out.cipher().strength() < atLeast.strength()) {
            out.close();
            throw new AssertionError(out + " reports " + out.cipher().name() + ", weaker than the required "
                    + atLeast.name());
        }
        return out;
    }
}
