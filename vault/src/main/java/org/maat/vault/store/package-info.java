/** One vault server's durable store: an H2 MVStore file of verifiers, permissions, collections and secrets. */
package org.maat.vault.store;
