package org.maat.policy.templates;

import java.util.Locale;

/**
 * The policies Maat ships (ARCHITECTURE.md section 2). Each is parameterised by {@code this.owner}
 * and {@code this.id} only, so every document with the same template shares one policy id.
 */
public enum StandardPolicy {
    PUBLIC("public", "true", true),
    PRIVATE("private", "sKeyIs(this.owner)", true),
    FRIENDS("friends", "sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K))", true),
    FOF("fof", "sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K))"
            + " or (sKeyIs(K) and friend(this.owner, F) and friend(F, K))", true),
    MAL("mal", "sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K))"
            + " or (sKeyIs(K) and employee(K) and logged(K, this.id))", true),
    HISTORY("history", "sKeyIs(this.owner)", false),
    INDEX("index", "false", false),
    MAL_LOG("mal-log", "sKeyIs(this.owner)", false);

    private final String templateName;
    private final String readBody;
    private final boolean document;

    StandardPolicy(String templateName, String readBody, boolean document) {
        this.templateName = templateName;
        this.readBody = readBody;
        this.document = document;
    }

    public String templateName() {
        return templateName;
    }

    /** The body of the read rule, before any censorship. */
    public String readBody() {
        return readBody;
    }

    /** Whether this is a document policy (and so may be censored). */
    public boolean isDocumentPolicy() {
        return document;
    }

    public static StandardPolicy byName(String name) {
        for (StandardPolicy p : values()) {
            if (p.templateName.equals(name.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        return null;
    }
}
