package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.vault.client.Share;
import org.maat.vault.client.ShareSet;
import org.maat.vault.client.Shares;

/**
 * Attack on ShareSet: one compromised storage server of a 2-of-3 split (which PROTOCOL/README say survives one
 * bad server) returns a share claiming a higher threshold, or the same threshold with another length. The set
 * takes the forger's split as the reference, rejects both honest shares, and reports the HONEST servers as bad
 * while the forger's share stays "usable": the read fails and the report blames the wrong servers.
 */
class ForgedThresholdBlamesHonestTest {

    private final SecureRandom random = new SecureRandom();
    private final byte[] secret = "a 32-byte master key for the erp".getBytes();

    @Test
    void aForgedHigherThresholdDoesNotOutvoteTwoHonestShares() {
        List<Share> honest = Shares.split(secret, 2, 3, random);
        ShareSet set = new ShareSet();
        set.add(2, honest.get(1));
        byte[] junk = new byte[honest.get(0).bytes().length];
        random.nextBytes(junk);
        set.add(1, new Share(1, 3, 3, junk)); // server 1 is compromised: claims 3-of-3
        set.add(3, honest.get(2));

        assertThat(set.rejected()).as("servers blamed").doesNotContainKeys(2, 3);
        assertThat(set.recover()).as("two honest shares of a 2-of-3 split").hasValue(secret);
    }

    @Test
    void aForgedLengthArrivingFirstDoesNotOutvoteHonestShares() {
        List<Share> honest = Shares.split(secret, 2, 3, random);
        ShareSet set = new ShareSet();
        set.add(1, new Share(1, 2, 3, new byte[7])); // compromised server 1 answers first, short share
        set.add(2, honest.get(1));
        set.add(3, honest.get(2));

        assertThat(set.rejected()).as("servers blamed").doesNotContainKeys(2, 3);
        assertThat(set.recover()).as("two honest shares of a 2-of-3 split").isPresent();
    }
}
