package org.maat.vault;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The vault's JSON reader for what it is sent or keeps (requests, tokens, stored documents, vault.json): a
 * document that names one key twice is refused, never read as its last value, so that two readers can never
 * disagree about what it says.
 */
public final class StrictJson {

    private StrictJson() {
    }

    /** A new mapper whose reads fail with a {@code JsonParseException} ("Duplicate field 'KEY'") on a repeated key. */
    public static ObjectMapper mapper() {
        return JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    }
}
