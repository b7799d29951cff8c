package org.maat.disguise.search;

import java.util.List;
import org.maat.disguise.search.SearchRecords.ConduitRecord;
import org.maat.disguise.search.SearchRecords.DocumentRecord;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.HistoryRewrite;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.ProfileFile;

/**
 * The full change one apply or reveal makes to Maat's stores, written to the journal before any store
 * changes, so that a crash part way is rolled forward from it. Every part is a state to reach, not a
 * step to repeat: applying a part twice leaves what applying it once does.
 *
 * @param direction       whether the plan takes data away (an apply) or brings it back (a reveal): it decides
 *                        the order in which {@link PlanApplier} reaches the stores
 * @param putConduits     conduits the policy store must hold (restored, or re-owned by a pseudoprincipal)
 * @param removeConduits  conduit ids the policy store must not hold
 * @param addFacts        facts the policy store must hold
 * @param removeFacts     facts it must not hold
 * @param removeDocuments document ids the conduit store must not hold (erased physically)
 * @param restoreDocuments documents the conduit store must hold again under their ids
 * @param unindex         document ids the index must not hold
 * @param index           documents the index must hold, with their conduits (replacing any of the same id)
 * @param account         the principal whose login changes, or null when it does not
 * @param accountHash     its hash to restore, or null to remove it
 * @param profileUser     the principal whose profile directory changes, or null when none does
 * @param profile         the files to restore into it, or null to remove it
 * @param rolesUser       the principal whose line of {@code DATA/roles} changes, or null when it does not
 * @param roles           its roles to restore, or null to take its line out
 * @param employee        the principal who leaves {@code manifest.json}'s list of employees (taking away) or comes
 *                        back into it (bringing back), or null; the manifest keeps the list in its one order
 * @param withdrawViewsFrom (taking away) the users whose search history loses every line naming a document of
 *                        {@code removeDocuments}
 * @param restoreViews    (bringing back) the search histories that get such lines back
 */
@com.fasterxml.jackson.annotation.JsonIgnoreProperties({"employeeAt"}) // a position journals once held: the order now says it
record SearchPlan(Direction direction, List<ConduitRecord> putConduits, List<String> removeConduits, List<FactRecord> addFacts,
                  List<FactRecord> removeFacts, List<String> removeDocuments, List<DocumentRecord> restoreDocuments,
                  List<String> unindex, List<LabelledRecord> index, String account, String accountHash,
                  String profileUser, List<ProfileFile> profile, String rolesUser, List<String> roles,
                  String employee, List<String> withdrawViewsFrom, List<HistoryRewrite> restoreViews) {

    /** What a plan does to the principal's data. */
    enum Direction {
        /** An apply: documents, conduits, facts, login and history go (or are re-owned). */
        TAKES_AWAY,
        /** A reveal: what a bag holds comes back. */
        BRINGS_BACK
    }

    SearchPlan {
        java.util.Objects.requireNonNull(direction, "direction");
        putConduits = List.copyOf(putConduits);
        removeConduits = List.copyOf(removeConduits);
        addFacts = List.copyOf(addFacts);
        removeFacts = List.copyOf(removeFacts);
        removeDocuments = List.copyOf(removeDocuments);
        restoreDocuments = List.copyOf(restoreDocuments);
        unindex = List.copyOf(unindex);
        index = List.copyOf(index);
        profile = profile == null ? null : List.copyOf(profile);
        roles = roles == null ? null : List.copyOf(roles);
        withdrawViewsFrom = withdrawViewsFrom == null ? List.of() : List.copyOf(withdrawViewsFrom);
        restoreViews = restoreViews == null ? List.of() : List.copyOf(restoreViews);
    }
}
