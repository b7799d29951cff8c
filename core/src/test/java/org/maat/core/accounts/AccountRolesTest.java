package org.maat.core.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;

/** Taking a principal's roles line out of {@code DATA/roles} and putting it back as it was. */
class AccountRolesTest {

    @TempDir
    Path dir;

    @Test
    void withdrawThenReinstateGivesBackTheSameFile() throws Exception {
        DataDir data = DataDir.at(dir);
        AccountRoles.write(data, Map.of("u1", new LinkedHashSet<>(List.of("hr", "auditor")), "u2", java.util.Set.of("hr")));
        byte[] before = Files.readAllBytes(data.roles());

        assertThat(AccountRoles.withdraw(data, "u1")).containsExactly("hr", "auditor");
        assertThat(Files.readString(data.roles())).doesNotContain("u1").contains("u2\thr");
        assertThat(AccountRoles.open(data).of("u1")).isEmpty();
        assertThat(AccountRoles.withdraw(data, "u1")).as("a second withdrawal finds nothing").isEmpty();

        AccountRoles.reinstate(data, "u1", List.of("hr", "auditor"));
        AccountRoles.reinstate(data, "u1", List.of("hr", "auditor")); // a roll-forward running twice
        assertThat(Files.readAllBytes(data.roles())).isEqualTo(before);
        assertThat(dir.toFile().list()).as("nothing left aside").containsExactly("roles");
    }

    @Test
    void aMissingFileStaysMissingAndOtherRolesAreNotOverwritten() throws Exception {
        DataDir data = DataDir.at(dir);
        assertThat(AccountRoles.withdraw(data, "u1")).isEmpty();
        assertThat(data.roles()).doesNotExist();

        AccountRoles.write(data, Map.of("u1", java.util.Set.of("hr")));
        assertThatThrownBy(() -> AccountRoles.reinstate(data, "u1", List.of("auditor")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("u1 holds roles [hr]");
        assertThatThrownBy(() -> AccountRoles.reinstate(data, "u\t2", List.of("hr")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(AccountRoles.open(data).of("u1")).containsExactly("hr");
    }
}
