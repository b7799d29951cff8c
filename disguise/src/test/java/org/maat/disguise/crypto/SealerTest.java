package org.maat.disguise.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SealerTest {

    private static final byte[] AAD = "locator".getBytes(StandardCharsets.UTF_8);
    private static final byte[] MESSAGE = "row 17 of ANSWERS".getBytes(StandardCharsets.UTF_8);

    @Test
    void theRecipientOpensWhatWasSealedToIt() {
        PrivateKey key = PrincipalKeys.generate();
        byte[] sealed = Sealer.seal(key.publicKey(), AAD, MESSAGE);
        assertThat(Sealer.open(key, AAD, sealed)).isEqualTo(MESSAGE);
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("ANSWERS");
    }

    @Test
    void anotherKeyAnotherLocatorOrAnyFlippedByteIsRefused() {
        PrivateKey key = PrincipalKeys.generate();
        byte[] sealed = Sealer.seal(key.publicKey(), AAD, MESSAGE);
        assertThatThrownBy(() -> Sealer.open(PrincipalKeys.generate(), AAD, sealed)).isInstanceOf(UnsealException.class);
        assertThatThrownBy(() -> Sealer.open(key, "other".getBytes(StandardCharsets.UTF_8), sealed))
                .isInstanceOf(UnsealException.class);
        for (int i = 0; i < sealed.length; i++) {
            byte[] flipped = sealed.clone();
            flipped[i] ^= 0x01;
            assertThatThrownBy(() -> Sealer.open(key, AAD, flipped)).as("byte %d", i).isInstanceOf(UnsealException.class);
        }
    }

    @Test
    void sealingTwiceGivesUnrelatedCiphertexts() {
        PrivateKey key = PrincipalKeys.generate();
        assertThat(Sealer.seal(key.publicKey(), AAD, MESSAGE)).isNotEqualTo(Sealer.seal(key.publicKey(), AAD, MESSAGE));
    }

    @Test
    void keysSurviveTheirTextFormsAndARecoveryPhraseAlwaysGivesTheSameKey() {
        PrivateKey key = PrincipalKeys.generate();
        assertThat(PrivateKey.parse(key.toText()).publicKey()).isEqualTo(key.publicKey());
        assertThat(PublicKey.parse(key.publicKey().toText())).isEqualTo(key.publicKey());
        assertThat(key.toString()).doesNotContain(key.toText());

        RecoveryPhrase phrase = RecoveryPhrase.generate();
        PrivateKey derived = phrase.privateKey();
        String typed = phrase.text().toLowerCase().replace("-", " ");
        assertThat(RecoveryPhrase.parse(typed).privateKey().publicKey()).isEqualTo(derived.publicKey());
        assertThat(RecoveryPhrase.generate().privateKey().publicKey()).isNotEqualTo(derived.publicKey());
        byte[] sealed = Sealer.seal(derived.publicKey(), AAD, MESSAGE);
        assertThat(Sealer.open(RecoveryPhrase.parse(phrase.text()).privateKey(), AAD, sealed)).isEqualTo(MESSAGE);
    }

    @Test
    void malformedPhrasesAndKeysAreRefusedWithoutEchoingThem() {
        assertThatThrownBy(() -> RecoveryPhrase.parse("ABCD")).hasMessageContaining("32");
        assertThatThrownBy(() -> RecoveryPhrase.parse("IIII".repeat(8))).hasMessageContaining("'I'");
        String[] groups = RecoveryPhrase.generate().text().split("-");
        String swapped = String.join("-", groups[1], groups[0], groups[2], groups[3], groups[4], groups[5], groups[6],
                groups[7]);
        assertThatThrownBy(() -> RecoveryPhrase.parse(swapped)).hasMessageContaining("mistyped");
        assertThatThrownBy(() -> PrivateKey.parse("maat-sk1.secret!!")).hasMessageNotContaining("secret");
        assertThatThrownBy(() -> PublicKey.parse("xyz")).hasMessageContaining(PublicKey.PREFIX);
    }

    @Test
    void threadsSealingAtOnceEachGetBagsThatOpen() throws Exception {
        java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                PrivateKey key = PrincipalKeys.generate();
                byte[] aad = {1};
                for (int i = 0; i < 300; i++) {
                    try {
                        byte[] message = ("message " + i).getBytes(StandardCharsets.UTF_8);
                        if (!java.util.Arrays.equals(Sealer.open(key, aad, Sealer.seal(key.publicKey(), aad, message)),
                                message)) {
                            failed.incrementAndGet();
                        }
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failed.get()).isZero();
    }
}
