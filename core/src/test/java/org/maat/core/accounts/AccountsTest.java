package org.maat.core.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;

class AccountsTest {

    /** Cheap parameters: the tests check behaviour, not cost. */
    private static final PasswordHasher CHEAP = new PasswordHasher(64, 1, 1);

    @TempDir
    Path dir;

    @Test
    void aHashVerifiesItsPasswordOnlyAndCarriesItsParameters() {
        String hash = CHEAP.hash("correct horse");
        assertThat(hash).startsWith("$argon2id$v=19$m=64,t=1,p=1$");
        assertThat(PasswordHasher.verify("correct horse", hash)).isTrue();
        assertThat(PasswordHasher.verify("correct hors", hash)).isFalse();
        assertThat(CHEAP.hash("correct horse")).as("fresh salt each time").isNotEqualTo(hash);
    }

    @Test
    void hashMatchesTheArgon2idReferenceVector() {
        // From the reference implementation (libargon2 20171227, argon2id_hash_encoded):
        // password "password", salt "somesalt", t=2, m=65536 KiB, p=4, 32-byte hash.
        String reference = "$argon2id$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$GpZ3sK/oH9p7VIiV56G/64Zo/8GaUw434IimaPqxwCo";
        assertThat(PasswordHasher.verify("password", reference)).isTrue();
        assertThat(PasswordHasher.verify("Password", reference)).isFalse();
    }

    @Test
    void malformedHashIsAnErrorThatSaysWhatIsWrong() {
        assertThatThrownBy(() -> PasswordHasher.verify("x", "$2a$10$bcrypt"))
                .hasMessageContaining("not an Argon2id");
        assertThatThrownBy(() -> PasswordHasher.verify("x", "$argon2id$v=19$m=64,t=1,p=1$c2FsdA"))
                .hasMessageContaining("separated by '$'");
        assertThatThrownBy(() -> PasswordHasher.verify("x", "$argon2id$v=19$m=64,t=0,p=1$c2FsdA$aGFzaA"))
                .hasMessageContaining("iterations >= 1");
    }

    @Test
    void generatedAccountsAuthenticateWithTheirLoginsAndNothingElse() throws IOException {
        DataDir data = DataDir.at(dir);
        List<Login> logins = new AccountGenerator(CHEAP).generate(data, List.of("u0", "u1", "e0"));

        assertThat(GeneratedLogins.read(data)).containsExactlyElementsOf(logins);
        assertThat(GeneratedLogins.of(data, "e0")).contains(logins.get(2));
        AccountStore store = AccountStore.open(data);
        assertThat(store.users()).containsExactlyInAnyOrder("u0", "u1", "e0");
        assertThat(store.authenticate("u0", logins.get(0).password())).isTrue();
        assertThat(store.authenticate("u0", logins.get(1).password())).isFalse();
        assertThat(store.authenticate("u7", logins.get(0).password())).isFalse();
        assertThat(store.authenticate(null, "x")).isFalse();
        assertThat(Files.readString(data.accounts())).doesNotContain(logins.get(0).password());
    }

    @Test
    void loginsFileIsReadableByItsOwnerOnly() throws IOException {
        DataDir data = DataDir.at(dir);
        new AccountGenerator(CHEAP).generate(data, List.of("u0"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.logins()))).isEqualTo("rw-------");
    }

    @Test
    void damagedAccountsFileNamesItsLine() throws IOException {
        DataDir data = DataDir.at(dir);
        Files.writeString(data.accounts(), "# header\nu0\t$argon2id$v=19$m=64,t=1,p=1$a$b\nu1 plain\n");
        assertThatThrownBy(() -> AccountStore.open(data)).isInstanceOf(DataDirException.class)
                .hasMessageContaining("line 3");
        assertThatThrownBy(() -> AccountStore.open(DataDir.at(dir.resolve("none"))))
                .hasMessageContaining("no accounts");
    }
}
