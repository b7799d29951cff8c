package org.maat.atrest.file;

import java.util.function.Consumer;

/**
 * A test's view of every seal (file salt, cipher id, nonce), to check that no nonce is used twice under one
 * key. Off unless a test installs a listener; one volatile read per block otherwise.
 */
public final class SealLog {

    /** One seal. */
    public record Seal(byte[] salt, int cipherId, byte[] nonce) {
    }

    private static volatile Consumer<Seal> listener;

    private SealLog() {
    }

    /** Sends every seal from now on to {@code l} (null: stop). For tests. */
    public static void listen(Consumer<Seal> l) {
        listener = l;
    }

    static void record(byte[] salt, int cipherId, byte[] nonce) {
        Consumer<Seal> l = listener;
        if (l != null) {
            l.accept(new Seal(salt.clone(), cipherId, nonce.clone()));
        }
    }
}
