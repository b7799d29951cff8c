package org.maat.atrest.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.VolumeStatus;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Counts plaintext bytes per region and cipher from the slot headers of every file of a volume (headers only:
 * a status does not decrypt). Regions are named by cipher; the base file of a Forward volume is "".
 */
public final class StatusScan {

    private final VolumeFiles files;
    private final Path root;

    public StatusScan(VolumeFiles files, Path root) {
        this.files = files;
        this.root = root;
    }

    public VolumeStatus run() throws IOException {
        VolumeConfig cfg = files.config().refresh();
        List<VolumeStatus.FileStatus> out = new ArrayList<>();
        for (Path file : VolumeFiles.logicalFiles(root)) {
            Path rel = root.relativize(file);
            if (!VolumeFiles.isEncrypted(file)) {
                out.add(new VolumeStatus.FileStatus(rel, true, Map.of("", Map.of("none", Files.size(file)))));
                continue;
            }
            out.add(new VolumeStatus.FileStatus(rel, false, count(file, cfg)));
            continue;
        }
        return new VolumeStatus(cfg.model, cfg.writeCipher.name(),
                cfg.regions.stream().map(AtRestCipher::name).toList(), out);
    }

    /**
     * Bytes per region and cipher of one logical file, each block counted in the copies of its newest
     * generation only: a superseded copy a crash left behind (readers ignore it) protects nothing. Mirrored
     * regions hold the same generation, so each region's copy counts.
     */
    private Map<String, Map<String, Long>> count(Path file, VolumeConfig cfg) throws IOException {
        List<AtRestCipher> ciphers = Ciphers.all();
        String[] labels = new String[1 + ciphers.size()];
        labels[0] = cfg.model == SwitchModel.FORWARD ? "" : cfg.regions.get(0).name();
        List<FileChannel> open = new ArrayList<>();
        Map<String, Map<String, Long>> regions = new TreeMap<>();
        try {
            for (int i = 0; i < labels.length; i++) {
                Path p = i == 0 ? file : VolumeFiles.regionPath(file, ciphers.get(i - 1));
                if (i > 0) {
                    labels[i] = ciphers.get(i - 1).name();
                }
                if (Files.exists(p)) {
                    regions.computeIfAbsent(labels[i], k -> new TreeMap<>());
                }
            }
            FileChannel base = FileChannel.open(file, StandardOpenOption.READ);
            open.add(base);
            BlockFile[] physical = base.size() == 0 ? new BlockFile[labels.length]
                    : files.physical(file, base, false, 0, false, open);
            long n = 0;
            for (BlockFile f : physical) {
                n = f == null ? n : Math.max(n, f.slots());
            }
            int[] gen = new int[physical.length];
            int[] cipher = new int[physical.length];
            int[] length = new int[physical.length];
            for (long b = 0; b < n; b++) {
                int newest = -1;
                for (int i = 0; i < physical.length; i++) {
                    cipher[i] = 0;
                    if (physical[i] != null) {
                        physical[i].readHeader(b);
                        cipher[i] = physical[i].cipherId;
                        gen[i] = physical[i].generation;
                        length[i] = physical[i].plainLength;
                        if (cipher[i] != 0) {
                            newest = Math.max(newest, gen[i]);
                        }
                    }
                }
                for (int i = 0; i < physical.length; i++) {
                    if (cipher[i] != 0 && gen[i] == newest) {
                        int id = cipher[i];
                        String name = Ciphers.byId(id).map(AtRestCipher::name).orElse("unknown-" + id);
                        regions.get(labels[i]).merge(name, (long) length[i], Long::sum);
                    }
                }
            }
        } finally {
            for (FileChannel ch : open) {
                ch.close();
            }
        }
        return regions;
    }
}
