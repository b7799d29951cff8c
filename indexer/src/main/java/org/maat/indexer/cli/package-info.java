/** The indexing commands, {@code maat index} and {@code maat bench index}, over both engines. */
package org.maat.indexer.cli;
