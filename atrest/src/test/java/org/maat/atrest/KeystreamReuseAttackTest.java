package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.SealLog;

/**
 * Attacks on "no (key, nonce) pair ever repeats": what a backup, a copy or a careless administrator does to files
 * of a volume, then rewrites. Every seal is recorded where its nonce is made (the key and nonce the cipher runs
 * under, {@link SealLog}); a pair seen twice is a two-time pad and a reused Poly1305 key. Also: a file copied or
 * swapped to another name is refused by the at-rest layer itself, and a copied volume still reads.
 */
class KeystreamReuseAttackTest {

    private static final int B = 64;

    @TempDir
    Path tmp;

    /** Every (key, cipher, nonce) sealed, with how often. */
    private final Map<String, Integer> seals = new HashMap<>();

    @BeforeEach
    void record() {
        SealLog.listen(s -> seals.merge(HexFormat.of().formatHex(s.key()) + "/" + s.cipherId() + "/"
                + HexFormat.of().formatHex(s.nonce()), 1, Integer::sum));
    }

    @AfterEach
    void stop() {
        SealLog.listen(null);
    }

    private List<String> repeated() {
        return seals.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
    }

    private static void overwrite(AtRestVolume v, Path f, long at, byte[] data) throws IOException {
        try (FileChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(data), at);
        }
    }

    /** The base file and its region files, by physical name. */
    private static Map<String, byte[]> snapshot(AtRestVolume v, Path f) throws IOException {
        Map<String, byte[]> s = new HashMap<>();
        for (Path p : v.physicalFiles(f)) {
            s.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
        return s;
    }

    private static void restore(Path dir, Map<String, byte[]> snapshot) throws IOException {
        for (Map.Entry<String, byte[]> e : snapshot.entrySet()) {
            Files.write(dir.resolve(e.getKey()), e.getValue());
        }
    }

    private static byte[] slot(Path f, int block) throws IOException {
        byte[] raw = Files.readAllBytes(f);
        int slot = ByteBuffer.wrap(raw, 12, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        return java.util.Arrays.copyOfRange(raw, 64 + block * slot, 64 + (block + 1) * slot);
    }

    @Test
    void aFileCopiedWithinTheVolumeIsRefusedAndRewritesShareNoKeystream() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, B);
        Path f = v.root().resolve("f.dat");
        Path g = v.root().resolve("g.dat");
        TestVolumes.write(v, f, TestVolumes.bytes(1, 3 * B));
        Files.copy(f, g);

        assertThatThrownBy(() -> TestVolumes.readAll(v, g)).isInstanceOf(IOException.class)
                .hasMessageContaining("g.dat").hasMessageContaining("copied");
        assertThatThrownBy(() -> overwrite(v, g, 0, new byte[B])).isInstanceOf(IOException.class);

        // Both rewritten with the same plaintext, g after being created anew under its own name.
        byte[] same = TestVolumes.bytes(2, B);
        overwrite(v, f, 0, same);
        Files.delete(g);
        Files.copy(f, g);
        overwrite(v, f, 0, same);
        byte[] first = slot(f, 0);
        TestVolumes.write(v, g, TestVolumes.bytes(1, 3 * B));
        overwrite(v, g, 0, same);
        byte[] second = slot(g, 0);
        // Equal plaintexts, so equal ciphertexts would mean an equal keystream.
        assertThat(java.util.Arrays.copyOfRange(first, 40, 40 + B))
                .isNotEqualTo(java.util.Arrays.copyOfRange(second, 40, 40 + B));
        assertThat(repeated()).isEmpty();
        assertThat(TestVolumes.readAll(v, f)).startsWith(same);
    }

    /**
     * Rolled back while the volume is closed (a fresh instance after each restore, as a restart gives: an open
     * instance refuses the older copy, {@code RollbackWhileOpenTest}), then rewritten.
     */
    @Test
    void aFileRolledBackWithItsStagingFileNeverSealsAPairAgain() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, B);
        Path f = v.root().resolve("f.dat");
        TestVolumes.write(v, f, TestVolumes.bytes(3, 2 * B + 10));
        overwrite(v, f, B, TestVolumes.bytes(4, B)); // a staged rewrite: f.dat~chacha20 now exists
        assertThat(Files.exists(f.resolveSibling("f.dat~chacha20"))).isTrue();
        Map<String, byte[]> backup = snapshot(v, f);
        for (int round = 0; round < 3; round++) {
            overwrite(v, f, B, TestVolumes.bytes(5 + round, B));
            overwrite(v, f, 2 * B, TestVolumes.bytes(9 + round, 10));
            restore(v.root(), backup);
            v = TestVolumes.restarted(v);
        }
        overwrite(v, f, B, TestVolumes.bytes(20, B));
        assertThat(repeated()).isEmpty();
        // The base file rolled back alone, its staging file kept newer.
        Files.write(f, backup.get("f.dat"));
        v = TestVolumes.restarted(v);
        overwrite(v, f, B, TestVolumes.bytes(21, B));
        assertThat(repeated()).isEmpty();
    }

    @Test
    void aWholeVolumeCopiedReadsUnderItsOwnNameAndSharesNoKeystream() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, B);
        Path f = v.root().resolve("sub").resolve("f.dat");
        Files.createDirectories(f.getParent());
        byte[] data = TestVolumes.bytes(6, 4 * B);
        TestVolumes.write(v, f, data);
        Path copy = tmp.resolve("copy");
        try (Stream<Path> all = Files.walk(v.root())) {
            for (Path p : all.toList()) {
                Files.copy(p, copy.resolve(v.root().relativize(p).toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        // The configuration names the key relative to the volume: the copy, beside the same key, opens.
        assertThat(Files.readString(copy.resolve(AtRestVolume.CONFIG_FILE))).contains("\"file:../data.atrest.key\"")
                .doesNotContain(tmp.toString());
        AtRestVolume w = AtRestVolume.open(copy);
        Path cf = copy.resolve("sub").resolve("f.dat");
        assertThat(TestVolumes.readAll(w, cf)).isEqualTo(data);
        byte[] same = TestVolumes.bytes(7, B);
        overwrite(v, f, 0, same);
        overwrite(w, cf, 0, same);
        assertThat(java.util.Arrays.copyOfRange(slot(f, 0), 40, 40 + B))
                .isNotEqualTo(java.util.Arrays.copyOfRange(slot(cf, 0), 40, 40 + B));
        assertThat(repeated()).isEmpty();
    }

    @Test
    void twoFilesSwappedAreBothRefused() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA12, B);
        Path a = v.root().resolve("a");
        Path b = v.root().resolve("b");
        TestVolumes.write(v, a, TestVolumes.bytes(8, 2 * B));
        TestVolumes.write(v, b, TestVolumes.bytes(9, 2 * B));
        Path t = tmp.resolve("t");
        Files.move(a, t);
        Files.move(b, a);
        Files.move(t, b);
        for (Path p : List.of(a, b)) {
            assertThatThrownBy(() -> TestVolumes.readAll(v, p)).isInstanceOf(IOException.class)
                    .hasMessageContaining(p.getFileName().toString()).hasMessageContaining("fails authentication");
            assertThatThrownBy(() -> v.size(p)).isInstanceOf(IOException.class);
        }
        // A move through the volume binds the file to its new name.
        Files.move(a, t);
        Files.move(b, a);
        Files.move(t, b);
        v.move(a, v.root().resolve("c"));
        assertThat(TestVolumes.readAll(v, v.root().resolve("c"))).isEqualTo(TestVolumes.bytes(8, 2 * B));
    }

    /**
     * Random schedules of writes, staged rewrites, truncations, copies of files over others, rollbacks of a
     * file (with or without its region files) and of the whole volume to an earlier backup, and crashes
     * (a channel dropped without closing, then the disk as it was left): no (key, nonce) pair is ever sealed twice.
     * Each rollback is followed by a restart (a fresh instance), so that the rollback is not refused and the
     * rewrites that follow run over the older copy.
     */
    @Test
    void noScheduleOfWritesCopiesRollbacksAndCrashesRepeatsAPair() throws IOException {
        Random r = new Random(29);
        for (int schedule = 0; schedule < 5; schedule++) {
            Path dir = tmp.resolve("s" + schedule);
            AtRestVolume v = TestVolumes.create(dir, Ciphers.all().get(r.nextInt(3)), B);
            List<Path> files = List.of(v.root().resolve("a"), v.root().resolve("b"), v.root().resolve("c"));
            List<Map<String, byte[]>> backups = new ArrayList<>();
            for (int op = 0; op < 60; op++) {
                Path f = files.get(r.nextInt(files.size()));
                int kind = r.nextInt(10);
                try {
                    if (kind < 4 || !Files.exists(f)) {
                        try (FileChannel ch = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ,
                                StandardOpenOption.WRITE)) {
                            ch.write(ByteBuffer.wrap(TestVolumes.bytes(r.nextLong(), 1 + r.nextInt(3 * B))),
                                    r.nextInt(4 * B));
                        }
                    } else if (kind == 4) {
                        backups.add(snapshot(v, f));
                    } else if (kind == 5 && !backups.isEmpty()) {
                        Map<String, byte[]> back = new HashMap<>(backups.get(r.nextInt(backups.size())));
                        if (r.nextBoolean()) {
                            back.keySet().removeIf(n -> n.indexOf('~') >= 0); // the base file alone
                        }
                        restore(v.root(), back);
                        v = TestVolumes.restarted(v); // a rollback while closed: an open instance refuses it
                    } else if (kind == 6) {
                        Path to = files.get(r.nextInt(files.size()));
                        if (!to.equals(f)) {
                            Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                        }
                    } else if (kind == 7) {
                        // A crash: a channel writes and is dropped without a close (its buffered block lost).
                        FileChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
                        ch.write(ByteBuffer.wrap(TestVolumes.bytes(r.nextLong(), 1 + r.nextInt(2 * B))),
                                r.nextInt(3 * B));
                    } else if (kind == 8) {
                        try (FileChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                            ch.truncate(r.nextInt((int) Math.max(1, ch.size())));
                        }
                    } else {
                        // The whole directory rolled back to an earlier state of all its files.
                        for (Map<String, byte[]> back : backups) {
                            restore(v.root(), back);
                        }
                        v = TestVolumes.restarted(v);
                    }
                } catch (IOException refused) {
                    // A copied or rolled-back file may be refused: what matters is what was sealed.
                    Files.deleteIfExists(f);
                    for (Path p : v.physicalFiles(f)) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
        assertThat(seals).hasSizeGreaterThan(300);
        assertThat(repeated()).isEmpty();
    }
}
