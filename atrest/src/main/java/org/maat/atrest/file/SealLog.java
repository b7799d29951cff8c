package org.maat.atrest.file;

import java.util.function.Consumer;

/**
 * A test's view of every seal: the key and the nonce the cipher ran under (after {@link BlockNonce#derive}), and
 * the cipher's id, to check that no (key, nonce) pair is used twice; and which file (by salt) and block it sealed.
 * Off unless a test installs a listener; one volatile read per block otherwise.
 */
public final class SealLog {

    /** One seal. */
    public record Seal(byte[] key, int cipherId, byte[] nonce, byte[] salt, long block) {
    }

    private static volatile Consumer<Seal> listener;

    private SealLog() {
    }

    /** Sends every seal from now on to {@code l} (null: stop). For tests. */
    public static void listen(Consumer<Seal> l) {
        listener = l;
    }

    static void record(byte[] key, int cipherId, byte[] nonce, byte[] salt, long block) {
        Consumer<Seal> l = listener;
        if (l != null) {
            l.accept(new Seal(key.clone(), cipherId, nonce.clone(), salt.clone(), block));
        }
    }
}
