package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ciphertexts recorded from the OPE and SWP implementations that encrypted the existing databases
 * (before the 2026-11-26 speed-ups of issue 18), so any change to the sampler, the coin tape or the
 * word pre-encryption that would strand stored Ord onions or Search tokens fails here. Key bytes are
 * {@code 0x40 + 3i}; the OPE runs without its memo cache, so every vector is a full walk.
 */
class OnionKnownAnswerTest {

    private static byte[] key() {
        byte[] key = new byte[32];
        for (int i = 0; i < 32; i++) {
            key[i] = (byte) (0x40 + 3 * i);
        }
        return key;
    }

    @ParameterizedTest
    @CsvSource({
        "32,47,0,6178",
        "32,47,1,38865",
        "32,47,2,73317",
        "32,47,3,84687",
        "32,47,7,126463",
        "32,47,100,3096713",
        "32,47,1000,32859403",
        "32,47,65535,2143949808",
        "32,47,123456789,4045971616292",
        "32,47,2147483647,70368881222498",
        "32,47,2147483648,70368881264514",
        "32,47,4294967295,140737488330851",
        "32,47,4200000,137686471923",
        "48,63,0,6178",
        "48,63,1,38865",
        "48,63,2,73317",
        "48,63,3,84687",
        "48,63,7,126463",
        "48,63,100,3096713",
        "48,63,1000,32859403",
        "48,63,65535,2143949808",
        "48,63,123456789,4045945389267",
        "48,63,2147483647,70368412535557",
        "48,63,2147483648,70368412535796",
        "48,63,4294967295,140736557166217",
        "48,63,4200000,137685658972",
        "48,63,140737488367673,4611685617666494351",
        "48,63,281474976710655,9223372036854761447",
        "8,12,0,7",
        "8,12,1,9",
        "8,12,2,10",
        "8,12,3,30",
        "8,12,7,128",
        "8,12,100,1579"
    })
    void opeCiphertextsAreThoseStoredDatabasesHold(int plaintextBits, int ciphertextBits, long pt, long ct) {
        Ope ope = new Ope(key(), plaintextBits, ciphertextBits, 0);

        assertThat(ope.encrypt(pt)).isEqualTo(ct);
        assertThat(ope.decrypt(ct)).isEqualTo(pt);
    }

    @ParameterizedTest
    @CsvSource({
        "515,175e1b7a0ea300c10c615b13fcfb4e0a510279a1565fe9a9c9a83d78ffcdb8dac7a1cecef1898a838f761c7a84f0847d8d0af04ba64a7ed8",
        "515.1,9044ebade4d0ea08239d5041a74f2d709b938cb5f84a76375bd192f62b22e6d9370bc57f9222aa906c09206be02fea5344627936b293f516",
        "smith,0d33d575d475998b9b739beb4904e3ebb0ac16ec377f008dd259672d418eb33231a86c226f60e365a71c98838acbdf5be9157eae1c71c722",
        "'',f19f0bd75651cef78231d93249aba5a7020c240802bd77da04f74c96a110c67197e5058f1ee012ce635af8aeedf172d96c7bb374995daf62",
        "x,f4e9bf8f0cda1c3c01303ee6b9011c0531f905ffb502f3af61a313297ad8588e0a1df4d12e6974fcc30b5f1b014b9c1571b14e8a43fc7f43"
    })
    void swpTokensAreThoseStoredSearchOnionsMatch(String word, String token) {
        assertThat(HexFormat.of().formatHex(new Swp(key()).token(word))).isEqualTo(token);
    }
}
