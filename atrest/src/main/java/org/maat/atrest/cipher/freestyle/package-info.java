/**
 * Freestyle, the randomized ChaCha of Babu and Thomas (eprint 2018/1127; reference implementation
 * github.com/arun-babu/freestyle), authenticated with Poly1305 as an {@link org.maat.atrest.cipher.AtRestCipher}:
 * {@link org.maat.atrest.cipher.freestyle.FreestylePoly1305}, run with one of the configurations Fast, Balanced and
 * Strong ({@link org.maat.atrest.cipher.freestyle.FreestyleConfig}). Output matches the reference byte for byte when
 * its random draws are replayed (the tests' vectors).
 */
package org.maat.atrest.cipher.freestyle;
