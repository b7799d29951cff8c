package org.maat.disguise.search;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.maat.disguise.search.SearchRecords.Decorrelation;
import org.maat.disguise.search.SearchRecords.FactRecord;
import org.maat.disguise.search.SearchRecords.LabelledRecord;
import org.maat.disguise.search.SearchRecords.ProfileFile;
import org.maat.disguise.search.SearchRecords.SpeaksFor;
import org.maat.disguise.search.SearchRecords.TakenWatch;
import org.maat.disguise.search.SearchRecords.WithdrawnViews;

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
 * @param listedEmployee whether the principal was in {@code manifest.json}'s list of employees, taken out with the
 *                     login (a reveal puts it back where the manifest's one order puts it)
 * @param views        the lines of other users' search histories that named a removed document, taken out with it
 * @param viewWatches  for each document still in the data that the principal's removed search history views (but
 *                     those this disguise removes), the token of the watch filed under it ({@link Departures}): a
 *                     reveal leaves out the lines naming a document whose owner's disguise took it since
 * @param takenViewWatches the watches filed under the documents this disguise removed, each with its return key
 * @param composedBy   the storage key of the bag of a later disguise applied after this one ({@code --after}); this
 *                     bag is revealed only once that one is
 */
record SearchBag(String disguise, String principal, long appliedMillis, List<SpeaksFor> speaksFor,
                 List<LabelledRecord> removed, List<Decorrelation> decorrelated, List<FactRecord> facts,
                 List<String> present, List<ProfileFile> profile, String accountHash, boolean forgotKey,
                 List<String> roles, java.util.Map<String, String> watches, List<String> takenWatches,
                 boolean listedEmployee, List<WithdrawnViews> views, java.util.Map<String, String> viewWatches,
                 List<TakenWatch> takenViewWatches, String composedBy) {

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
        views = views == null ? List.of() : List.copyOf(views);
        viewWatches = viewWatches == null ? java.util.Map.of() : java.util.Map.copyOf(viewWatches);
        takenViewWatches = takenViewWatches == null ? List.of() : List.copyOf(takenViewWatches);
    }

    /** This bag, marked as composed on by the later disguise whose bag is stored under {@code storageKey}. */
    SearchBag markedComposedBy(String storageKey) {
        return new SearchBag(disguise, principal, appliedMillis, speaksFor, removed, decorrelated, facts, present,
                profile, accountHash, forgotKey, roles, watches, takenWatches, listedEmployee, views, viewWatches,
                takenViewWatches, storageKey);
    }

    /**
     * Reads a bag as sealed, including one sealed when it recorded the principal's position among the employees
     * ({@code employeeAt}, a number or null): its presence says the principal was listed, its value is ignored.
     */
    @JsonCreator
    static SearchBag read(@JsonProperty("disguise") String disguise, @JsonProperty("principal") String principal,
                          @JsonProperty("appliedMillis") long appliedMillis,
                          @JsonProperty("speaksFor") List<SpeaksFor> speaksFor,
                          @JsonProperty("removed") List<LabelledRecord> removed,
                          @JsonProperty("decorrelated") List<Decorrelation> decorrelated,
                          @JsonProperty("facts") List<FactRecord> facts, @JsonProperty("present") List<String> present,
                          @JsonProperty("profile") List<ProfileFile> profile,
                          @JsonProperty("accountHash") String accountHash,
                          @JsonProperty("forgotKey") boolean forgotKey, @JsonProperty("roles") List<String> roles,
                          @JsonProperty("watches") java.util.Map<String, String> watches,
                          @JsonProperty("takenWatches") List<String> takenWatches,
                          @JsonProperty("listedEmployee") Boolean listedEmployee,
                          @JsonProperty("employeeAt") Integer employeeAt,
                          @JsonProperty("views") List<WithdrawnViews> views,
                          @JsonProperty("viewWatches") java.util.Map<String, String> viewWatches,
                          @JsonProperty("takenViewWatches") List<TakenWatch> takenViewWatches,
                          @JsonProperty("composedBy") String composedBy) {
        boolean listed = listedEmployee != null ? listedEmployee : employeeAt != null;
        return new SearchBag(disguise, principal, appliedMillis, speaksFor, removed, decorrelated, facts, present,
                profile, accountHash, forgotKey, roles, watches, takenWatches, listed, views, viewWatches,
                takenViewWatches, composedBy);
    }

    int changes() {
        return removed.size() + decorrelated.size() + facts.size() + profile.size() + (accountHash == null ? 0 : 1)
                + (roles.isEmpty() ? 0 : 1) + (listedEmployee ? 1 : 0)
                + views.stream().mapToInt(v -> v.lines().size()).sum();
    }
}
