package org.maat.core.search;

import java.util.Optional;
import org.apache.lucene.search.Query;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;

/**
 * Builds, for one session, a Lucene query matching the documents that session may read. It is
 * task code and may be wrong: the monitor checks the result list it produces and refuses it if it
 * names a document the session may not read.
 */
@FunctionalInterface
public interface AccessFilter {

    /** The filter for {@code session}, or empty for none (raw Lucene). */
    Optional<Query> filter(Session session, FactSource facts);

    /** No filter: every matching document. */
    static AccessFilter none() {
        return (session, facts) -> Optional.empty();
    }
}
