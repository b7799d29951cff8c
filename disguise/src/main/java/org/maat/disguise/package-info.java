/**
 * Reversible data disguises after Edna: a disguise removes, modifies or decorrelates a principal's
 * data and keeps what it changed sealed to that principal's public key, in a bag that only a random
 * locator finds. Only the holder of the private key can reveal it. Packages: {@code crypto} (keys,
 * HPKE sealing), {@code bag} (locators, sealed bags, bag stores), {@code spec} (disguise
 * specifications), {@code jdbc} (disguises over any JDBC database), {@code search} (over Maat's own
 * search data).
 */
package org.maat.disguise;
