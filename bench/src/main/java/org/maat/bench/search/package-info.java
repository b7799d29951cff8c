/**
 * {@code maat bench search}: the monitor's search overhead on one open index, and Thoth's title
 * workload ({@link org.maat.bench.search.TitleQueries}) that every search benchmark draws from.
 */
package org.maat.bench.search;
