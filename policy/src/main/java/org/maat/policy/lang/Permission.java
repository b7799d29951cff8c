package org.maat.policy.lang;

/** What a rule grants: reading the conduit, updating it, or releasing data derived from it. */
public enum Permission {
    READ("read"), UPDATE("update"), DECLASSIFY("declassify");

    private final String keyword;

    Permission(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    public static Permission ofKeyword(String keyword) {
        for (Permission p : values()) {
            if (p.keyword.equals(keyword)) {
                return p;
            }
        }
        return null;
    }
}
