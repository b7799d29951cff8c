package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** AES known answers: FIPS-197 appendix C.3 for the block cipher, SP 800-38A F.5.5 for {@link Rnd}'s CTR mode. */
class AesKnownAnswerTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void aes256BlockMatchesFips197AppendixC3() {
        BlockCipher aes = AESEngine.newInstance();
        aes.init(true, new KeyParameter(HEX.parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")));
        byte[] out = new byte[16];
        aes.processBlock(HEX.parseHex("00112233445566778899aabbccddeeff"), 0, out, 0);

        assertThat(HEX.formatHex(out)).isEqualTo("8ea2b7ca516745bfeafc49904b496089");
    }

    @Test
    void rndMatchesSp80038aCtrAes256Vectors() {
        Rnd rnd = new Rnd(HEX.parseHex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"));
        byte[] counter = HEX.parseHex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
        String plaintext = "6bc1bee22e409f96e93d7e117393172a" + "ae2d8a571e03ac9c9eb76fac45af8e51"
                + "30c81c46a35ce411e5fbc1191a0a52ef" + "f69f2445df4f9b17ad2b417be66c3710";
        String ciphertext = "601ec313775789a5b7a7f504bbf3d228" + "f443e3ca4d62b59aca84e990cacaf5c5"
                + "2b0930daa23de94ce87017ba2d84988d" + "dfc9c58db67aada613c2dd08457941a6";

        assertThat(HEX.formatHex(rnd.encrypt(HEX.parseHex(plaintext), counter))).isEqualTo(ciphertext);
        assertThat(HEX.formatHex(rnd.decrypt(HEX.parseHex(ciphertext), counter))).isEqualTo(plaintext);
    }
}
