package org.maat.cli.atrest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.VolumeStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code maat atrest status}: which cipher protects how many bytes, per file and region, and in total. */
@Command(name = "status",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Show how an encrypted directory is protected: its switching model, the cipher new writes get, "
                + "its regions, and for every file (and region: Selective and Mirrored keep one per cipher) the "
                + "plaintext bytes each cipher protects; then the totals per cipher.",
            "",
            "Files marked 'plaintext' are either outside what is encrypted at rest (policy.db, mal.log, accounts, "
                + "logins.txt, manifest.json, labels.db) or were written before the directory was encrypted: "
                + "'maat atrest converge' encrypts those of the conduit store (documents/) and the shards (shard-N/). Bytes under more than one cipher in a Forward volume are "
                + "blocks not yet rewritten since a switch."},
        footer = {"", "Examples:",
            "  maat atrest status --data data",
            "  maat atrest status --data data --json | jq .totals",
            "", "Exit codes: 0 shown, 2 bad arguments, no such directory, no volume in it, or a key that does not open it."})
public final class AtRestStatusCommand implements Callable<Integer> {

    @Mixin
    VolumeOptions volume;

    @Option(names = "--json", description = "Print the status as one JSON object (files, regions, totals) instead of a table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        AtRestVolume v = volume.open(spec);
        VolumeStatus status = v.status();
        VolumeTotals totals = VolumeTotals.of(status);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(asJson(v, status, totals)));
        } else {
            printTable(out, v, status, totals);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Object> asJson(AtRestVolume v, VolumeStatus status, VolumeTotals totals) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("root", v.root().toString());
        root.put("model", status.model().label());
        root.put("writeCipher", status.writeCipher());
        root.put("regions", status.regions());
        List<Map<String, Object>> files = new ArrayList<>();
        for (VolumeStatus.FileStatus f : status.files()) {
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("file", f.file().toString());
            file.put("plaintext", f.plaintext());
            file.put("regions", f.bytesByRegionAndCipher());
            files.add(file);
        }
        root.put("files", files);
        Map<String, Object> sum = new LinkedHashMap<>();
        sum.put("files", totals.files());
        sum.put("plaintextFiles", totals.plaintextFiles());
        sum.put("bytes", totals.bytes());
        sum.put("bytesByCipher", totals.byCipher());
        root.put("totals", sum);
        return root;
    }

    private static void printTable(PrintWriter out, AtRestVolume v, VolumeStatus status, VolumeTotals totals) {
        out.printf("%s: model %s, new writes under %s, regions %s%n", v.root(), status.model().label(),
                status.writeCipher(), String.join(", ", status.regions()));
        int width = 4;
        for (VolumeStatus.FileStatus f : status.files()) {
            width = Math.max(width, f.file().toString().length());
        }
        String row = "  %-" + width + "s  %-12s %-20s %,16d%n";
        out.printf("  %-" + width + "s  %-12s %-20s %16s%n", "FILE", "REGION", "CIPHER", "BYTES");
        for (VolumeStatus.FileStatus f : status.files()) {
            for (Map.Entry<String, Map<String, Long>> region : f.bytesByRegionAndCipher().entrySet()) {
                for (Map.Entry<String, Long> cipher : region.getValue().entrySet()) {
                    out.printf(row, f.file(), f.plaintext() ? "plaintext" : region.getKey().isEmpty() ? "-" : region.getKey(),
                            cipher.getKey(), cipher.getValue());
                }
            }
        }
        out.printf("total: %,d file(s)%s, %,d bytes", totals.files(),
                totals.plaintextFiles() == 0 ? "" : " (" + totals.plaintextFiles() + " plaintext: policy.db, the logs, "
                        + "accounts and labels.db stay so; maat atrest converge encrypts any in documents/ or shard-N/)", totals.bytes());
        for (Map.Entry<String, Long> e : totals.byCipher().entrySet()) {
            out.printf("; %s %,d", e.getKey(), e.getValue());
        }
        out.println();
    }
}
