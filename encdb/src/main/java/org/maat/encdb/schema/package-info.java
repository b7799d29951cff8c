/**
 * The encrypted schema: logical tables and columns with their types, onions and the current layer of
 * each onion ({@link org.maat.encdb.schema.Catalog}, persisted in H2 next to the data and changed in the
 * same transaction as the data it describes), and the {@link org.maat.encdb.schema.LayerReport} of
 * what the database exposes.
 */
package org.maat.encdb.schema;
