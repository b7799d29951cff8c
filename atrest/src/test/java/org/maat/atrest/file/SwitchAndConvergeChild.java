package org.maat.atrest.file;

import java.nio.file.Path;
import java.util.Random;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * The child JVM of {@link SwitchAndConvergeCrashIT}: switches the volume between ChaCha8 and ChaCha20 under
 * random models and converges after each switch, forever, until killed. Arguments: root, key file, seed,
 * {@code safe} or {@code unsafe} (the test-only convergence that empties the old copy first).
 */
public final class SwitchAndConvergeChild {

    private SwitchAndConvergeChild() {
    }

    /** Empties a block's old copies before writing its new one, and dawdles in between: the order not to use. */
    static final class UnsafeConvergence extends Convergence {
        UnsafeConvergence(VolumeFiles files, Path root) {
            super(files, root);
        }

        @Override
        protected boolean safeOrder() {
            return false;
        }

        @Override
        protected void betweenSteps() {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        VolumeKey key = VolumeKey.from(KeySources.open("file:" + args[1]));
        Random random = new Random(Long.parseLong(args[2]));
        boolean safe = args[3].equals("safe");
        AtRestVolume volume = AtRestVolume.open(root, KeySources.open("file:" + args[1]));
        VolumeFiles files = new VolumeFiles(key, new ConfigFile(root.resolve(AtRestVolume.CONFIG_FILE), key));
        Convergence convergence = safe ? new Convergence(files, root) : new UnsafeConvergence(files, root);
        AtRestCipher[] ciphers = {Ciphers.CHACHA8, Ciphers.CHACHA20};
        System.out.println("started");
        System.out.flush();
        // The volume starts under ChaCha8: the first switch (to ChaCha20) gives convergence every block to move.
        // The unsafe run keeps to the models that move blocks (Mirrored only adds copies).
        for (int cycle = 1; ; cycle++) {
            SwitchModel model = safe ? SwitchModel.values()[random.nextInt(3)]
                    : random.nextBoolean() ? SwitchModel.FORWARD : SwitchModel.SELECTIVE;
            volume.switchTo(ciphers[cycle % 2], model);
            files.config().refresh();
            convergence.run(done -> { });
        }
    }
}
