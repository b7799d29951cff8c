/**
 * A Lucene {@link org.apache.lucene.store.Directory} whose files are encrypted at rest in an
 * {@link org.maat.atrest.AtRestVolume}: {@link org.maat.atrest.lucene.AtRestDirectory}, a wrapper of an
 * {@link org.apache.lucene.store.FSDirectory} that composes with the other wrappers (core's PolicyDirectory on top).
 */
package org.maat.atrest.lucene;
