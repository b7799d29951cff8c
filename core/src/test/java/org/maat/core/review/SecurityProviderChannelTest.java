package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.security.Security;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.JcaTrojan;
import org.maat.core.shard.ShardProtocol;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSecret;
import org.maat.core.task.TaskContext;
import org.maat.policy.Session;

/**
 * Review attack on "JVM-wide library settings are pinned" and "other JVM channels are stopped by the rules": the
 * list of Java security providers ({@link Security#insertProviderAt}) is JVM-wide state that {@code LibraryState}
 * neither pins nor restores and that no rule on task code names. u1's buggy search task ({@link JcaTrojan}) installs a
 * provider whose {@code HmacSHA256} is its own code, and each later u1 task sets one bit of a private title into it.
 * The shard server's check of every request ({@link ShardRequestAuth#verify}, trusted runtime) asks the JVM for
 * {@code HmacSHA256} and so runs the task's code: u2's next request to the shard is refused (403, "signature does not
 * match") exactly when the bit is 1, so u2 reads the title from whether its own searches are answered. (The task's
 * code is also handed the deployment's shard secret, in {@code engineInit}.)
 */
class SecurityProviderChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament budget";
    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");

    @Test
    void aSearchTaskCannotSpellATitleIntoTheShardsCheckOfAnotherUsersRequests() {
        String secretId = review.unreadableBy(READER, OBSERVER).get(0).id();
        String title = review.title(secretId);
        ShardSecret secret = ShardSecret.generate();
        ShardRequestAuth frontEnd = new ShardRequestAuth(secret); // signs u2's requests
        ShardRequestAuth shard = new ShardRequestAuth(secret);    // the shard server's check of them
        StringBuilder recovered = new StringBuilder();
        try {
            for (int i = 0; i < title.length(); i++) {
                int c = 0;
                for (int b = 0; b < 8; b++) {
                    runTask(secretId, i * 8 + b);
                    byte[] body = ShardProtocol.writeQuery(new ShardQuery(OBSERVER.principal(), "r0", QUERY, 10));
                    String header = frontEnd.sign("POST", ShardProtocol.SEARCH_PATH, body);
                    if (!shard.verify("POST", ShardProtocol.SEARCH_PATH, body, header).accepted()) {
                        c |= 1 << b; // u2's search was refused by the shard
                    }
                }
                recovered.append((char) c);
            }
        } finally {
            Security.removeProvider(JcaTrojan.NAME); // the test's cleanup, for the tests after it in this JVM
        }
        System.out.println("real title: " + title + "; u2 decoded from the shard's answers: " + recovered);
        assertThat(recovered.toString()).as("what u2 decodes from whether the shard accepts its own requests; the title "
                + "of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** u1's buggy search task: leaves bit {@code bitIndex} of the title in the JVM's first security provider. */
    private static void runTask(String secretId, int bitIndex) {
        try {
            review.service().run(READER, QUERY, (TaskContext ctx) -> {
                JcaTrojan.leave(ctx, secretId, bitIndex);
                ctx.results().writeIds(List.of());
            });
        } catch (IOException | RuntimeException e) {
            // whatever the runtime says of u1's task, u1 only
        }
    }
}
