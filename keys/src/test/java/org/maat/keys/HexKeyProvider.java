package org.maat.keys;

import java.util.HexFormat;

/**
 * A provider registered only on the test class path ({@code META-INF/services}), so that {@link KeySources}
 * is seen to dispatch a scheme it does not know itself through {@link java.util.ServiceLoader}: {@code hex:}
 * followed by the key's 64 hex digits.
 */
public final class HexKeyProvider implements KeySourceProvider {

    @Override
    public String scheme() {
        return "hex";
    }

    @Override
    public String usage() {
        return "hex:64_HEX_DIGITS";
    }

    @Override
    public KeySource open(String location) {
        if (location.length() != 2 * KeyFile.KEY_LENGTH) {
            throw new IllegalArgumentException("'" + location + "' is not 64 hex digits: expected " + usage());
        }
        byte[] key = HexFormat.of().parseHex(location);
        if (key[0] == 0 && key[1] == 0) {
            throw new KeyUnavailableException("hex key starting 0000 is refused (a stand-in for a key that cannot be had)");
        }
        return new KeySource() {
            @Override
            public byte[] key() {
                return key.clone();
            }

            @Override
            public String describe() {
                return "hex key";
            }
        };
    }
}
