package org.maat.disguise.search;

import java.util.List;
import org.maat.disguise.search.SearchRecords.Decorrelation;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.ProfileFile;
import org.maat.disguise.search.SearchRecords.SpeaksFor;

/**
 * What one search disguise changed, sealed to its principal ({@link org.maat.disguise.store.SealedBags}):
 * everything a reveal needs to put back, and the pseudoprincipals whose keys it holds.
 *
 * @param removed      documents taken out of the conduit store, the policy store and the index
 * @param decorrelated documents whose owner became a pseudoprincipal (the conduit as it was)
 * @param facts        facts removed (friendships in both directions)
 * @param present      the other parties of {@code facts} that were in the data apart from the principal when
 *                     the disguise was applied ({@link SearchData#present}): a reveal leaves out a fact with one
 *                     of them only if they have left since
 * @param profile      the files of {@code profile/PRINCIPAL}, if history was removed
 * @param accountHash  the principal's password hash, if the login was removed; else null
 * @param forgotKey    whether the disguise forgot the principal's registered key (it removed the login)
 * @param roles        the principal's line of {@code DATA/roles} (its roles, in order), taken out with the login;
 *                     empty when it held none
 * @param watches      for each party of {@code present} (but pseudoprincipals), the token of the watch filed under
 *                     them ({@link Departures}): what tells a reveal whether they left since by their own disguise
 * @param takenWatches the tokens of the watches filed under the principal that this disguise took
 * @param employeeAt   the principal's position in {@code manifest.json}'s list of employees, taken out with the
 *                     login; null when it was not listed
 */
record SearchBag(String disguise, String principal, long appliedMillis, List<SpeaksFor> speaksFor,
                 List<LabelledRecord> removed, List<Decorrelation> decorrelated, List<FactRecord> facts,
                 List<String> present, List<ProfileFile> profile, String accountHash, boolean forgotKey,
                 List<String> roles, java.util.Map<String, String> watches, List<String> takenWatches,
                 Integer employeeAt) {

    SearchBag {
        speaksFor = List.copyOf(speaksFor);
        removed = List.copyOf(removed);
        decorrelated = List.copyOf(decorrelated);
        facts = List.copyOf(facts);
        present = present == null ? List.of() : List.copyOf(present); // absent from bags sealed before it existed
        profile = List.copyOf(profile);
        roles = roles == null ? List.of() : List.copyOf(roles); // absent from bags sealed before it existed
        // absent from bags sealed before watches existed: their parties are judged by presence (RevealPlanner)
        watches = watches == null ? java.util.Map.of() : java.util.Map.copyOf(watches);
        takenWatches = takenWatches == null ? List.of() : List.copyOf(takenWatches);
    }

    int changes() {
        return removed.size() + decorrelated.size() + facts.size() + profile.size() + (accountHash == null ? 0 : 1)
                + (roles.isEmpty() ? 0 : 1) + (employeeAt == null ? 0 : 1);
    }
}
