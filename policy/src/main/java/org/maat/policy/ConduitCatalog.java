package org.maat.policy;

import java.util.Optional;

/** Looks conduits up by id: the policy store in production, a map in tests. */
public interface ConduitCatalog {

    Optional<Conduit> find(String conduitId);
}
