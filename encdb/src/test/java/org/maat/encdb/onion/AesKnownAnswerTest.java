package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * AES known answers: FIPS-197 appendix C.3 for the block cipher, SP 800-38A F.5.5 for {@link Rnd}'s CTR mode,
 * and vectors recorded from the Bouncy Castle {@code SICBlockCipher} RND that stored existing ciphertexts.
 */
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

    /**
     * Recorded from the Bouncy Castle RND (SICBlockCipher over AESEngine) before RND moved to the JDK's
     * AES/CTR, so rows it stored still decrypt. Key bytes are 0xa0 + 7i; plaintext bytes are 31i + length.
     * The IVs include counters whose low 64 bits and whole 128 bits wrap within a 50-byte value: both
     * implementations increment the full 128-bit block big-endian, modulo 2^128.
     */
    @ParameterizedTest
    @CsvSource({
        "000102030405060708090a0b0c0d0e0f,'',''",
        "000102030405060708090a0b0c0d0e0f,01,aa",
        "000102030405060708090a0b0c0d0e0f,0f2e4d6c8baac9e80726456483a2c1,a489bec0278d067aa00e67b532653e",
        "000102030405060708090a0b0c0d0e0f,102f4e6d8cabcae90827466584a3c2e1,bb88bdc1208c057baf0f64b435643d8a",
        "000102030405060708090a0b0c0d0e0f,11304f6e8daccbea0928476685a4c3e201,ba97bcc2218b0478ae0065b734633c89e7",
        "000102030405060708090a0b0c0d0e0f,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,b499aed0379d166ab01e77a522752e9be988c99ff7cf528ed71d28e01f3f68",
        "000102030405060708090a0b0c0d0e0f,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,8b98add1309c156bbf1f74a425742d9af689ca9ef0ce518fd81c2be1183e6bd8",
        "000102030405060708090a0b0c0d0e0f,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,8ae7acd2319b1468be1075a724732c99f796cb9df1c9508cd9132ae219396adbfa",
        "000102030405060708090a0b0c0d0e0f,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,99f6832302ea23998d614a5617021b68c4e7e48ce2d8479dca0235f30a287dcae9a955413d01ed5812f6edc4bf7ee9553216",
        "ffffffffffffffffffffffffffffffff,'',''",
        "ffffffffffffffffffffffffffffffff,01,93",
        "ffffffffffffffffffffffffffffffff,0f2e4d6c8baac9e80726456483a2c1,9d55f13ce5c59f2f74be4fb12d2152",
        "ffffffffffffffffffffffffffffffff,102f4e6d8cabcae90827466584a3c2e1,8254f23de2c49c2e7bbf4cb02a20510a",
        "ffffffffffffffffffffffffffffffff,11304f6e8daccbea0928476685a4c3e201,834bf33ee3c39d2d7ab04db32b2750094a",
        "ffffffffffffffffffffffffffffffff,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,8d45e12cf5d58f3f64ae5fa13d31421b44845a4af0fade290cc1ccf464b854",
        "ffffffffffffffffffffffffffffffff,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,b244e22df2d48c3e6baf5ca03a30411a5b85594bf7fbdd2803c0cff563b957c9",
        "ffffffffffffffffffffffffffffffff,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,b33be32ef3d38d3d6aa05da33b3740195a9a5848f6fcdc2b02cfcef662be56ca3a",
        "ffffffffffffffffffffffffffffffff,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,a02accdfc0a2bacc59d16252084677e869eb7759e5edcb3a11ded1e771af41db2944c8a5023184504d2e885eddff0dca3029",
        "00000000000000000000000000000000,'',''",
        "00000000000000000000000000000000,01,4a",
        "00000000000000000000000000000000,0f2e4d6c8baac9e80726456483a2c1,44845a4af0fade290cc1ccf464b854",
        "00000000000000000000000000000000,102f4e6d8cabcae90827466584a3c2e1,5b85594bf7fbdd2803c0cff563b957c9",
        "00000000000000000000000000000000,11304f6e8daccbea0928476685a4c3e201,5a9a5848f6fcdc2b02cfcef662be56ca3a",
        "00000000000000000000000000000000,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,54944a5ae0eace391cd1dce474a844d8345bd5a6073681534021855dd8f808",
        "00000000000000000000000000000000,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,6b95495be7ebcd3813d0dfe573a947d92b5ad6a7003782524f20865cdff90bc8",
        "00000000000000000000000000000000,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,6aea4858e6eccc3b12dfdee672ae46da2a45d7a4013083514e2f875fdefe0acb33",
        "00000000000000000000000000000000,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,79fb67a9d59dfbca21aee11741df712b1934f8b5122194405d3e984ecdef1dda2039ea9c1b00e35d3d51f85cd59372146634",
        "0123456789abcdefffffffffffffffff,'',''",
        "0123456789abcdefffffffffffffffff,01,cb",
        "0123456789abcdefffffffffffffffff,0f2e4d6c8baac9e80726456483a2c1,c5eab3aa11f3065f92835f3a6d86a9",
        "0123456789abcdefffffffffffffffff,102f4e6d8cabcae90827466584a3c2e1,daebb0ab16f2055e9d825c3b6a87aae7",
        "0123456789abcdefffffffffffffffff,11304f6e8daccbea0928476685a4c3e201,dbf4b1a817f5045d9c8d5d386b80abe49f",
        "0123456789abcdefffffffffffffffff,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,d5faa3ba01e3164f82934f2a7d96b9f6911468da31b3e2362a1b29092dbb33",
        "0123456789abcdefffffffffffffffff,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,eafba0bb06e2154e8d924c2b7a97baf78e156bdb36b2e137251a2a082aba3092",
        "0123456789abcdefffffffffffffffff,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,eb84a1b807e5144d8c9d4d287b90bbf48f0a6ad837b5e03424152b0b2bbd31914d",
        "0123456789abcdefffffffffffffffff,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,f8958e49349423bcbfec72d948e18c05bc7b45c924a4f7253704341a38ac26805e17e2971d7a566d1bc7ef6c180994824b86",
        "00000000000000ffffffffffffffffff,'',''",
        "00000000000000ffffffffffffffffff,01,ce",
        "00000000000000ffffffffffffffffff,0f2e4d6c8baac9e80726456483a2c1,c0c083f598499d83cbb17b997c740a",
        "00000000000000ffffffffffffffffff,102f4e6d8cabcae90827466584a3c2e1,dfc180f49f489e82c4b078987b750911",
        "00000000000000ffffffffffffffffff,11304f6e8daccbea0928476685a4c3e201,dede81f79e4f9f81c5bf799b7a720812e2",
        "00000000000000ffffffffffffffffff,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,d0d093e588598d93dba16b896c641a00ec14e05ccb484c3664b6d8b5b76501",
        "00000000000000ffffffffffffffffff,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,efd190e48f588e92d4a068886b651901f315e35dcc494f376bb7dbb4b064023e",
        "00000000000000ffffffffffffffffff,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,eeae91e78e5f8f91d5af698b6a621802f20ae25ecd4e4e346ab8dab7b163033d6b",
        "00000000000000ffffffffffffffffff,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,fdbfbe16bd2eb860e6de567a59132ff3c17bcd4fde5f592579a9c5a6a272142c786a8158f6cc152877ea875679610dc040cb",
        "fedcba9876543210fffffffffffffffe,'',''",
        "fedcba9876543210fffffffffffffffe,01,64",
        "fedcba9876543210fffffffffffffffe,0f2e4d6c8baac9e80726456483a2c1,6ae3016fdf55cd20a61c5976679d88",
        "fedcba9876543210fffffffffffffffe,102f4e6d8cabcae90827466584a3c2e1,75e2026ed854ce21a91d5a77609c8b82",
        "fedcba9876543210fffffffffffffffe,11304f6e8daccbea0928476685a4c3e201,74fd036dd953cf22a8125b74619b8a81ad",
        "fedcba9876543210fffffffffffffffe,1f3e5d7c9bbad9f81736557493b2d1f00f2e4d6c8baac9e80726456483a2c1,7af3117fcf45dd30b60c4966778d9893a377e8650ca8aee41fcf39c0ffeb53",
        "fedcba9876543210fffffffffffffffe,203f5e7d9cbbdaf91837567594b3d2f1102f4e6d8cabcae90827466584a3c2e1,45f2127ec844de31b90d4a67708c9b92bc76eb640ba9ade510ce3ac1f8ea5053",
        "fedcba9876543210fffffffffffffffe,21405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e201,448d137dc943df32b8024b64718b9a91bd69ea670aaeace611c13bc2f9ed5150c8",
        "fedcba9876543210fffffffffffffffe,3251708faecdec0b2a496887a6c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a29486786a5c4e30221,579c3c8cfa32e8c38b73749542faad608e18c57619bfbbf702d024d3eafc4641dba10eacd405f76f859bec3a6e6a656b63e5"
    })
    void rndMatchesWhatTheBouncyCastleRndStored(String iv, String plaintext, String ciphertext) {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (0xa0 + i * 7);
        }
        Rnd rnd = new Rnd(key);

        assertThat(HEX.formatHex(rnd.encrypt(HEX.parseHex(plaintext), HEX.parseHex(iv)))).isEqualTo(ciphertext);
        assertThat(HEX.formatHex(rnd.decrypt(HEX.parseHex(ciphertext), HEX.parseHex(iv)))).isEqualTo(plaintext);
    }
}
