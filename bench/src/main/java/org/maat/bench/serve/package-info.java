/**
 * {@code maat bench serve} and {@code maat bench overload}: closed-loop HTTP load on loopback
 * against the front-end's JSON API, on the {@code --no-policy} baseline, the all-public data set and
 * the full 30/50/20 mix side by side in one run; and a burst past a front-end's capacity.
 */
package org.maat.bench.serve;
