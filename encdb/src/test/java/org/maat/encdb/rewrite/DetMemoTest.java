package org.maat.encdb.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.maat.encdb.key.KeyDerivation;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.keys.KeySource;
import org.junit.jupiter.api.Test;

/** The DET and JOIN decryption memo of {@link ColumnCipher}: a hit is exactly what decrypting gives. */
class DetMemoTest {

    private final ColumnCipher cipher = newCipher(ColumnType.of("VARCHAR", List.of(20)));

    DetMemoTest() throws SQLException {
    }

    @Test
    void aMemoizedCiphertextStillDecryptsToItsOwnValue() {
        for (int round = 0; round < 3; round++) {
            for (String v : List.of("Steven", "Stevem", "", "x")) {
                assertThat(cipher.eqDecrypt(cipher.eqEncrypt(v, Layer.DET, null), Layer.DET, null)).isEqualTo(v);
                assertThat(cipher.eqDecrypt(cipher.eqEncrypt(v, Layer.JOIN, null), Layer.JOIN, null)).isEqualTo(v);
            }
        }
    }

    @Test
    void aCiphertextSharingTheMemoizedSivButNotItsTailIsRejected() {
        byte[] ct = cipher.eqEncrypt("Steven", Layer.DET, null);
        assertThat(cipher.eqDecrypt(ct, Layer.DET, null)).isEqualTo("Steven");

        byte[] altered = ct.clone();
        altered[altered.length - 1] ^= 1;
        assertThatThrownBy(() -> cipher.eqDecrypt(altered, Layer.DET, null)).hasMessageContaining("not authentic");
    }

    @Test
    void reusingTheCallersArrayDoesNotChangeWhatTheMemoAnswers() {
        byte[] buffer = cipher.eqEncrypt("first", Layer.DET, null);
        byte[] firstCopy = buffer.clone();
        assertThat(cipher.eqDecrypt(buffer, Layer.DET, null)).isEqualTo("first");

        byte[] second = cipher.eqEncrypt("secnd", Layer.DET, null);
        System.arraycopy(second, 0, buffer, 0, second.length);
        assertThat(cipher.eqDecrypt(buffer, Layer.DET, null)).isEqualTo("secnd");
        assertThat(cipher.eqDecrypt(firstCopy, Layer.DET, null)).isEqualTo("first");
    }

    @Test
    void aValueInUseDecryptsToItselfThroughEveryMemoRotation() {
        byte[] hot = cipher.eqEncrypt("hot", Layer.DET, null);
        for (int i = 0; i < 80_000; i++) {
            byte[] ct = cipher.eqEncrypt("v" + i, Layer.DET, null);
            assertThat(cipher.eqDecrypt(ct, Layer.DET, null)).isEqualTo("v" + i);
            if (i % 1_000 == 0) {
                assertThat(cipher.eqDecrypt(hot, Layer.DET, null)).isEqualTo("hot");
            }
        }
    }

    /** The cipher of a column T.C of {@code type} with its Eq onion at DET, under an all-zero master key. */
    static ColumnCipher newCipher(ColumnType type) throws SQLException {
        EncryptedColumn column = new EncryptedColumn("T", "C", 0, type, false,
                false, Map.of(Onion.EQ, Layer.DET), "T.C", null, null);
        KeySource master = new KeySource() {
            @Override
            public byte[] key() {
                return new byte[32];
            }

            @Override
            public String describe() {
                return "all-zero test key";
            }
        };
        return new ColumnCipher(column, new KeyDerivation(master), null);
    }
}
