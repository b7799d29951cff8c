package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.access.AccessExplanation;
import org.maat.core.access.DocumentAccess;
import org.maat.policy.Conduit;

/** The document page's "why you can see this", the owner's "who can read this" and the why-not answer. */
class AccessExplanationTest {

    @TempDir
    static Path root;
    static TestSite site;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.open(root);
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    private static Conduit friendsDocument() {
        return site.documents("friends", c -> site.friendOf(c.owner()).isPresent() && !site.blocked("r0", c.id()))
                .get(0);
    }

    @Test
    void aFriendIsShownTheFriendRuleAndTheFactThatAllowedTheReadButNotWhoElseMayRead() throws IOException {
        Conduit doc = friendsDocument();
        String friend = site.friendOf(doc.owner()).orElseThrow();
        AccessExplanation access = site.frontend.view(site.login(friend, "r0"), doc.id()).access();

        assertThat(access.owner()).isEqualTo(doc.owner());
        assertThat(access.template()).startsWith("friends");
        assertThat(access.allowed()).isTrue();
        assertThat(access.grantingRule()).hasValueSatisfying(r -> assertThat(r).contains("friend(this.owner, K)"));
        assertThat(access.because()).contains("friend(this.owner=\"" + doc.owner() + "\", K=\"" + friend + "\")");
        assertThat(access.readers()).isEmpty();
    }

    @Test
    void theOwnerIsShownTheOwnerLiteralAndWhoCanReadInWords() throws IOException {
        Conduit doc = friendsDocument();
        AccessExplanation access = site.frontend.view(site.login(doc.owner(), "r0"), doc.id()).access();

        assertThat(access.because()).contains("sKeyIs(this.owner=\"" + doc.owner() + "\")");
        assertThat(access.readers()).hasValueSatisfying(a -> assertThat(a.lines())
                .contains("the owner, " + doc.owner())
                .anySatisfy(l -> assertThat(l).startsWith("friends of " + doc.owner() + ": ")
                        .contains(site.friendOf(doc.owner()).orElseThrow())));
    }

    @Test
    void theOwnerAsksWhyNotAndSeesTheMonitorsDecisionInTheirRegion() {
        Conduit blocked = site.documents("public", c -> site.blocked("r1", c.id())).get(0);
        UserSession owner = site.login(blocked.owner(), "r1");
        AccessExplanation access = site.frontend.whyNot(owner, blocked.id());

        assertThat(access.allowed()).isFalse();
        assertThat(access.failures()).anySatisfy(f -> assertThat(f).contains("not blocked(session.region, this.id) is false"));
        assertThat(access.readers()).hasValueSatisfying(a -> assertThat(a.lines())
                .anySatisfy(l -> assertThat(l).contains("r1").startsWith("except sessions in region")));
    }

    /**
     * Adversarial: a user who owns none of them asks about a document they may not read, one they may read, a
     * missing id and a malformed one; every answer is the same refusal, so none tells which ids exist.
     */
    @Test
    void aNonOwnerGetsOneRefusalWhetherTheDocumentExistsOrNot() {
        Conduit unreadable = site.documents("private", c -> true).get(0);
        String stranger = site.stranger(unreadable.owner());
        Conduit readable = site.documents("public", c -> !c.owner().equals(stranger) && !site.blocked("r0", c.id())).get(0);
        UserSession user = site.login(stranger, "r0");

        List<RequestException> answers = List.of(unreadable.id(), readable.id(), "d999999", "x<script>", "")
                .stream().map(id -> catchThrowableOfType(() -> site.frontend.whyNot(user, id), RequestException.class))
                .toList();
        assertThat(answers).allSatisfy(e -> {
            assertThat(e.status()).isEqualTo(403);
            assertThat(e.code()).isEqualTo("refused");
            assertThat(e.getMessage()).isEqualTo(DocumentAccess.NOT_EXPLAINED);
        });
    }
}
