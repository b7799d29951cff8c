/**
 * Disguises over Maat's own search data ({@link org.maat.disguise.search.SearchDisguises}): a user
 * deletes or anonymizes their account (documents, friendships, search history, login) and may restore
 * it with their private key. Bags, the principals' public keys and the roll-forward journal that makes
 * a change spanning the policy store, the conduit store, the index, the accounts and the profile
 * directories crash-atomic live in {@code DATA/disguise.db} (an H2 MVStore, every commit synced).
 * A disguise runs as tasks of the reference monitor and never writes the MAL log.
 */
package org.maat.disguise.search;
