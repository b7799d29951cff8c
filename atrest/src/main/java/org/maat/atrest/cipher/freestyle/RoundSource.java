package org.maat.atrest.cipher.freestyle;

/**
 * Where Freestyle's random choices (pepper, round counts) come from: uniform integers, in the order the reference
 * draws them with {@code arc4random_uniform}. A secure generator in use; a replay of the reference's draws in tests.
 */
interface RoundSource {

    /** A uniform integer in [0, bound). */
    int below(int bound);
}
