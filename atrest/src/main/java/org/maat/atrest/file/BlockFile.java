package org.maat.atrest.file;

import java.io.IOException;
import java.util.Arrays;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.BlockAuthenticationException;
import org.maat.atrest.cipher.Ciphers;

/**
 * One encrypted physical file: its header and fixed-size slots, slot i holding plaintext block i sealed.
 * Slot = 40-byte slot header (cipher id u8, the id of the weakest cipher the block's data allows u8 (0: any),
 * 2 zero bytes, plaintext length u32, generation u32, sealed length u32, the 24-byte nonce), the sealed bytes,
 * zeros to the slot's end. A slot of all zeros but its generation is empty (a hole in a region file).
 * The nonce comes from {@link BlockNonce}: fresh at every seal, never derived from the generation, the index or
 * anything else on disk; the generation only orders a block's copies. Associated data = salt || LE64(block index) || the slot
 * header's first 12 bytes (|| the base file's salt, in a region file), so a slot moved to another position or
 * file, a region file of another file, or a changed header field, fails authentication. The header records
 * the slot count at the last force, close or truncation: a file cut at a slot boundary below it is an error.
 *
 * <p>Cut slots stay cut. A truncation raises the header's generation floor past every slot it cuts and records the
 * new slot count in the same header write; every later seal of a slot past that count takes the floor or more. So a
 * sealed slot past the recorded count whose generation is below the floor is a slot a truncation cut, put back (the
 * file restored from a backup by appending, as {@code rsync --append} does): {@link #read} refuses it, an error naming
 * the file and block. A crash in the middle of a truncation leaves the same bytes, so the truncation marks its header
 * "cut under way" until the cut is made: in that state the slots past the recorded count are not the file's (never
 * read, not counted), and the next writer finishes the cut ({@link #finishCut}).
 *
 * <p>Each slot is read with one pread and written with one pwrite of the whole slot, into buffers kept per
 * instance; not thread-safe (its channel serializes). A pwrite is not atomic: Linux stops a write between
 * pages when the process is being killed, and power loss can keep any part of it. A torn slot fails
 * authentication. So no writer overwrites a block's only valid copy: a channel's rewrite stages the new version
 * first ({@link BlockSet#seal}), and so does convergence ({@link Convergence}).
 */
final class BlockFile {

    /** Cipher, required cipher, 2 zero bytes, length, generation, sealed length (u32 each), then the nonce. */
    static final int SLOT_HEADER = 16 + BlockNonce.LENGTH;
    /** Where the slot's 24-byte nonce lies, after the fields {@link #readHeader} reads. */
    private static final int NONCE_AT = 16;
    /** Generations past this are refused (they order copies; a file rewritten this often must be copied). */
    static final int GENERATION_LIMIT = 1 << 25;

    /** {@link #read} outcomes. */
    static final int EMPTY = 0;
    static final int OK = 1;
    static final int DAMAGED = -1;

    final String name;
    /** The file's name relative to its volume's root, bound into the header's MAC. */
    private String bound;
    final Storage storage;
    FileHeader header;
    /** The header as last read or written (to see cheaply whether the disk's changed). */
    private byte[] encoded;
    FileKeys keys;
    /** A region file's base file's salt, in every slot's associated data (null for a base file). */
    byte[] owner;
    private final VolumeKey volumeKey;
    private final byte[] slot;
    private final byte[] baseAad = new byte[16 + 8 + 12];
    private final byte[] regionAad = new byte[16 + 8 + 12 + 16];
    private final BlockNonce nonce = new BlockNonce();

    /** Of the last {@link #read} or {@link #readHeader}: the slot's cipher id, generation and plaintext length. */
    int cipherId;
    /** Of the last read: the id of the weakest cipher the block's data allows (0: any). */
    int requiredId;
    int generation;
    int plainLength;
    /** Why the last {@link #read} said {@link #DAMAGED}. */
    String damage;

    private BlockFile(String name, String bound, Storage storage, FileHeader header, byte[] encoded,
            VolumeKey volumeKey) {
        this.name = name;
        this.bound = bound;
        this.storage = storage;
        this.header = header;
        this.encoded = encoded;
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

    /** Writes a fresh header (new salt), bound to {@code bound}, to an empty storage. */
    static BlockFile create(String name, String bound, Storage storage, int blockSize, VolumeKey key)
            throws IOException {
        FileHeader h = FileHeader.fresh(blockSize, slotSize(blockSize));
        byte[] encoded = h.encode(key, bound);
        storage.write(0, encoded, 0, encoded.length);
        return new BlockFile(name, bound, storage, h, encoded, key);
    }

    /** Opens a file whose header must authenticate as {@code bound}'s (its name relative to the volume root). */
    static BlockFile open(String name, String bound, Storage storage, VolumeKey key) throws IOException {
        byte[] b = new byte[FileHeader.LENGTH];
        int n = storage.readFully(0, b, 0, b.length);
        return new BlockFile(name, bound, storage, FileHeader.decode(b, n, key, name, bound), b, key);
    }

    /** Binds the header to {@code newBound} (a move within the volume) and forces it. */
    void rebind(String newBound) throws IOException {
        refreshHeader();
        bound = newBound;
        writeHeader(header);
        storage.force();
    }

    /** Empties the file and gives it a fresh salt (and so fresh per-file keys). */
    void reset() throws IOException {
        storage.truncate(0);
        FileHeader h = FileHeader.fresh(header.blockSize, header.slotSize);
        keys = volumeKey.forFile(h.salt);
        writeHeader(h);
    }

    /** Linux stops a write that a kill interrupts between pages of this size. */
    static final int PAGE = 4096;

    /**
     * How many slots the file holds. A partial last slot that ends on a page boundary is a slot being added
     * whose pwrite a kill cut between pages (the file only ever grows or shrinks by whole slots otherwise):
     * it held nothing before, so it is not counted; any other partial slot is a truncated file, an error. So
     * are fewer slots than the header recorded at the last force or close: a file cut at a slot boundary.
     */
    long slots() throws IOException {
        long n = physicalSlots();
        if (n < header.slots || header.cutPending) {
            refreshHeader(); // another channel may have truncated the file since we read the header
            n = physicalSlots();
            if (n < header.slots) {
                throw new IOException(name + ": truncated: the header records " + header.slots
                        + " blocks, the file holds " + n);
            }
        }
        return header.cutPending ? header.slots : n; // a cut under way: what lies past the count is cut
    }

    /**
     * Finishes a truncation a crash interrupted (the header says a cut is under way): cuts the file to the slot
     * count its header records, forces it, then clears the mark. Under the seal lock, before any write (a slot
     * written past the count while the mark stands would be cut), on a header read under that lock.
     */
    void finishCut() throws IOException {
        if (!header.cutPending) {
            return;
        }
        if (storage.size() > offset(header.slots)) {
            storage.truncate(offset(header.slots));
        }
        storage.force();
        writeHeader(header.withCutPending(false)); // not forced: a mark left standing only hides what is cut
    }

    private long physicalSlots() throws IOException {
        long size = storage.size();
        long body = size - FileHeader.LENGTH;
        if (body > 0 && body % header.slotSize != 0 && size % PAGE == 0) {
            return body / header.slotSize;
        }
        if (body < 0 || body % header.slotSize != 0) {
            throw new IOException(name + ": truncated: " + Math.max(body, 0) + " bytes after the header are not a whole"
                    + " number of " + header.slotSize + "-byte slots");
        }
        return body / header.slotSize;
    }

    /**
     * Reads the header again if another channel or process changed it (a raised floor, a recorded length, a
     * new salt after truncation to zero): callers hold the seal lock, so what they seal next is past it.
     */
    void refreshHeader() throws IOException {
        byte[] b = new byte[FileHeader.LENGTH];
        int n = storage.readFully(0, b, 0, b.length);
        if (Arrays.equals(b, encoded)) {
            return;
        }
        FileHeader h = FileHeader.decode(b, n, volumeKey, name, bound);
        if (!Arrays.equals(h.salt, header.salt)) {
            keys = volumeKey.forFile(h.salt);
        }
        header = h;
        encoded = b;
    }

    private void writeHeader(FileHeader h) throws IOException {
        byte[] e = h.encode(volumeKey, bound);
        storage.write(0, e, 0, e.length);
        header = h;
        encoded = e;
    }

    /** Whether the header records a slot count other than the file's now. */
    boolean slotsChanged() throws IOException {
        refreshHeader();
        return slots() != header.slots;
    }

    /** Records the number of slots the file holds now in its header (under the seal lock, after {@link #finishCut}). */
    void recordSlots() throws IOException {
        refreshHeader();
        long n = slots();
        if (n != header.slots) {
            writeHeader(header.withSlots(n));
        }
    }

    private long offset(long index) {
        return FileHeader.LENGTH + index * header.slotSize;
    }

    /** Reads only slot {@code index}'s header into the fields ({@code cipherId} 0: empty or absent). */
    void readHeader(long index) throws IOException {
        int n = storage.readFully(offset(index), slot, 0, NONCE_AT);
        if (n < NONCE_AT) {
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
            // An empty slot is zeros but for the generation it was emptied at (kept for the generation floor).
            boolean clean = Bytes.getInt(slot, 0) == 0 && Bytes.getInt(slot, 4) == 0 && zeroFrom(12);
            return clean ? EMPTY : damaged(index, "is an empty slot holding data");
        }
        if (index >= header.slots && generation < header.generationFloor) {
            if (header.cutPending) {
                // A truncation under way: this slot is one it cuts, not part of the file.
                cipherId = 0;
                return EMPTY;
            }
            return damaged(index, "was cut by a truncation and put back (generation " + generation + " is below the"
                    + " file's floor " + header.generationFloor + " and the header records " + header.slots
                    + " blocks): an old tail appended from a copy (rolled back)");
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
        fillAad(index);
        nonce.derive(keys.key(cipher), slot, NONCE_AT);
        try {
            int length = cipher.open(nonce.key, nonce.nonce, aadView(), slot, SLOT_HEADER, sealed, plain, 0);
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
     * The associated data: salt, block index, and the slot header but its sealed length (known
     * only after sealing with a cipher whose output length varies; a changed one moves the tag, so it fails
     * authentication all the same); in a region file also the base file's salt, so that another file's region
     * file put in its place fails authentication.
     */
    private void fillAad(long index) {
        byte[] aad = aadView();
        System.arraycopy(header.salt, 0, aad, 0, 16);
        Bytes.putLong(aad, 16, index);
        System.arraycopy(slot, 0, aad, 24, 12);
        if (owner != null) {
            System.arraycopy(owner, 0, aad, 36, 16);
        }
    }

    private byte[] aadView() {
        return owner == null ? baseAad : regionAad;
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
        fillAad(index);
        BlockNonce.fresh(slot, NONCE_AT);
        nonce.derive(keys.key(cipher), slot, NONCE_AT);
        int sealed = cipher.seal(nonce.key, nonce.nonce, aadView(), plain, 0, length, slot, SLOT_HEADER);
        Bytes.putInt(slot, 12, sealed);
        Arrays.fill(slot, SLOT_HEADER + sealed, slot.length, (byte) 0);
        storage.write(offset(index), slot, 0, slot.length);
        this.cipherId = cipher.id();
        this.requiredId = required == null ? 0 : required.id();
        this.generation = generation;
        this.plainLength = length;
        SealLog.record(nonce.key, cipher.id(), nonce.nonce, header.salt, index);
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

    /**
     * Raises the generation floor to at least {@code floor} (durably), recording the slot count with it (the slots
     * held are forced first): every slot past the recorded count is then sealed at or past the floor.
     */
    void raiseFloor(int floor) throws IOException {
        refreshHeader();
        finishCut();
        if (floor > header.generationFloor) {
            storage.force();
            writeHeader(header.withFloor(floor).withSlots(slots()));
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

    /**
     * Cuts the file to {@code slots} slots: first a header with the floor past every generation the cut slots used,
     * the new slot count and the mark "cut under way" (the slots kept forced first, so the count never names slots
     * the disk may lack), forced; then the cut, forced; then the mark cleared. A crash at any step leaves the file
     * of {@code slots} slots or the file before, readable either way.
     */
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
        refreshHeader();
        storage.force();
        writeHeader(header.withFloor(Math.max(floor, header.generationFloor)).withSlots(slots).withCutPending(true));
        storage.force();
        finishCut();
    }
}
