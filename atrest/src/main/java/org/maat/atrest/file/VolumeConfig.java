package org.maat.atrest.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * A volume's configuration ({@code atrest.json}): format, model, region ciphers (region 0 is the file itself,
 * the others {@code FILE~cipher}), write cipher, read preference (Mirrored), block size, key spec, and whether
 * plaintext files may still exist under the volume ({@code "plaintextFiles": "allowed"} from the volume's
 * creation over existing data until they have been encrypted, {@code "none"} otherwise: a file without the
 * header is then damaged or replaced, an error; absent: allowed, as volumes made before the field). Immutable;
 * written atomically (temp file, fsync, rename, fsync of the directory) so a crash leaves the old or the new.
 */
public final class VolumeConfig {

    public static final String FORMAT = "maat-atrest-1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public final SwitchModel model;
    public final List<AtRestCipher> regions;
    public final AtRestCipher writeCipher;
    public final AtRestCipher readPreference;
    public final int blockSize;
    public final String keySpec;
    /** Whether files written before the volume existed may still be plaintext (read as is, never written). */
    public final boolean plaintextAllowed;

    public VolumeConfig(SwitchModel model, List<AtRestCipher> regions, AtRestCipher writeCipher,
            AtRestCipher readPreference, int blockSize, String keySpec, boolean plaintextAllowed) {
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("a volume needs at least one region");
        }
        this.model = model;
        this.regions = List.copyOf(regions);
        this.writeCipher = writeCipher;
        this.readPreference = readPreference;
        this.blockSize = blockSize;
        this.keySpec = keySpec;
        this.plaintextAllowed = plaintextAllowed;
    }

    /** This configuration with plaintext files no longer allowed (every one of them encrypted). */
    public VolumeConfig withoutPlaintext() {
        return new VolumeConfig(model, regions, writeCipher, readPreference, blockSize, keySpec, false);
    }

    /** The configuration after switching to {@code to} under {@code newModel}. */
    public VolumeConfig switchedTo(AtRestCipher to, SwitchModel newModel) {
        if (newModel == SwitchModel.FORWARD) {
            return new VolumeConfig(newModel, List.of(to), to, to, blockSize, keySpec, plaintextAllowed);
        }
        List<AtRestCipher> r = new ArrayList<>(regions);
        if (!r.contains(to)) {
            r.add(to);
        }
        return new VolumeConfig(newModel, r, to, to, blockSize, keySpec, plaintextAllowed);
    }

    /** The cipher data requiring at least {@code atLeast} (null: nothing) gets; see {@code AtRestVolume.cipherFor}. */
    public AtRestCipher cipherFor(AtRestCipher atLeast) {
        if (atLeast == null || writeCipher.strength() >= atLeast.strength()) {
            return writeCipher;
        }
        if (model == SwitchModel.SELECTIVE) {
            AtRestCipher best = null;
            for (AtRestCipher c : regions) {
                if (c.strength() >= atLeast.strength() && (best == null || c.strength() < best.strength())) {
                    best = c;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return atLeast;
    }

    public static VolumeConfig read(Path file) throws IOException {
        JsonNode n;
        try {
            n = JSON.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new IOException(file + ": unreadable at-rest configuration: " + e.getMessage(), e);
        }
        if (n == null || !FORMAT.equals(n.path("format").asText())) {
            throw new IOException(file + ": not a " + FORMAT + " configuration");
        }
        try {
            List<AtRestCipher> regions = new ArrayList<>();
            n.path("regions").forEach(r -> regions.add(Ciphers.byName(r.asText())));
            return new VolumeConfig(SwitchModel.parse(n.path("model").asText()), regions,
                    Ciphers.byName(n.path("writeCipher").asText()), Ciphers.byName(n.path("readPreference").asText()),
                    n.path("blockSize").asInt(), n.path("keySpec").isNull() ? null : n.path("keySpec").asText(null),
                    plaintextFiles(file, n.path("plaintextFiles").asText("allowed")));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static boolean plaintextFiles(Path file, String value) throws IOException {
        if (!value.equals("allowed") && !value.equals("none")) {
            throw new IOException(file + ": plaintextFiles is \"" + value + "\", not \"allowed\" or \"none\"");
        }
        return value.equals("allowed");
    }

    /** Writes this configuration to {@code file} atomically and durably. */
    public void write(Path file) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", FORMAT);
        n.put("model", model.label());
        regions.forEach(c -> n.withArray("regions").add(c.name()));
        n.put("writeCipher", writeCipher.name());
        n.put("readPreference", readPreference.name());
        n.put("blockSize", blockSize);
        n.put("keySpec", keySpec);
        n.put("plaintextFiles", plaintextAllowed ? "allowed" : "none");
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(java.nio.ByteBuffer.wrap(JSON.writeValueAsBytes(n)));
            ch.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    @Override
    public String toString() {
        return model.label() + " regions=" + regions + " write=" + writeCipher + " read=" + readPreference;
    }
}
