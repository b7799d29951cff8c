package org.maat.bench.disguise;

/**
 * Which generated users each part of the WebSubmit benchmark uses, so that no user is disguised twice
 * and normal edits never touch a disguised user: first the concurrency part's disguisers, then, per
 * measured disguise kind, {@code perKind} users (warm-up ones first), then the normal users the edits
 * draw from.
 */
record UserPlan(int users, int disguisers, int perKind, int kinds) {

    UserPlan {
        if (normalCount(users, disguisers, perKind, kinds) < 1) {
            throw new IllegalArgumentException(users + " users are too few for " + disguisers + " disguisers and "
                    + kinds + " disguise kinds of " + perKind + " users each, with users left for normal edits: "
                    + "give more --users or fewer --runs / --disguisers");
        }
    }

    private static long normalCount(int users, int disguisers, int perKind, int kinds) {
        return users - disguisers - (long) perKind * kinds;
    }

    int disguiser(int n) {
        return n;
    }

    /** User number {@code n} of disguise kind {@code kind} (0 to kinds - 1). */
    int ofKind(int kind, int n) {
        return disguisers + kind * perKind + n;
    }

    int firstNormal() {
        return disguisers + perKind * kinds;
    }

    int normalCount() {
        return (int) normalCount(users, disguisers, perKind, kinds);
    }
}
