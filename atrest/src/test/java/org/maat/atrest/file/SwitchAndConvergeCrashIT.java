package org.maat.atrest.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * SIGKILL during switches and convergence: a child JVM switches and converges a volume in a loop and is killed
 * at random instants; after each kill every block of every file must read back its plaintext under a cipher the
 * configurations named (ChaCha8 or ChaCha20) or, for data that requires ChaCha12, ChaCha12 itself (what the
 * volume picks when no configured cipher is strong enough), and at least as strong as its data requires. The same check catches the unsafe order (old copy emptied before the new one is
 * written): {@link #theCheckCatchesAConvergenceThatEmptiesTheOldCopyFirst} shows the test can fail.
 */
class SwitchAndConvergeCrashIT {

    private static final int B = 512;
    private static final int FILES = 4;

    @TempDir
    Path tmp;

    private static byte[] content(int file) {
        byte[] b = new byte[B * (10 + 7 * file) + 33 * file];
        new Random(file).nextBytes(b);
        return b;
    }

    private Path setUp() throws IOException {
        AtRestVolume v = AtRestVolume.create(tmp.resolve("data"), Ciphers.CHACHA8, "file:" + tmp.resolve("k.key"), B);
        for (int f = 0; f < FILES; f++) {
            byte[] data = content(f);
            try (EncryptedChannel ch = v.open(v.root().resolve("f" + f), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(data, 0, data.length / 2));
                ch.requireAtLeast(f % 2 == 0 ? Ciphers.CHACHA12 : null);
                ch.write(ByteBuffer.wrap(data, data.length / 2, data.length - data.length / 2));
            }
        }
        return v.root();
    }

    /** Runs the child until it has started, lets it work a random while, and kills it. */
    private void killMidway(Path root, String mode, Random random) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SwitchAndConvergeChild.class.getName(), root.toString(), tmp.resolve("k.key").toString(),
                String.valueOf(random.nextLong()), mode).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertThat(line).as("child output").isEqualTo("started");
            Thread.sleep(100 + random.nextInt(700));
            assertThat(child.isAlive()).as("child still switching").isTrue();
        } finally {
            child.toHandle().destroyForcibly(); // SIGKILL
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Every failure to read a block back as written, under a cipher the child used and the data allows. */
    private List<String> check(Path root) throws IOException {
        List<String> problems = new ArrayList<>();
        AtRestVolume v = AtRestVolume.open(root, KeySources.open("file:" + tmp.resolve("k.key")));
        Set<AtRestCipher> used = Set.of(Ciphers.CHACHA8, Ciphers.CHACHA20);
        assertThat(used).contains(v.writeCipher());
        for (int f = 0; f < FILES; f++) {
            byte[] data = content(f);
            Path file = root.resolve("f" + f);
            try (EncryptedChannel ch = v.open(file, StandardOpenOption.READ)) {
                ByteBuffer got = ByteBuffer.allocate(data.length);
                for (long block = 0; block * B < data.length; block++) {
                    got.limit((int) Math.min(data.length, (block + 1) * B)).position((int) (block * B));
                    try {
                        ch.read(got, block * B);
                    } catch (IOException e) {
                        problems.add(e.getMessage());
                    }
                }
                if (ch.size() != data.length || !java.util.Arrays.equals(got.array(), data)) {
                    problems.add(file + ": content differs");
                }
                List<AtRestCipher> ciphers = ch.blockCiphers();
                for (int b = 0; b < ciphers.size(); b++) {
                    AtRestCipher c = ciphers.get(b);
                    boolean requires12 = f % 2 == 0 && (long) (b + 1) * B > data.length / 2;
                    boolean known = used.contains(c) || requires12 && c.equals(Ciphers.CHACHA12);
                    if (!known || requires12 && c.strength() < Ciphers.CHACHA12.strength()) {
                        problems.add(file + ": block " + b + " under " + c);
                    }
                }
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    @Test
    void everyBlockSurvivesKillsMidSwitchAndMidConverge() throws Exception {
        Path root = setUp();
        Random random = new Random(16);
        for (int round = 0; round < 6; round++) {
            killMidway(root, "safe", random);
            assertThat(check(root)).as("after kill %d", round).isEmpty();
        }
        // And the volume still converges to a clean state afterwards.
        AtRestVolume v = AtRestVolume.open(root, KeySources.open("file:" + tmp.resolve("k.key")));
        v.switchTo(Ciphers.CHACHA20, SwitchModel.FORWARD);
        v.converge(done -> { });
        assertThat(check(root)).isEmpty();
        for (int f = 0; f < FILES; f++) {
            assertThat(v.physicalFiles(root.resolve("f" + f))).hasSize(1);
        }
    }

    @Test
    void theCheckCatchesAConvergenceThatEmptiesTheOldCopyFirst() throws Exception {
        Path root = setUp();
        Random random = new Random(61);
        List<String> problems = new ArrayList<>();
        for (int round = 0; round < 10 && problems.isEmpty(); round++) {
            killMidway(root, "unsafe", random);
            problems = check(root);
        }
        assertThat(problems).as("a kill between emptying and writing loses the block").isNotEmpty();
        assertThat(String.join("\n", problems)).contains("missing from every region");
    }
}
