package org.maat.cli.atrest;

import java.util.Map;
import java.util.TreeMap;
import org.maat.atrest.VolumeStatus;

/**
 * A volume's status summed up: plaintext bytes per cipher over every file and region ({@code none} for
 * files written before the volume existed), and the bytes of the logical files.
 *
 * @param byCipher bytes per cipher name, summed over regions (so Mirrored counts a block once per region)
 * @param bytes plaintext bytes of the logical files, each counted once
 */
record VolumeTotals(Map<String, Long> byCipher, long bytes, int files, int plaintextFiles) {

    static VolumeTotals of(VolumeStatus status) {
        Map<String, Long> byCipher = new TreeMap<>();
        long bytes = 0;
        int plaintext = 0;
        for (VolumeStatus.FileStatus f : status.files()) {
            long largestRegion = 0;
            for (Map<String, Long> region : f.bytesByRegionAndCipher().values()) {
                long inRegion = 0;
                for (Map.Entry<String, Long> e : region.entrySet()) {
                    byCipher.merge(e.getKey(), e.getValue(), Long::sum);
                    inRegion += e.getValue();
                }
                largestRegion = Math.max(largestRegion, inRegion);
            }
            // Selective spreads a file's blocks over regions; Mirrored copies them: the file's size lies between.
            bytes += status.model() == org.maat.atrest.SwitchModel.SELECTIVE
                    ? f.bytesByRegionAndCipher().values().stream().flatMap(m -> m.values().stream())
                            .mapToLong(Long::longValue).sum()
                    : largestRegion;
            if (f.plaintext()) {
                plaintext++;
            }
        }
        return new VolumeTotals(byCipher, bytes, status.files().size(), plaintext);
    }
}
