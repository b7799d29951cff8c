package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.maat.disguise.store.Locator;

/** What a user gives the restore form: a receipt (or its locator) and a recovery phrase or key text. */
class AccountDisguisesInputTest {

    private static void badRequest(Runnable call, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(RequestException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.getMessage()).contains(message);
        });
    }

    @Test
    void theLocatorIsReadFromAReceiptOrGivenAlone() {
        Receipt receipt = new Receipt("search-delete-account", "u3", Locator.random(), Instant.now(), 7, 0);
        assertThat(AccountDisguises.locator(ReceiptFile.text(receipt))).isEqualTo(receipt.locator());
        assertThat(AccountDisguises.locator("  " + receipt.locator().toText() + "\n")).isEqualTo(receipt.locator());
    }

    @Test
    void aMalformedReceiptIsRefusedClearly() {
        badRequest(() -> AccountDisguises.locator(" "), "give the receipt");
        badRequest(() -> AccountDisguises.locator("{\"locator\": \"maat-loc1.short\"}"), "not a receipt");
        badRequest(() -> AccountDisguises.locator("maat-loc1.short"), "not a disguise locator");
        badRequest(() -> AccountDisguises.locator("x".repeat(AccountDisguises.MAX_TEXT_CHARS + 1)), "at most");
    }

    @Test
    void aRecoveryPhraseAsTypedAndAKeyFilesTextGiveTheSameKeyAsIssued() {
        RecoveryPhrase phrase = RecoveryPhrase.generate();
        PrivateKey fromPhrase = AccountDisguises.privateKey(" " + phrase.text().toLowerCase().replace("-", " ") + " ");
        assertThat(fromPhrase.publicKey()).isEqualTo(phrase.privateKey().publicKey());
        PrivateKey key = PrincipalKeys.generate();
        assertThat(AccountDisguises.privateKey(key.toText() + "\n").publicKey()).isEqualTo(key.publicKey());
    }

    @Test
    void somethingThatIsNeitherPhraseNorKeyIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> AccountDisguises.privateKey("my secret password"))
                .isInstanceOfSatisfying(RequestException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("neither a recovery phrase nor a key file")
                            .doesNotContain("my secret password");
                });
        badRequest(() -> AccountDisguises.privateKey(PrivateKey.PREFIX + "!!!"), "not base64url");
    }

    @Test
    void accountDisguisesAreNamedByTheirPathSegment() {
        assertThat(AccountDisguises.Kind.of("delete").spec()).isEqualTo("search-delete-account");
        assertThat(AccountDisguises.Kind.of("anonymize").spec()).isEqualTo("search-anonymize-account");
        assertThatThrownBy(() -> AccountDisguises.Kind.of("erase"))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
}
