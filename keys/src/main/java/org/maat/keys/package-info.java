/**
 * Key sources: the {@link org.maat.keys.KeySource} interface every keyed part of Maat takes, the key file
 * ({@link org.maat.keys.KeyFile}, the embedded default), and {@link org.maat.keys.KeySources}, which opens
 * a spec ({@code file:PATH}, a bare path, or a provider's scheme such as {@code vault:DIR/COLLECTION/NAME}).
 */
package org.maat.keys;
