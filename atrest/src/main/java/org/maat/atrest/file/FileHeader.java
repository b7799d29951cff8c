package org.maat.atrest.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * The 64-byte header of an encrypted physical file: magic {@code MAATAR02}, block size (u32), slot size
 * (u32), generation floor (u32: the least generation a slot created from now on may take, raised when a
 * truncation removes slots so that a block written there later orders after their copies), flags (u32: bit 0, a cut
 * under way: the truncation to the recorded slot count has not finished), the random 16-byte salt,
 * the number of slots the file held when it was last forced, closed or truncated (u64: fewer slots on disk is a
 * truncation, an error; more are blocks appended since, each sealed at or past the floor, since every raise of the
 * floor records the slot count too: a sealed slot past the recorded count and below the floor is a slot a
 * truncation cut, put back, refused by {@link BlockFile#read}, unless a cut is under way, whose slots past the
 * recorded count are not part of the file), and a 16-byte HMAC-SHA256 under a key derived from the volume key
 * and the salt, of all that and of the file's own name ({@code _0.cfs}, {@code _0.cfs~chacha20}; not stored). A changed header bit is an error, and so is a file copied or
 * moved to another name, in this volume or another under the same key, except by {@link VolumeFiles#move},
 * which binds the header to the new name first. Since every slot's associated data holds the salt, the slots
 * are bound to the name through the header. Little-endian integers.
 */
public final class FileHeader {

    public static final int LENGTH = 64;
    static final byte[] MAGIC = "MAATAR02".getBytes(StandardCharsets.US_ASCII);
    /** The format before nonces were stored per slot and names bound: recognized, to say so, never read. */
    private static final byte[] MAGIC_1 = "MAATAR01".getBytes(StandardCharsets.US_ASCII);
    private static final int MAC_AT = 48;
    private static final SecureRandom RANDOM = new SecureRandom();

    final int blockSize;
    final int slotSize;
    final int generationFloor;
    final byte[] salt;
    /** Slots the file held at its last force, close or truncation (0: none recorded). */
    final long slots;
    /** A truncation to {@link #slots} began and may not have cut the file yet: slots past it are not the file's. */
    final boolean cutPending;
    private static final int CUT_PENDING = 1;

    FileHeader(int blockSize, int slotSize, int generationFloor, byte[] salt, long slots, boolean cutPending) {
        this.blockSize = blockSize;
        this.slotSize = slotSize;
        this.generationFloor = generationFloor;
        this.salt = salt;
        this.slots = slots;
        this.cutPending = cutPending;
    }

    /** A header for a new file: a fresh salt, floor 0. */
    static FileHeader fresh(int blockSize, int slotSize) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return new FileHeader(blockSize, slotSize, 0, salt, 0, false);
    }

    FileHeader withFloor(int floor) {
        return new FileHeader(blockSize, slotSize, floor, salt, slots, cutPending);
    }

    FileHeader withSlots(long n) {
        return new FileHeader(blockSize, slotSize, generationFloor, salt, n, cutPending);
    }

    FileHeader withCutPending(boolean pending) {
        return new FileHeader(blockSize, slotSize, generationFloor, salt, slots, pending);
    }

    /** Whether {@code first} (a file's first bytes) starts with the magic. */
    public static boolean hasMagic(byte[] first, int length) {
        return length >= MAGIC.length && (Arrays.equals(first, 0, MAGIC.length, MAGIC, 0, MAGIC.length)
                || Arrays.equals(first, 0, MAGIC.length, MAGIC_1, 0, MAGIC.length));
    }

    /**
     * Whether {@code first} looks like the magic with a few bits changed: a damaged header, not a plaintext
     * file (whose first eight bytes are this close to {@code MAATAR01} by chance almost never).
     */
    public static boolean hasDamagedMagic(byte[] first, int length) {
        if (length < MAGIC.length || hasMagic(first, length)) {
            return false;
        }
        int bits = 0;
        for (int i = 0; i < MAGIC.length; i++) {
            bits += Integer.bitCount((first[i] ^ MAGIC[i]) & 0xff);
        }
        return bits <= 4;
    }

    byte[] encode(VolumeKey key, String bound) {
        byte[] b = new byte[LENGTH];
        System.arraycopy(MAGIC, 0, b, 0, 8);
        Bytes.putInt(b, 8, blockSize);
        Bytes.putInt(b, 12, slotSize);
        Bytes.putInt(b, 16, generationFloor);
        Bytes.putInt(b, 20, cutPending ? CUT_PENDING : 0);
        System.arraycopy(salt, 0, b, 24, 16);
        Bytes.putLong(b, 40, slots);
        key.forFile(salt).headerMac(b, MAC_AT, bound, b, MAC_AT);
        return b;
    }

    /** The header in {@code b}, authenticated for the file the volume names {@code bound}. */
    static FileHeader decode(byte[] b, int length, VolumeKey key, String file, String bound) throws IOException {
        if (length < LENGTH) {
            throw new IOException(file + ": truncated at-rest header (" + length + " of " + LENGTH + " bytes)");
        }
        if (length >= MAGIC.length && Arrays.equals(b, 0, MAGIC.length, MAGIC_1, 0, MAGIC.length)) {
            throw new IOException(file + ": encrypted in the MAATAR01 format, which this version no longer reads"
                    + " (decrypt it with the version that wrote it)");
        }
        if (!Arrays.equals(b, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new IOException(file + ": not an encrypted file (no MAATAR02 header)");
        }
        byte[] salt = Arrays.copyOfRange(b, 24, 40);
        byte[] mac = new byte[16];
        key.forFile(salt).headerMac(b, MAC_AT, bound, mac, 0);
        if (!MessageDigest.isEqual(mac, Arrays.copyOfRange(b, MAC_AT, LENGTH))) {
            throw new IOException(file + ": the at-rest header fails authentication as '" + bound + "' (a file copied"
                    + " or moved from another name, a changed header, or another volume's key)");
        }
        FileHeader h = new FileHeader(Bytes.getInt(b, 8), Bytes.getInt(b, 12), Bytes.getInt(b, 16), salt,
                Bytes.getLong(b, 40), (Bytes.getInt(b, 20) & CUT_PENDING) != 0);
        if ((Bytes.getInt(b, 20) & ~CUT_PENDING) != 0 || h.blockSize <= 0 || h.slotSize < BlockFile.SLOT_HEADER + h.blockSize || h.generationFloor < 0 || h.slots < 0) {
            throw new IOException(file + ": impossible at-rest header (block " + h.blockSize + ", slot " + h.slotSize + ")");
        }
        return h;
    }
}
