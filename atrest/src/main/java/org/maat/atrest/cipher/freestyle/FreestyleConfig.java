package org.maat.atrest.cipher.freestyle;

/**
 * The parameters of Freestyle (Babu and Thomas, "Freestyle, a randomized version of ChaCha for resisting offline
 * brute-force and dictionary attacks", eprint 2018/1127): each 64-byte block takes a random number of rounds in
 * [{@code minRounds}, {@code maxRounds}] (a multiple of the hash interval, which the reference fixes at
 * gcd(min, max)); the set-up adds a random pepper of {@code pepperBits} bits and emits {@code initHashes} one-byte
 * hashes of randomly long warm-up blocks, and runs {@code precomputedRounds} rounds once per message instead of per
 * block. The constraints are the reference's ({@code freestyle_init_common} in arun-babu/freestyle's freestyle.c),
 * except that pepper bits stop at 24 so a search over peppers stays bounded in an at-rest block.
 */
public record FreestyleConfig(int minRounds, int maxRounds, int precomputedRounds, int pepperBits, int initHashes) {

    /*
     * Fast, Balanced and Strong are SwitchCrypt's FREESTYLE_FAST, FREESTYLE_BALANCED and FREESTYLE_SECURE
     * (Xunnamius/strongbox-switchcrypt, src/cipher/_freestyle.c, variant_as_configuration): min/max rounds 8/20,
     * 12/28, 20/36 and pepper bits 8, 10, 12. SwitchCrypt vendored an older Freestyle whose hash interval was a
     * parameter (4, 2, 1 there) and whose 28 init hashes were fixed (vendor/freestyle.h, NUM_INIT_HASHES); the
     * current reference (arun-babu/freestyle @ 4435eae, freestyle.c, freestyle_roundsetup) derives the interval as
     * gcd(min, max), which is 4 for all three, and takes the init hashes and precomputed rounds as parameters: 28
     * init hashes as SwitchCrypt and the reference's test-timing.c, and 4 precomputed rounds as every test of the
     * reference (the most min - 4 allows for Fast).
     */
    public static final FreestyleConfig FAST = new FreestyleConfig(8, 20, 4, 8, 28);
    public static final FreestyleConfig BALANCED = new FreestyleConfig(12, 28, 4, 10, 28);
    public static final FreestyleConfig STRONG = new FreestyleConfig(20, 36, 4, 12, 28);

    /** The reference's limit on init hashes (MAX_INIT_HASHES in freestyle.h). */
    static final int MAX_INIT_HASHES = 56;

    public FreestyleConfig {
        require(minRounds >= 1 && minRounds <= maxRounds && maxRounds <= 255, "1 <= minRounds <= maxRounds <= 255");
        require(precomputedRounds >= 0 && precomputedRounds <= 15 && precomputedRounds <= minRounds - 4,
                "0 <= precomputedRounds <= min(15, minRounds - 4)");
        require(pepperBits >= 8 && pepperBits <= 24, "8 <= pepperBits <= 24");
        require(initHashes >= 7 && initHashes <= MAX_INIT_HASHES, "7 <= initHashes <= " + MAX_INIT_HASHES);
        // A block hashes once per interval from minRounds on; the reference's one-byte hashes must stay distinct.
        require((maxRounds - minRounds) / gcd(minRounds, maxRounds) + 1 <= 256, "at most 256 hash points per block");
    }

    /** Rounds between two hashes of a block: the reference's gcd(minRounds, maxRounds). */
    public int hashInterval() {
        return gcd(minRounds, maxRounds);
    }

    /** How many round counts a block can take: minRounds, minRounds + interval, ..., maxRounds. */
    public int roundChoices() {
        return (maxRounds - minRounds) / hashInterval() + 1;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    private static void require(boolean ok, String rule) {
        if (!ok) {
            throw new IllegalArgumentException("Freestyle parameters break " + rule);
        }
    }
}
