package org.maat.encdb.advise;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the workload does with one column, gathered query by query: the uses that an onion serves in H2
 * (a range against a constant needs Ord, a LIKE conjunct Search, a SUM in a block H2 can otherwise run Add)
 * and the uses that no onion serves (left to the client after decryption), each with the query's label.
 */
final class ColumnNeeds {

    final Set<String> ord = new LinkedHashSet<>();
    final Set<String> add = new LinkedHashSet<>();
    final Set<String> search = new LinkedHashSet<>();
    final List<String> likePatterns = new ArrayList<>();
    final Set<String> clientOnly = new LinkedHashSet<>();
    final Set<String> equality = new LinkedHashSet<>();
}
