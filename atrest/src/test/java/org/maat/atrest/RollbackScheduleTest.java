package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/**
 * Random schedules against a reference: writes, rewrites, truncations, deletions followed by a new file under the
 * same name, and rollbacks of a file (with or without its staging and region files), of its staging and region
 * files alone, and of the whole directory, to copies taken earlier, all while one volume instance stays open,
 * under each switching model. After every step the file is read block by block: each block either reads as the
 * newest data the volume acknowledged or is refused; never older data, never a shorter file, never a file deleted
 * through the volume coming back.
 */
class RollbackScheduleTest {

    private static final int B = 64;

    @TempDir
    Path tmp;

    private int served;
    private int refusedAsRollback;
    private int rollbacks;

    @Test
    void noScheduleServesOlderDataWhileTheVolumeIsOpen() throws IOException {
        Random r = new Random(2929);
        SwitchModel[] models = SwitchModel.values();
        for (int schedule = 0; schedule < 12; schedule++) {
            run(r, schedule, models[schedule % models.length]);
        }
        assertThat(rollbacks).as("rollbacks done").isGreaterThan(60);
        assertThat(refusedAsRollback).as("reads refused as rolled back").isGreaterThan(30);
        assertThat(served).as("blocks read back").isGreaterThan(600);
    }

    private void run(Random r, int schedule, SwitchModel model) throws IOException {
        AtRestVolume v = TestVolumes.create(tmp.resolve("s" + schedule), Ciphers.all().get(r.nextInt(3)), B);
        if (model != SwitchModel.FORWARD) {
            v.switchTo(Ciphers.CHACHA20.equals(v.writeCipher()) ? Ciphers.CHACHA8 : Ciphers.CHACHA20, model);
        }
        List<Path> names = List.of(v.root().resolve("a"), v.root().resolve("b"), v.root().resolve("c"));
        Map<Path, byte[]> truth = new HashMap<>();
        Map<Path, List<Map<Path, byte[]>>> fileCopies = new HashMap<>();
        List<Map<Path, byte[]>> dirCopies = new ArrayList<>();
        for (int op = 0; op < 60; op++) {
            Path f = names.get(r.nextInt(names.size()));
            int kind = r.nextInt(100);
            String step = "schedule " + schedule + " (" + model + ") op " + op + " kind " + kind + " on " + f;
            try {
                if (kind < 30) {
                    write(v, f, truth, r);
                } else if (kind < 36 && truth.containsKey(f)) {
                    int n = r.nextInt(truth.get(f).length + 1);
                    try (FileChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                        ch.truncate(n);
                    }
                    truth.put(f, Arrays.copyOf(truth.get(f), n));
                } else if (kind < 44) {
                    if (Files.exists(f)) {
                        v.delete(f);
                    }
                    truth.remove(f);
                    byte[] fresh = TestVolumes.bytes(r.nextLong(), 1 + r.nextInt(4 * B));
                    TestVolumes.write(v, f, fresh);
                    truth.put(f, fresh);
                } else if (kind < 54 && Files.exists(f)) {
                    fileCopies.computeIfAbsent(f, k -> new ArrayList<>()).add(copy(v.physicalFiles(f)));
                } else if (kind < 60) {
                    dirCopies.add(copy(physicalFiles(v.root())));
                } else if (kind < 72 && fileCopies.containsKey(f)) {
                    List<Map<Path, byte[]>> copies = fileCopies.get(f);
                    Map<Path, byte[]> back = new HashMap<>(copies.get(r.nextInt(copies.size())));
                    if (r.nextBoolean()) {
                        back.keySet().removeIf(p -> AtRestVolume.isRegionFile(p.getFileName().toString()));
                    }
                    putBack(back, r.nextBoolean() ? v.physicalFiles(f) : List.of());
                    rollbacks++;
                } else if (kind < 80 && fileCopies.containsKey(f)) {
                    // The staging and region files alone, the base file kept as it is.
                    List<Map<Path, byte[]>> copies = fileCopies.get(f);
                    Map<Path, byte[]> back = new HashMap<>(copies.get(r.nextInt(copies.size())));
                    back.keySet().removeIf(p -> p.equals(f));
                    List<Path> regions = new ArrayList<>(v.physicalFiles(f));
                    regions.remove(f);
                    putBack(back, regions);
                    rollbacks++;
                } else if (kind < 88 && !dirCopies.isEmpty()) {
                    putBack(dirCopies.get(r.nextInt(dirCopies.size())), physicalFiles(v.root()));
                    rollbacks++;
                }
            } catch (IOException refused) {
                refusal(refused, step);
                if (!(refused instanceof NoSuchFileException) && Files.exists(f)) {
                    // A write refused midway leaves the file in no state the reference knows: gone, through the volume.
                    v.delete(f);
                    truth.remove(f);
                }
            }
            for (Path p : names) {
                check(v, p, truth.get(p), step);
            }
        }
    }

    /** A write at a random offset (zeros between the end and the offset): acknowledged once the channel closed. */
    private static void write(AtRestVolume v, Path f, Map<Path, byte[]> truth, Random r) throws IOException {
        byte[] now = truth.get(f);
        byte[] data = TestVolumes.bytes(r.nextLong(), 1 + r.nextInt(3 * B));
        int at = r.nextInt(now == null ? 2 * B : now.length + B);
        // A file the reference holds is opened without CREATE: if it is gone from disk, that is a refusal.
        try (FileChannel ch = now == null
                ? v.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(data), at);
        }
        byte[] next = Arrays.copyOf(now == null ? new byte[0] : now, Math.max(now == null ? 0 : now.length,
                at + data.length));
        System.arraycopy(data, 0, next, at, data.length);
        truth.put(f, next);
    }

    /** Reads {@code f} block by block: each block the reference's, or refused. A deleted file must not read. */
    private void check(AtRestVolume v, Path f, byte[] expected, String step) throws IOException {
        FileChannel ch;
        try {
            ch = v.open(f, StandardOpenOption.READ);
        } catch (IOException refused) {
            refusal(refused, step);
            return;
        }
        try (ch) {
            long size;
            try {
                size = ch.size();
            } catch (IOException refused) {
                refusal(refused, step);
                return;
            }
            assertThat(expected).as("%s: %s was deleted through the volume, yet reads (%d bytes)", step, f, size)
                    .isNotNull();
            assertThat(size).as("%s: size of %s", step, f).isEqualTo(expected.length);
            for (long at = 0; at < size; at += B) {
                int n = (int) Math.min(B, size - at);
                ByteBuffer b = ByteBuffer.allocate(n);
                try {
                    while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {
                        // positional reads until full
                    }
                } catch (IOException refused) {
                    refusal(refused, step);
                    continue;
                }
                assertThat(b.position()).as("%s: %s block %d read short", step, f, at / B).isEqualTo(n);
                assertThat(b.array()).as("%s: %s block %d", step, f, at / B)
                        .isEqualTo(Arrays.copyOfRange(expected, (int) at, (int) at + n));
                served++;
            }
        }
    }

    private void refusal(IOException e, String step) {
        assertThat(e.getMessage()).as("%s: a refusal names the file", step).isNotBlank();
        if (e.getMessage().contains("rolled back")) {
            refusedAsRollback++;
        }
    }

    /** Every physical file under {@code root} but the volume's configuration. */
    private static List<Path> physicalFiles(Path root) throws IOException {
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(AtRestVolume.CONFIG_FILE)).sorted().toList();
        }
    }

    private static Map<Path, byte[]> copy(List<Path> files) throws IOException {
        Map<Path, byte[]> c = new HashMap<>();
        for (Path p : files) {
            c.put(p, Files.readAllBytes(p));
        }
        return c;
    }

    /** Writes the copy over its files in place; of {@code current}, those the copy lacks are removed. */
    private static void putBack(Map<Path, byte[]> copy, List<Path> current) throws IOException {
        for (Path p : current) {
            if (!copy.containsKey(p)) {
                Files.deleteIfExists(p);
            }
        }
        for (Map.Entry<Path, byte[]> e : copy.entrySet()) {
            try (FileChannel ch = FileChannel.open(e.getKey(), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(e.getValue()));
            }
        }
    }
}
