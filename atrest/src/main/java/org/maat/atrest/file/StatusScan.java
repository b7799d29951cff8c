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
            Map<String, Map<String, Long>> regions = new TreeMap<>();
            String baseLabel = cfg.model == SwitchModel.FORWARD ? "" : cfg.regions.get(0).name();
            count(file, baseLabel, regions);
            for (AtRestCipher c : Ciphers.all()) {
                Path r = VolumeFiles.regionPath(file, c);
                if (Files.exists(r)) {
                    count(r, c.name(), regions);
                }
            }
            out.add(new VolumeStatus.FileStatus(rel, false, regions));
        }
        return new VolumeStatus(cfg.model, cfg.writeCipher.name(),
                cfg.regions.stream().map(AtRestCipher::name).toList(), out);
    }

    private void count(Path physical, String label, Map<String, Map<String, Long>> regions) throws IOException {
        Map<String, Long> byCipher = regions.computeIfAbsent(label, k -> new TreeMap<>());
        try (FileChannel ch = FileChannel.open(physical, StandardOpenOption.READ)) {
            if (ch.size() == 0) {
                return;
            }
            BlockFile f = BlockFile.open(physical.toString(), Storage.of(ch), files.key());
            for (long i = 0, n = f.slots(); i < n; i++) {
                f.readHeader(i);
                if (f.cipherId != 0) {
                    String name = Ciphers.byId(f.cipherId).map(AtRestCipher::name).orElse("unknown-" + f.cipherId);
                    byCipher.merge(name, (long) f.plainLength, Long::sum);
                }
            }
        }
    }
}
