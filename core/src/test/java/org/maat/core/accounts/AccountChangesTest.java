package org.maat.core.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;

class AccountChangesTest {

    private static final PasswordHasher CHEAP = new PasswordHasher(64, 1, 1);

    @TempDir
    Path dir;

    @Test
    void aRemovedAccountCannotSignInAnywhereAndItsRestorationSignsInAgain() throws Exception {
        DataDir data = DataDir.at(dir);
        List<Login> logins = new AccountGenerator(CHEAP).generate(data, List.of("u0", "u1", "e0"));
        AccountStore store = AccountStore.open(data);
        String hash = store.hashOf("u1").orElseThrow();

        assertThat(store.remove("u1")).isEqualTo(hash);
        assertThat(store.hashOf("u1")).isEmpty();
        assertThat(store.users()).containsExactlyInAnyOrder("u0", "e0");
        // another thread, right after the return
        assertThat(CompletableFuture.supplyAsync(() -> store.authenticate("u1", logins.get(1).password())).get())
                .isFalse();
        assertThat(Files.readString(data.accounts())).doesNotContain("u1\t").doesNotContain(hash);
        assertThat(AccountStore.open(data).users()).as("durable").containsExactlyInAnyOrder("u0", "e0");
        assertThat(store.authenticate("u0", logins.get(0).password())).as("others unchanged").isTrue();

        store.restore("u1", hash);
        assertThat(CompletableFuture.supplyAsync(() -> store.authenticate("u1", logins.get(1).password())).get())
                .isTrue();
        assertThat(AccountStore.open(data).authenticate("u1", logins.get(1).password())).isTrue();
        assertThat(Files.exists(data.accounts().resolveSibling("accounts.tmp"))).isFalse();
    }

    @Test
    void changesThatMakeNoSenseAreRefusedAndWriteNothing() throws IOException {
        DataDir data = DataDir.at(dir);
        new AccountGenerator(CHEAP).generate(data, List.of("u0", "u1"));
        AccountStore store = AccountStore.open(data);
        String before = Files.readString(data.accounts());
        String hash = store.hashOf("u0").orElseThrow();
        assertThatThrownBy(() -> store.remove("u9")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no account u9");
        assertThatThrownBy(() -> store.restore("u0", hash)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exists");
        assertThatThrownBy(() -> store.restore("u9", "plaintext")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.restore("u9\tu8", hash)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.restore("u9", hash + "\nu8\t" + hash)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readString(data.accounts())).isEqualTo(before);
    }
}
