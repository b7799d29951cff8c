package org.maat.policy.lang;

/**
 * The {@code until} clause of a declassify rule: the condition on the bytes written under which
 * a tainted task may write even though the declassify body does not hold.
 */
public enum Release {
    /** The payload is a list of existing conduit ids. */
    ONLY_CND_IDS("ONLY_CND_IDS"),
    /** As {@link #ONLY_CND_IDS}, and the destination's session may read every listed conduit. */
    ONLY_CND_IDS_PLUS("ONLY_CND_IDS+");

    private final String keyword;

    Release(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }
}
