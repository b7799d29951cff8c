package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.ShardRequestAuth.Verdict.Kind;

/** Signed shard requests: only the secret's holder passes, once, unaltered and fresh. */
class ShardRequestAuthTest {

    private static final byte[] BODY = "{\"user\":\"u5\",\"region\":null,\"query\":\"tax\",\"k\":10}"
            .getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final ShardSecret secret = ShardSecret.generate();
    private final ShardRequestAuth auth = new ShardRequestAuth(secret);

    @Test
    void aRequestSignedWithTheSecretPassesOnceAndOnlyUnaltered() {
        String header = auth.sign("POST", "/shard/search", BODY);
        assertThat(auth.verify("POST", "/shard/search", BODY, header).kind()).isEqualTo(Kind.ACCEPTED);
        assertThat(auth.verify("POST", "/shard/search", BODY, header).reason()).contains("replay");

        String fresh = auth.sign("POST", "/shard/search", BODY);
        byte[] altered = new String(BODY, StandardCharsets.UTF_8).replace("u5", "u6").getBytes(StandardCharsets.UTF_8);
        assertThat(auth.verify("POST", "/shard/search", altered, fresh).kind()).isEqualTo(Kind.REFUSED);
        assertThat(auth.verify("POST", "/other", BODY, fresh).kind()).isEqualTo(Kind.REFUSED);
        assertThat(auth.verify("GET", "/shard/search", BODY, fresh).kind()).isEqualTo(Kind.REFUSED);
        assertThat(auth.verify("POST", "/shard/search", BODY, fresh).kind()).isEqualTo(Kind.ACCEPTED);
    }

    @Test
    void noCredentialIsMissingAndAnyOtherSecretOrGarbageIsRefused() {
        assertThat(auth.verify("POST", "/shard/search", BODY, null).kind()).isEqualTo(Kind.MISSING);
        assertThat(auth.verify("POST", "/shard/search", BODY, " ").kind()).isEqualTo(Kind.MISSING);
        String other = new ShardRequestAuth(ShardSecret.generate()).sign("POST", "/shard/search", BODY);
        assertThat(auth.verify("POST", "/shard/search", BODY, other).kind()).isEqualTo(Kind.REFUSED);
        assertThat(auth.verify("POST", "/shard/search", BODY, "Bearer abc").kind()).isEqualTo(Kind.REFUSED);
        assertThat(auth.verify("POST", "/shard/search", BODY, ShardRequestAuth.SCHEME + " t=1,n=2,s=3").kind())
                .isEqualTo(Kind.REFUSED);
    }

    @Test
    void aRequestSignedOutsideTheWindowIsRefused() {
        Clock past = Clock.fixed(Instant.now().minus(ShardRequestAuth.WINDOW).minusSeconds(5), ZoneOffset.UTC);
        String stale = new ShardRequestAuth(secret, past).sign("POST", "/shard/search", BODY);
        assertThat(auth.verify("POST", "/shard/search", BODY, stale).reason()).contains("signed");
    }

    @Test
    void theSecretFileIsCreatedOwnerOnlyReadBackAndRefusedWhenOthersMayReadIt() throws IOException {
        Path file = dir.resolve("shard.secret");
        ShardSecret created = ShardSecret.readOrCreate(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(ShardSecret.readOrCreate(file)).isEqualTo(created);
        assertThat(created.toString()).doesNotContain(Files.readString(file).strip());

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> ShardSecret.read(file)).isInstanceOf(IOException.class).hasMessageContaining("chmod 600");
        Path bad = Files.writeString(dir.resolve("bad.secret"), "not hex");
        Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> ShardSecret.read(bad)).isInstanceOf(IOException.class).hasMessageContaining("64 hex");
    }
}
