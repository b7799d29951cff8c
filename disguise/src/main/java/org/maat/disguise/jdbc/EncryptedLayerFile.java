package org.maat.disguise.jdbc;

import java.util.Locale;

/**
 * The embedded H2 file behind a URL of Maat's encrypted layer: {@code jdbc:maat:h2:H2-URL}, whose
 * {@code ;maat.NAME=VALUE} settings are the layer's and the rest the H2 URL it opens. Read here from the URL
 * text alone, so the disguise module needs no part of the layer: what the layer stores in that file is
 * ciphertext under a key that usually lies beside it, and a disguise must drop a removed row's ciphertexts
 * as it drops a plain file's values.
 */
final class EncryptedLayerFile {

    private static final String PREFIX = "jdbc:maat:h2:";

    private EncryptedLayerFile() {
    }

    /**
     * The plain H2 URL of the file behind {@code url}, without the layer's settings; null when {@code url} is not
     * the encrypted layer's, or its database is in memory or behind a server (another process holds that file).
     */
    static String plainH2Url(String url) {
        if (!url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return null;
        }
        String[] parts = url.substring(PREFIX.length()).split(";", -1);
        String location = parts[0].toLowerCase(Locale.ROOT);
        if (location.startsWith("mem:") || location.startsWith("tcp:") || location.startsWith("ssl:")) {
            return null;
        }
        StringBuilder plain = new StringBuilder("jdbc:h2:").append(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].toLowerCase(Locale.ROOT).startsWith("maat.")) {
                plain.append(';').append(parts[i]);
            }
        }
        return plain.toString();
    }
}
