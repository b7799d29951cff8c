/**
 * Maat's search pipeline core: the conduit store, corpus readers, the population generator, and
 * confined Lucene indexing and search whose every file access goes through the policy monitor.
 */
package org.maat.core;
