package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShareSetTest {

    private static final byte[] SECRET = "erp master key".getBytes(StandardCharsets.US_ASCII);

    @Test
    void fewerThanKSharesRecoverNothing() {
        List<Share> shares = Shares.split(SECRET, 3, 5, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(1, shares.get(0));
        set.add(2, shares.get(1));
        assertThat(set.recover()).isEmpty();
        set.add(5, shares.get(4));
        assertThat(set.recover()).hasValue(SECRET);
        assertThat(set.rejected()).isEmpty();
    }

    @Test
    void aBadShareAmongTheFirstKIsReportedAndAnotherSubsetUsed() {
        List<Share> shares = Shares.split(SECRET, 2, 3, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(1, shares.get(0));
        set.add(3, SharesTest.flipped(shares.get(2), 17));
        assertThat(set.recover()).as("1 and a damaged 3 do not pass the check").isEmpty();
        set.add(2, shares.get(1));
        assertThat(set.recover()).hasValue(SECRET);
        assertThat(set.rejected()).containsOnlyKeys(3);
        assertThat(set.rejected().get(3)).contains("disagrees").contains("servers 1, 2");
    }

    @Test
    void aBadShareOutsideTheGoodSubsetIsReportedToo() {
        List<Share> shares = Shares.split(SECRET, 2, 4, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(1, shares.get(0));
        set.add(2, shares.get(1));
        set.add(3, shares.get(2));
        set.add(4, SharesTest.flipped(shares.get(3), 0));
        assertThat(set.recover()).hasValue(SECRET);
        assertThat(set.rejected()).containsOnlyKeys(4);
    }

    @Test
    void withTwoBadSharesOfThreeNothingIsRecoveredAndTheDisagreementIsNamed() {
        List<Share> shares = Shares.split(SECRET, 2, 3, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(1, shares.get(0));
        set.add(2, SharesTest.flipped(shares.get(1), 3));
        set.add(3, SharesTest.flipped(shares.get(2), 5));
        assertThat(set.recover()).isEmpty();
        assertThat(set.disagreement()).contains("servers 1, 2, 3");
    }

    @Test
    void aRejectedShareIsNotUsed() {
        List<Share> shares = Shares.split(SECRET, 2, 2, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(1, shares.get(0));
        set.add(2, shares.get(1));
        set.reject(2, "its share fails its digest");
        assertThat(set.usable()).isEqualTo(1);
        assertThat(set.recover()).isEmpty();
    }

    @Test
    void aForgedShareClaimingALowerThresholdMustOutvoteTheHonestSplit() {
        // A compromised server answers first with a "1-of-1 share" that is its own value and check: it is not
        // combined while an honest share declares a higher threshold, and is outvoted once k honest ones arrive.
        Share forged = Shares.split("attacker's key".getBytes(StandardCharsets.US_ASCII), 1, 1, new SecureRandom()).get(0);
        List<Share> shares = Shares.split(SECRET, 2, 3, new SecureRandom());
        ShareSet set = new ShareSet();
        set.add(3, forged);
        set.add(1, shares.get(0));
        assertThat(set.ready()).isFalse();
        assertThat(set.recover()).as("one forged share against one honest share").isEmpty();
        set.add(2, shares.get(1));
        assertThat(set.recover()).hasValue(SECRET);
        assertThat(set.rejected()).containsOnlyKeys(3);
        assertThat(set.rejected().get(3)).contains("declares a 1-of-1 split, not the 2-of-3 one of servers 1, 2");
    }

    @Test
    void sharesOfAnotherSplitAreRejectedOnceOneSplitRecovers() {
        List<Share> a = Shares.split(SECRET, 2, 3, new SecureRandom());
        Share b = Shares.split(SECRET, 3, 3, new SecureRandom()).get(1);
        Share c = Shares.split("longer secret".getBytes(StandardCharsets.US_ASCII), 3, 3, new SecureRandom()).get(2);
        ShareSet set = new ShareSet();
        set.add(1, a.get(0));
        set.add(2, b);
        set.add(3, c);
        assertThat(set.recover()).as("three splits of one share each").isEmpty();
        assertThat(set.rejected()).isEmpty();
        set.add(4, a.get(1));
        assertThat(set.recover()).hasValue(SECRET);
        assertThat(set.rejected()).containsOnlyKeys(2, 3);
        assertThat(set.rejected().get(2)).contains("declares a 3-of-3 split, not the 2-of-3 one of servers 1, 4");
    }
}
