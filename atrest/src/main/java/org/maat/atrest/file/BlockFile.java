package org.maat.atrest.file;

import java.io.IOException;
import java.util.Arrays;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.BlockAuthenticationException;
import org.maat.atrest.cipher.Ciphers;

/**
 * One encrypted physical file: its header and fixed-size slots, slot i holding plaintext block i sealed.
 * Slot = 16-byte slot header (cipher id u8, the id of the weakest cipher the block's data allows u8 (0: any),
 * 2 zero bytes, plaintext length u32, generation u32, sealed length u32), the sealed bytes, zeros to the slot's end. A slot of all zeros is empty (a hole in a region file).
 * Nonce = LE32(generation) || LE64(block index); associated data = salt || LE64(block index) || the slot
 * header's first 12 bytes, so a slot moved to another position or file, or a changed header field, fails
 * authentication.
 *
 * <p>Each slot is read with one pread and written with one pwrite of the whole slot, into buffers kept per
 * instance; not thread-safe (its channel serializes). A pwrite is not atomic: Linux stops a write between
 * pages when the process is being killed, and power loss can keep any part of it. A torn slot fails
 * authentication. So convergence never overwrites a block's only copy (see {@link Convergence}); an
 * application's own rewrite of a block (appending into a partial last block, an erasure) that is torn loses
 * that block's previous bytes with the new ones: the block reads as an error, never as wrong data.
 */
final class BlockFile {

    static final int SLOT_HEADER = 16;
    /** Nonce words past this are refused by the ciphers (ChaCha's 64-bit counter); the file must be rewritten. */
    static final int GENERATION_LIMIT = 1 << 25;

    /** {@link #read} outcomes. */
    static final int EMPTY = 0;
    static final int OK = 1;
    static final int DAMAGED = -1;

    final String name;
    final Storage storage;
    FileHeader header;
    FileKeys keys;
    private final VolumeKey volumeKey;
    private final byte[] slot;
    private final byte[] aad = new byte[16 + 8 + 12];
    private final byte[] nonce = new byte[AtRestCipher.NONCE_BYTES];

    /** Of the last {@link #read} or {@link #readHeader}: the slot's cipher id, generation and plaintext length. */
    int cipherId;
    /** Of the last read: the id of the weakest cipher the block's data allows (0: any). */
    int requiredId;
    int generation;
    int plainLength;
    /** Why the last {@link #read} said {@link #DAMAGED}. */
    String damage;

    private BlockFile(String name, Storage storage, FileHeader header, VolumeKey volumeKey) {
        this.name = name;
        this.storage = storage;
        this.header = header;
        this.volumeKey = volumeKey;
        this.keys = volumeKey.forFile(header.salt);
        this.slot = new byte[header.slotSize];
    }

    /** The slot size for {@code blockSize}: room for a block sealed under any registered cipher. */
    static int slotSize(int blockSize) {
        int max = 0;
        for (AtRestCipher c : Ciphers.all()) {
            max = Math.max(max, c.sealedLength(blockSize));
        }
        return SLOT_HEADER + max;
    }

    /** Writes a fresh header (new salt) to an empty storage. */
    static BlockFile create(String name, Storage storage, int blockSize, VolumeKey key) throws IOException {
        FileHeader h = FileHeader.fresh(blockSize, slotSize(blockSize));
        byte[] encoded = h.encode(key);
        storage.write(0, encoded, 0, encoded.length);
        return new BlockFile(name, storage, h, key);
    }

    static BlockFile open(String name, Storage storage, VolumeKey key) throws IOException {
        byte[] b = new byte[FileHeader.LENGTH];
        int n = storage.readFully(0, b, 0, b.length);
        return new BlockFile(name, storage, FileHeader.decode(b, n, key, name), key);
    }

    /** Empties the file and gives it a fresh salt (so the nonces of its new blocks are fresh). */
    void reset() throws IOException {
        storage.truncate(0);
        header = FileHeader.fresh(header.blockSize, header.slotSize);
        keys = volumeKey.forFile(header.salt);
        byte[] encoded = header.encode(volumeKey);
        storage.write(0, encoded, 0, encoded.length);
    }

    /** How many slots the file holds. */
    long slots() throws IOException {
        long body = storage.size() - FileHeader.LENGTH;
        if (body < 0 || body % header.slotSize != 0) {
            throw new IOException(name + ": truncated: " + Math.max(body, 0) + " bytes after the header are not a whole"
                    + " number of " + header.slotSize + "-byte slots");
        }
        return body / header.slotSize;
    }

    private long offset(long index) {
        return FileHeader.LENGTH + index * header.slotSize;
    }

    /** Reads only slot {@code index}'s header into the fields ({@code cipherId} 0: empty or absent). */
    void readHeader(long index) throws IOException {
        int n = storage.readFully(offset(index), slot, 0, SLOT_HEADER);
        if (n < SLOT_HEADER) {
            cipherId = 0;
            generation = -1;
            plainLength = 0;
            return;
        }
        parseHeader();
    }

    private void parseHeader() {
        cipherId = slot[0] & 0xff;
        requiredId = slot[1] & 0xff;
        plainLength = Bytes.getInt(slot, 4);
        generation = Bytes.getInt(slot, 8);
    }

    /**
     * Reads slot {@code index} with one pread and opens it into {@code plain}: {@link #OK}, {@link #EMPTY} (all
     * zeros, or past the end) or {@link #DAMAGED} with the reason in {@link #damage}.
     */
    int read(long index, byte[] plain) throws IOException {
        int n = storage.readFully(offset(index), slot, 0, slot.length);
        if (n == 0) {
            cipherId = 0;
            generation = -1;
            return EMPTY;
        }
        if (n < slot.length) {
            cipherId = 0;
            generation = -1;
            return damaged(index, "is cut short (" + n + " of " + slot.length + " bytes): the file is truncated");
        }
        parseHeader();
        if (cipherId == 0) {
            // An empty slot is zeros but for the generation it was emptied at (kept for the nonce floor).
            boolean clean = Bytes.getInt(slot, 0) == 0 && Bytes.getInt(slot, 4) == 0 && zeroFrom(12);
            return clean ? EMPTY : damaged(index, "is an empty slot holding data");
        }
        AtRestCipher cipher = Ciphers.byId(cipherId).orElse(null);
        int sealed = Bytes.getInt(slot, 12);
        if (cipher == null) {
            return damaged(index, "names unknown cipher id " + cipherId);
        }
        if (slot[2] != 0 || slot[3] != 0 || (requiredId != 0 && Ciphers.byId(requiredId).isEmpty()) || plainLength < 0 || plainLength > header.blockSize
                || sealed < 0 || sealed > slot.length - SLOT_HEADER || sealed > cipher.sealedLength(plainLength)
                || !zeroFrom(SLOT_HEADER + sealed)) {
            return damaged(index, "fails authentication (cipher " + cipher.name() + "): malformed slot");
        }
        if (generation < 0 || generation >= GENERATION_LIMIT) {
            return damaged(index, "fails authentication (cipher " + cipher.name() + "): generation out of range");
        }
        fillNonceAndAad(index);
        try {
            int length = cipher.open(keys.key(cipher), nonce, aad, slot, SLOT_HEADER, sealed, plain, 0);
            if (length != plainLength) {
                return damaged(index, "fails authentication (cipher " + cipher.name() + "): length mismatch");
            }
        } catch (BlockAuthenticationException e) {
            return damaged(index, "fails authentication (cipher " + cipher.name() + ")");
        }
        return OK;
    }

    private boolean zeroFrom(int from) {
        for (int i = from; i < slot.length; i++) {
            if (slot[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private int damaged(long index, String why) {
        damage = name + ": block " + index + " " + why;
        return DAMAGED;
    }

    /**
     * The nonce, and the associated data: salt, block index, and the slot header but its sealed length (known
     * only after sealing with a cipher whose output length varies; a changed one moves the tag, so it fails
     * authentication all the same).
     */
    private void fillNonceAndAad(long index) {
        System.arraycopy(slot, 8, nonce, 0, 4);
        Bytes.putLong(nonce, 4, index);
        System.arraycopy(header.salt, 0, aad, 0, 16);
        Bytes.putLong(aad, 16, index);
        System.arraycopy(slot, 0, aad, 24, 12);
    }

    /**
     * Seals {@code plain[0, length)} as block {@code index} under {@code cipher} and generation, recording the
     * weakest cipher its data allows ({@code required}, null: any), with one pwrite.
     */
    void write(long index, AtRestCipher cipher, AtRestCipher required, int generation, byte[] plain, int length)
            throws IOException {
        if (generation >= GENERATION_LIMIT) {
            throw new IOException(name + ": block " + index + " was rewritten " + GENERATION_LIMIT
                    + " times: copy the file to give it a new salt");
        }
        slot[0] = (byte) cipher.id();
        slot[1] = (byte) (required == null ? 0 : required.id());
        slot[2] = slot[3] = 0;
        Bytes.putInt(slot, 4, length);
        Bytes.putInt(slot, 8, generation);
        fillNonceAndAad(index);
        int sealed = cipher.seal(keys.key(cipher), nonce, aad, plain, 0, length, slot, SLOT_HEADER);
        Bytes.putInt(slot, 12, sealed);
        Arrays.fill(slot, SLOT_HEADER + sealed, slot.length, (byte) 0);
        storage.write(offset(index), slot, 0, slot.length);
        this.cipherId = cipher.id();
        this.requiredId = required == null ? 0 : required.id();
        this.generation = generation;
        this.plainLength = length;
        SealLog.record(header.salt, cipher.id(), nonce);
    }

    /**
     * Empties slot {@code index} (zeros over the old ciphertext), if the file reaches it, keeping
     * {@code generation} in the empty slot's header so a later truncation still raises the floor past it.
     */
    void punch(long index, int generation) throws IOException {
        if (offset(index) >= storage.size()) {
            return;
        }
        empty(index, generation);
    }

    /** Writes an empty slot at {@code index} (extending the file if needed), recording {@code generation}. */
    void empty(long index, int generation) throws IOException {
        Arrays.fill(slot, (byte) 0);
        Bytes.putInt(slot, 8, generation);
        storage.write(offset(index), slot, 0, slot.length);
        this.cipherId = 0;
        this.generation = generation;
    }

    /** Raises the generation floor to at least {@code floor} (durably). */
    void raiseFloor(int floor) throws IOException {
        if (floor > header.generationFloor) {
            header = header.withFloor(floor);
            byte[] encoded = header.encode(volumeKey);
            storage.write(0, encoded, 0, encoded.length);
            storage.force();
        }
    }

    /** The highest generation any slot's header shows (copies and emptied slots), -1 if none. */
    int highestGeneration() throws IOException {
        int max = -1;
        for (long i = 0, n = slots(); i < n; i++) {
            readHeader(i);
            max = Math.max(max, generation);
        }
        return max;
    }

    /** Cuts the file to {@code slots} slots, first raising the floor past every generation the cut slots used. */
    void truncate(long slots) throws IOException {
        long have = slots();
        if (slots >= have) {
            return;
        }
        int floor = header.generationFloor;
        for (long i = slots; i < have; i++) {
            readHeader(i);
            floor = Math.max(floor, generation + 1);
        }
        raiseFloor(floor);
        storage.truncate(offset(slots));
    }
}
