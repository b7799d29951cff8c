package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ShareRecordTest {

    private final Share share = Shares.split("k".getBytes(StandardCharsets.US_ASCII), 2, 3, new SecureRandom()).get(1);

    @Test
    void theDigestIsTheHexSha256OfTheShareBytes() throws Exception {
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(share.bytes()));
        assertThat(ShareRecord.toJson(share).get("digest").asText()).isEqualTo(expected);
    }

    @Test
    void aRecordReadsBackAsTheSameShare() {
        Share back = ShareRecord.fromJson(ShareRecord.toJson(share));
        assertThat(back.index()).isEqualTo(2);
        assertThat(back.k()).isEqualTo(2);
        assertThat(back.n()).isEqualTo(3);
        assertThat(back.bytes()).isEqualTo(share.bytes());
    }

    @Test
    void aFlippedByteInTheStoredShareFailsTheDigest() {
        ObjectNode record = ShareRecord.toJson(share);
        byte[] bytes = share.bytes().clone();
        bytes[0] ^= 1;
        record.put("share", Base64.getEncoder().encodeToString(bytes));
        assertThatThrownBy(() -> ShareRecord.fromJson(record)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fails its digest");
    }

    @Test
    void aMissingFieldIsNamed() {
        ObjectNode record = ShareRecord.toJson(share);
        record.remove("index");
        assertThatThrownBy(() -> ShareRecord.fromJson(record)).hasMessageContaining("'index'");
    }
}
