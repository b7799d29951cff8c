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
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * SIGKILL during rewrites of blocks already on disk (appending into a forced partial last block, overwriting
 * a range in place, as the conduit store's commits and erasures do): a child JVM rewrites and forces in a
 * loop, its writes torn at page boundaries as a kill can tear them, and is killed at random instants under
 * each switching model. After each kill every acknowledged (forced) byte must read back, and the one step in
 * flight may show only its own bytes. {@link #theCheckCatchesRewritesInPlace} shows the test can fail: the
 * test-only rewrite over the only copy loses acknowledged bytes.
 */
class RewriteCrashIT {

    private static final String FILE = "segment";

    @TempDir
    Path tmp;

    private Path key() {
        return tmp.resolve("k.key");
    }

    /** A volume of 4 KB blocks holding a file of five blocks and a partial sixth, forced. */
    private byte[] setUp() throws IOException {
        AtRestVolume v = AtRestVolume.create(tmp.resolve("data"), Ciphers.CHACHA20, "file:" + key());
        byte[] data = RewriteChild.bytes(16, 5 * AtRestVolume.DEFAULT_BLOCK_SIZE + 100);
        try (EncryptedChannel ch = v.open(v.root().resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(data));
            ch.force(true);
        }
        return data;
    }

    private Path root() {
        return tmp.resolve("data").toAbsolutePath().normalize();
    }

    /** One step the child began: what it writes where; {@code acked} once its force returned. */
    private record Step(boolean append, long pos, byte[] bytes, boolean acked) {
    }

    /** Starts the child, lets it rewrite a random while, kills it, and returns the steps it reported. */
    private List<Step> killMidway(String rewrites, Random random) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                RewriteChild.class.getName(), root().toString(), key().toString(), FILE,
                String.valueOf(random.nextLong()), rewrites).redirectErrorStream(true).start();
        List<Step> steps = new ArrayList<>();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("child output").isEqualTo("started");
            Thread.sleep(150 + random.nextInt(600));
            assertThat(child.isAlive()).as("child still rewriting").isTrue();
            child.toHandle().destroyForcibly(); // SIGKILL
            child.waitFor(10, TimeUnit.SECONDS);
            for (String line; (line = out.readLine()) != null; ) {
                if (line.equals("ack")) {
                    Step last = steps.remove(steps.size() - 1);
                    steps.add(new Step(last.append, last.pos, last.bytes, true));
                } else {
                    String[] f = line.split(" ");
                    assertThat(f[0]).as("child output").isEqualTo("begin");
                    int length = Integer.parseInt(f[3]);
                    steps.add(new Step(f[1].equals("A"), Long.parseLong(f[2]),
                            RewriteChild.bytes(Long.parseLong(f[4]), length), false));
                }
            }
        } finally {
            child.toHandle().destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
        return steps;
    }

    private static byte[] apply(byte[] content, Step s) {
        byte[] out = Arrays.copyOf(content, (int) Math.max(content.length, s.pos + s.bytes.length));
        System.arraycopy(s.bytes, 0, out, (int) s.pos, s.bytes.length);
        return out;
    }

    /**
     * Reads the file back and lists every difference from the acknowledged content; a byte of the step in
     * flight may show its new value. Returns the content read (the next round's starting point) in {@code read[0]}.
     */
    private List<String> check(byte[] acked, Step inFlight, byte[][] read) throws IOException {
        List<String> problems = new ArrayList<>();
        AtRestVolume v = AtRestVolume.open(root(), KeySources.open("file:" + key()));
        byte[] got;
        try (EncryptedChannel ch = v.open(root().resolve(FILE), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // reads the whole file
            }
            got = b.array();
        } catch (IOException e) {
            problems.add(e.getMessage());
            return problems;
        }
        byte[] newer = inFlight == null ? acked : apply(acked, inFlight);
        if (got.length < acked.length || got.length > newer.length) {
            problems.add("size " + got.length + ", acknowledged " + acked.length);
        }
        for (int p = 0; p < Math.min(got.length, acked.length); p++) {
            if (got[p] != acked[p] && got[p] != newer[p]) {
                problems.add("byte " + p + " is neither acknowledged nor in flight");
                break;
            }
        }
        read[0] = got;
        return problems;
    }

    /** Runs rounds of kill-and-check; returns the first round's problems, or none. */
    private List<String> rounds(String rewrites, SwitchModel[] models, int rounds, long seed) throws Exception {
        byte[] content = setUp();
        Random random = new Random(seed);
        AtRestVolume v = AtRestVolume.open(root(), KeySources.open("file:" + key()));
        for (int round = 0; round < rounds; round++) {
            SwitchModel model = models[round % models.length];
            v.switchTo(round % 2 == 0 ? Ciphers.CHACHA20 : Ciphers.CHACHA8, model);
            List<Step> steps = killMidway(rewrites, random);
            Step inFlight = null;
            for (Step s : steps) {
                if (s.acked) {
                    content = apply(content, s);
                } else {
                    inFlight = s;
                }
            }
            byte[][] read = new byte[1][];
            List<String> problems = check(content, inFlight, read);
            if (!problems.isEmpty()) {
                problems.add(0, "round " + round + " (" + model + ", " + steps.size() + " steps)");
                return problems;
            }
            content = read[0];
        }
        return List.of();
    }

    @Test
    void everyAcknowledgedByteSurvivesKillsMidRewrite() throws Exception {
        SwitchModel[] models = {SwitchModel.FORWARD, SwitchModel.SELECTIVE, SwitchModel.MIRRORED};
        assertThat(rounds("staged", models, 6, 16)).isEmpty();
    }

    @Test
    void theCheckCatchesRewritesInPlace() throws Exception {
        List<String> problems = rounds("in-place", new SwitchModel[] {SwitchModel.FORWARD}, 10, 61);
        assertThat(problems).as("a torn rewrite of the only copy loses the block").isNotEmpty();
        assertThat(String.join("\n", problems)).contains("fails authentication");
    }
}
