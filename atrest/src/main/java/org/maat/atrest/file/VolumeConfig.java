package org.maat.atrest.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.HexFormat;
import java.util.List;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * A volume's configuration ({@code atrest.json}): format, model, region ciphers (region 0 is the file itself,
 * the others {@code FILE~cipher}), write cipher, read preference (Mirrored), block size, key spec, and whether
 * plaintext files may still exist under the volume ({@code "plaintextFiles": "allowed"} from the volume's
 * creation over existing data until they have been encrypted, {@code "none"} otherwise: a file without the
 * header is then damaged or replaced, an error; absent: none). Immutable; written atomically (temp file, fsync,
 * rename, fsync of the directory) so a crash leaves the old or the new.
 *
 * <p>Authenticated: {@code "mac"} is an HMAC-SHA256 of every field under a key derived from the volume key
 * ({@link VolumeKey#configurationMac}), so a configuration edited or written by anyone without the key (a
 * {@code plaintextFiles} put back to "allowed", a dropped region) is refused, an error naming the file. Not
 * detected here: an older configuration the key holder wrote, put back (it authenticates; {@link ConfigFile}
 * refuses it in a running process, whose {@link #generation} it is below). The key spec is read before the key exists
 * ({@link #recordedKeySpec}), so it is authenticated only under the key it names. The earlier, unauthenticated
 * {@value #FORMAT_1} is refused with the command that authenticates it ({@link #readFormat1}).
 *
 * <p>Plaintext is admitted per file, not per volume. The MAC names no volume, and volumes share a key (the index
 * gets the data's, under the same recorded key spec), so the configuration of one volume copied over another's
 * authenticates there. So a configuration that allows plaintext files lists them ({@code plaintextNames}: the
 * names of the files without the encrypted header that the root held when the volume was made, or when the key
 * holder resealed it), under the MAC, and a file without the header reads as plaintext only under a listed name
 * ({@link #admitsPlaintext}): a copy of another volume's configuration admits only that volume's own plaintext
 * files' names, never a file of this volume the attacker replaced (Lucene's and the conduit store's names do not
 * meet). What such a copy can still do is what a rollback of this file can: change the model and ciphers to
 * another volume's under the same key, while no process holds the volume (a running one re-reads it, and keeps
 * plaintext ended once it saw it end). Not authenticated: the content of a listed plaintext file (plaintext from
 * before the volume never was). A {@value #FORMAT_2} configuration (which listed no names) still opens; one that
 * allows plaintext admits none until the key holder reseals it ({@value #UPGRADE}), which lists the files then
 * without the header.
 */
public final class VolumeConfig {

    public static final String FORMAT = "maat-atrest-3";
    /** The format before plaintext files were listed: read (its MAC as it was), written as {@value #FORMAT}. */
    public static final String FORMAT_2 = "maat-atrest-2";
    /** The format before the configuration was authenticated: read only to authenticate it (an upgrade). */
    public static final String FORMAT_1 = "maat-atrest-1";
    /** What a configuration of {@link #FORMAT_1} is refused with: the command that upgrades it. */
    public static final String UPGRADE = "maat atrest reseal --data DIR";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public final SwitchModel model;
    public final List<AtRestCipher> regions;
    public final AtRestCipher writeCipher;
    public final AtRestCipher readPreference;
    public final int blockSize;
    public final String keySpec;
    /** Whether files written before the volume existed may still be plaintext (read as is, never written). */
    public final boolean plaintextAllowed;
    /** The names of the files that may be plaintext ({@link #admitsPlaintext}); empty when none may be. */
    public final SortedSet<String> plaintextNames;
    /** The format this configuration was read in (its MAC's): {@value #FORMAT}, or {@value #FORMAT_2}. */
    private final String format;
    /**
     * How many times the key holder has written this volume's configuration (1 when the volume is made), under the
     * MAC: a running volume refuses a lower one ({@link ConfigFile}), so a copy from before a switch put back while
     * it runs is an error, not a silent switch back. 0: written before generations were recorded (its MAC as it
     * was, since the MAC covers the generation only when it is not 0).
     */
    public final long generation;

    public VolumeConfig(SwitchModel model, List<AtRestCipher> regions, AtRestCipher writeCipher,
            AtRestCipher readPreference, int blockSize, String keySpec, Collection<String> plaintextNames) {
        this(model, regions, writeCipher, readPreference, blockSize, keySpec, !plaintextNames.isEmpty(),
                plaintextNames, FORMAT, 0);
    }

    private VolumeConfig(SwitchModel model, List<AtRestCipher> regions, AtRestCipher writeCipher,
            AtRestCipher readPreference, int blockSize, String keySpec, boolean plaintextAllowed,
            Collection<String> plaintextNames, String format, long generation) {
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("a volume needs at least one region");
        }
        if (generation < 0) {
            throw new IllegalArgumentException("generation " + generation + " is negative");
        }
        this.generation = generation;
        this.model = model;
        this.regions = List.copyOf(regions);
        this.writeCipher = writeCipher;
        this.readPreference = readPreference;
        this.blockSize = blockSize;
        this.keySpec = keySpec;
        this.plaintextAllowed = plaintextAllowed;
        this.plaintextNames = Collections.unmodifiableSortedSet(new TreeSet<>(plaintextAllowed ? plaintextNames
                : List.of()));
        this.format = format;
    }

    /** This configuration with plaintext files no longer allowed (every one of them encrypted). */
    public VolumeConfig withoutPlaintext() {
        return new VolumeConfig(model, regions, writeCipher, readPreference, blockSize, keySpec, false, List.of(),
                format, generation);
    }

    /** This configuration allowing plaintext files under exactly {@code names} (none: no plaintext), in this format. */
    public VolumeConfig withPlaintextNames(Collection<String> names) {
        return new VolumeConfig(model, regions, writeCipher, readPreference, blockSize, keySpec, !names.isEmpty(),
                names, FORMAT, generation);
    }

    /** This configuration as the key holder's {@code generation}-th write of it ({@link #generation}). */
    public VolumeConfig withGeneration(long generation) {
        return new VolumeConfig(model, regions, writeCipher, readPreference, blockSize, keySpec, plaintextAllowed,
                plaintextNames, format, generation);
    }

    /**
     * Whether a file named {@code name} (its last name, as file headers bind it) without the encrypted header is
     * read as plaintext written before the volume: plaintext is allowed and the name is listed.
     */
    public boolean admitsPlaintext(String name) {
        return plaintextAllowed && plaintextNames.contains(name);
    }

    /** Whether plaintext is allowed but no file is listed: a {@value #FORMAT_2} configuration, to reseal. */
    public boolean plaintextUnlisted() {
        return plaintextAllowed && plaintextNames.isEmpty();
    }

    /** The configuration after switching to {@code to} under {@code newModel}. */
    public VolumeConfig switchedTo(AtRestCipher to, SwitchModel newModel) {
        if (newModel == SwitchModel.FORWARD) {
            return new VolumeConfig(newModel, List.of(to), to, to, blockSize, keySpec, plaintextAllowed,
                    plaintextNames, format, generation);
        }
        List<AtRestCipher> r = new ArrayList<>(regions);
        if (!r.contains(to)) {
            r.add(to);
        }
        return new VolumeConfig(newModel, r, to, to, blockSize, keySpec, plaintextAllowed, plaintextNames, format,
                generation);
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

    /**
     * The configuration in {@code file}, authenticated under {@code key}: an error naming the file when it was
     * not written under that key (edited, forged, another volume's key) or is of the unauthenticated
     * {@value #FORMAT_1}.
     */
    public static VolumeConfig read(Path file, VolumeKey key) throws IOException {
        return read(file.toString(), bytes(file), key);
    }

    /**
     * The configuration {@code json}, read from {@code source} (a path, for messages), authenticated under
     * {@code key}, as {@link #read(Path, VolumeKey)} does: for readers without a local file (a Hadoop task).
     */
    public static VolumeConfig read(String source, byte[] json, VolumeKey key) throws IOException {
        JsonNode n = tree(source, json);
        String format = n.path("format").asText();
        if (format.equals(FORMAT_1)) {
            String dir = source.contains("/") ? source.substring(0, source.lastIndexOf('/')) : ".";
            throw new IOException(source + ": a " + FORMAT_1 + " configuration, which is not authenticated and so"
                    + " not read: check it, then authenticate it with '" + UPGRADE.replace("DIR", dir) + "'");
        }
        if (!format.equals(FORMAT) && !format.equals(FORMAT_2)) {
            throw new IOException(source + ": not a " + FORMAT + " configuration");
        }
        VolumeConfig c = fields(source, n, false, format);
        byte[] recorded;
        try {
            recorded = HexFormat.of().parseHex(n.path("mac").asText(""));
        } catch (IllegalArgumentException e) {
            recorded = new byte[0];
        }
        if (!MessageDigest.isEqual(recorded, key.configurationMac(c.authenticated()))) {
            throw new IOException(source + ": the at-rest configuration fails authentication (edited or written"
                    + " without the volume key, or opened under another volume's key): refused");
        }
        return c;
    }

    /**
     * The key spec {@code file} records (null: none), read without authentication since the key is not known yet:
     * {@link #read} then authenticates it under the key it names.
     */
    public static String recordedKeySpec(Path file) throws IOException {
        return recordedKeySpec(file.toString(), bytes(file));
    }

    /** Like {@link #recordedKeySpec(Path)}, of a configuration read elsewhere (through Hadoop, say). */
    public static String recordedKeySpec(String file, byte[] json) throws IOException {
        JsonNode n = tree(file, json);
        String format = n.path("format").asText();
        if (!format.equals(FORMAT) && !format.equals(FORMAT_2) && !format.equals(FORMAT_1)) {
            throw new IOException(file + ": not a " + FORMAT + " configuration");
        }
        return n.path("keySpec").isNull() ? null : n.path("keySpec").asText(null);
    }

    /** Whether {@code file} is a configuration of the unauthenticated {@value #FORMAT_1}. */
    public static boolean isFormat1(Path file) throws IOException {
        return FORMAT_1.equals(tree(file).path("format").asText());
    }

    /**
     * A {@value #FORMAT_1} configuration, unauthenticated, as that format meant it (an absent
     * {@code plaintextFiles}: allowed): only for the key holder's explicit upgrade ({@value #UPGRADE}).
     */
    public static VolumeConfig readFormat1(Path file) throws IOException {
        JsonNode n = tree(file);
        if (!FORMAT_1.equals(n.path("format").asText())) {
            throw new IOException(file + ": not a " + FORMAT_1 + " configuration");
        }
        return fields(file, n, true, FORMAT_1);
    }

    private static JsonNode tree(Path file) throws IOException {
        return tree(file.toString(), bytes(file));
    }

    private static byte[] bytes(Path file) throws IOException {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IOException(file + ": unreadable at-rest configuration: " + e.getMessage(), e);
        }
    }

    private static JsonNode tree(String source, byte[] json) throws IOException {
        JsonNode n;
        try {
            n = JSON.readTree(json);
        } catch (IOException e) {
            throw new IOException(source + ": unreadable at-rest configuration: " + e.getMessage(), e);
        }
        if (n == null || !n.isObject()) {
            throw new IOException(source + ": not a " + FORMAT + " configuration");
        }
        return n;
    }

    private static VolumeConfig fields(Object file, JsonNode n, boolean absentPlaintextAllowed, String format)
            throws IOException {
        try {
            List<AtRestCipher> regions = new ArrayList<>();
            n.path("regions").forEach(r -> regions.add(Ciphers.byName(r.asText())));
            boolean allowed = plaintextFiles(file, n.path("plaintextFiles").asText(absentPlaintextAllowed ? "allowed"
                    : "none"));
            List<String> names = new ArrayList<>();
            if (format.equals(FORMAT)) {
                n.path("plaintextNames").forEach(name -> names.add(name.asText()));
            }
            long generation = format.equals(FORMAT) ? n.path("generation").asLong(0) : 0;
            return new VolumeConfig(SwitchModel.parse(n.path("model").asText()), regions,
                    Ciphers.byName(n.path("writeCipher").asText()), Ciphers.byName(n.path("readPreference").asText()),
                    n.path("blockSize").asInt(), n.path("keySpec").isNull() ? null : n.path("keySpec").asText(null),
                    allowed, names, format.equals(FORMAT_1) ? FORMAT : format, generation);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static boolean plaintextFiles(Object file, String value) throws IOException {
        if (!value.equals("allowed") && !value.equals("none")) {
            throw new IOException(file + ": plaintextFiles is \"" + value + "\", not \"allowed\" or \"none\"");
        }
        return value.equals("allowed");
    }

    /**
     * Every field, each length-prefixed (so no two configurations share an encoding): what the MAC covers. In
     * {@value #FORMAT_2}, as that format encoded them (it had no names).
     */
    private byte[] authenticated() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(format);
            out.writeUTF(model.label());
            out.writeInt(regions.size());
            for (AtRestCipher c : regions) {
                out.writeUTF(c.name());
            }
            out.writeUTF(writeCipher.name());
            out.writeUTF(readPreference.name());
            out.writeInt(blockSize);
            out.writeBoolean(keySpec != null);
            out.writeUTF(keySpec == null ? "" : keySpec);
            out.writeBoolean(plaintextAllowed);
            if (format.equals(FORMAT)) {
                out.writeInt(plaintextNames.size());
                for (String name : plaintextNames) {
                    out.writeUTF(name);
                }
                if (generation > 0) { // after the names' count and names: still one encoding per configuration
                    out.writeLong(generation);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /** Writes this configuration, authenticated under {@code key}, to {@code file} atomically and durably. */
    public void write(Path file, VolumeKey key) throws IOException {
        if (!format.equals(FORMAT)) {
            new VolumeConfig(model, regions, writeCipher, readPreference, blockSize, keySpec, plaintextAllowed,
                    plaintextNames, FORMAT, generation).write(file, key);
            return;
        }
        ObjectNode n = JSON.createObjectNode();
        n.put("format", FORMAT);
        if (generation > 0) {
            n.put("generation", generation);
        }
        n.put("model", model.label());
        regions.forEach(c -> n.withArray("regions").add(c.name()));
        n.put("writeCipher", writeCipher.name());
        n.put("readPreference", readPreference.name());
        n.put("blockSize", blockSize);
        n.put("keySpec", keySpec);
        n.put("plaintextFiles", plaintextAllowed ? "allowed" : "none");
        if (plaintextAllowed) {
            plaintextNames.forEach(name -> n.withArray("plaintextNames").add(name));
        }
        n.put("mac", HexFormat.of().formatHex(key.configurationMac(authenticated())));
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
        return model.label() + " regions=" + regions + " write=" + writeCipher + " read=" + readPreference
                + " generation=" + generation;
    }
}
