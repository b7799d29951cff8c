package org.maat.encdb.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.maat.keys.KeySource;
import org.junit.jupiter.api.Test;

class KeyDerivationTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] range(int from, int toInclusive) {
        byte[] out = new byte[toInclusive - from + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (from + i);
        }
        return out;
    }

    private static byte[] repeat(int value, int count) {
        byte[] out = new byte[count];
        Arrays.fill(out, (byte) value);
        return out;
    }

    /** A fixed master key, as a KeySource. */
    private static KeySource fixed(byte[] key) {
        return new KeySource() {
            @Override
            public byte[] key() {
                return key.clone();
            }

            @Override
            public String describe() {
                return "fixed test key";
            }
        };
    }

    @Test
    void rfc5869TestCase1() {
        byte[] ikm = repeat(0x0b, 22);
        byte[] salt = range(0x00, 0x0c);
        byte[] info = range(0xf0, 0xf9);
        assertThat(HEX.formatHex(KeyDerivation.extract(salt, ikm)))
                .isEqualTo("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
        assertThat(HEX.formatHex(KeyDerivation.hkdf(salt, ikm, info, 42)))
                .isEqualTo("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
    }

    @Test
    void rfc5869TestCase2() {
        byte[] ikm = range(0x00, 0x4f);
        byte[] salt = range(0x60, 0xaf);
        byte[] info = range(0xb0, 0xff);
        assertThat(HEX.formatHex(KeyDerivation.extract(salt, ikm)))
                .isEqualTo("06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244");
        assertThat(HEX.formatHex(KeyDerivation.hkdf(salt, ikm, info, 82)))
                .isEqualTo("b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                        + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                        + "cc30c58179ec3e87c14c01d5c1f3434f1d87");
    }

    @Test
    void rfc5869TestCase3WithEmptySaltAndInfo() {
        byte[] ikm = repeat(0x0b, 22);
        assertThat(HEX.formatHex(KeyDerivation.extract(new byte[0], ikm)))
                .isEqualTo("19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04");
        assertThat(HEX.formatHex(KeyDerivation.hkdf(new byte[0], ikm, new byte[0], 42)))
                .isEqualTo("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8");
    }

    @Test
    void deriveIsHkdfOfTheMasterKeyWithTheFixedSaltAndTheLabel() {
        byte[] master = range(1, 32);
        byte[] expected = KeyDerivation.hkdf(KeyDerivation.SALT.getBytes(StandardCharsets.UTF_8), master,
                "EMPLOYEES.SALARY/ORD/OPE".getBytes(StandardCharsets.UTF_8), 32);

        assertThat(new KeyDerivation(fixed(master)).derive("EMPLOYEES.SALARY/ORD/OPE", 32)).isEqualTo(expected);
    }

    @Test
    void sameLabelGivesSameKeyAcrossInstancesAndDifferentLabelsDiffer() {
        byte[] master = range(1, 32);
        KeyDerivation a = new KeyDerivation(fixed(master));
        KeyDerivation b = new KeyDerivation(fixed(master));

        assertThat(a.derive("EMPLOYEES.SALARY/EQ/DET", 64)).isEqualTo(b.derive("EMPLOYEES.SALARY/EQ/DET", 64));
        assertThat(a.derive("EMPLOYEES.SALARY/EQ/DET", 64)).isNotEqualTo(a.derive("EMPLOYEES.SALARY/EQ/RND", 64));
        assertThat(a.derive("X", 16)).isNotEqualTo(new KeyDerivation(fixed(range(2, 33))).derive("X", 16));
    }

    @Test
    void rejectsBadLabelsLengthsAndMasterKeys() {
        KeyDerivation kd = new KeyDerivation(fixed(range(1, 32)));
        assertThatThrownBy(() -> kd.derive("", 32)).hasMessageContaining("non-empty");
        assertThatThrownBy(() -> kd.derive("X", 0)).hasMessageContaining("1..8160");
        assertThatThrownBy(() -> new KeyDerivation(fixed(new byte[16])))
                .hasMessageContaining("fixed test key").hasMessageContaining("16-byte");
    }
}
