package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.maat.core.storage.StorageFiles;

/**
 * {@code edits.log}: the removals and restorations of an edited store, appended by its one editor and
 * read only up to the length the commit names (entries past it are a crashed edit's, ignored and
 * truncated by the next editor). Each entry is fixed-size and checksummed:
 * {@code MAGIC (4) | kind (4) | ordinal (8) | packed location (8) | record length (4) | CRC32C (4)}.
 * A removal names where the removed record lay and how long it was, so its erasure can be redone
 * after a crash even once its header is already zeroed; a restoration names where the new record lies.
 */
final class EditLog {

    static final String FILE = "edits.log";
    static final int ENTRY = 32;
    private static final int MAGIC = 0x4D454454; // "MEDT"

    enum Kind { REMOVE, RESTORE }

    /** One committed change: {@code ordinal}'s record at {@code packed} ({@code length} bytes) removed or restored. */
    record Edit(Kind kind, long ordinal, long packed, int length) {
        int segment() {
            return OffsetTable.segment(packed);
        }

        long position() {
            return OffsetTable.position(packed);
        }
    }

    private EditLog() {
    }

    static byte[] encode(Edit e) {
        ByteBuffer buf = ByteBuffer.allocate(ENTRY);
        buf.putInt(MAGIC).putInt(e.kind().ordinal() + 1).putLong(e.ordinal()).putLong(e.packed()).putInt(e.length());
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 0, ENTRY - 4);
        buf.putInt((int) crc.getValue());
        return buf.array();
    }

    /** The entries in the first {@code bytes} of {@code dir}'s log; a damaged entry is an error naming its position. */
    static List<Edit> read(Path dir, StorageFiles files, long bytes) throws IOException {
        if (bytes == 0) {
            return new ArrayList<>();
        }
        Path file = dir.resolve(FILE);
        ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(bytes));
        try (FileChannel c = files.open(file, StandardOpenOption.READ)) {
            while (all.hasRemaining()) {
                if (c.read(all, all.position()) < 0) {
                    throw new IOException("damaged store: " + file + " ends at byte " + all.position()
                            + " but the commit names " + bytes + " bytes of edits (truncated)");
                }
            }
        } catch (NoSuchFileException e) {
            throw new IOException("damaged store: " + file + " is missing but the commit names " + bytes + " bytes of edits");
        }
        return decode(all.array(), file);
    }

    /** The entries of {@code log}, the committed bytes of {@code file}. */
    static List<Edit> decode(byte[] log, Path file) throws IOException {
        if (log.length % ENTRY != 0) {
            throw new IOException("damaged store: " + file + ": " + log.length + " bytes is not a whole number of edits");
        }
        ByteBuffer all = ByteBuffer.wrap(log);
        List<Edit> edits = new ArrayList<>();
        for (int at = 0; at < log.length; at += ENTRY) {
            edits.add(decode(all, at, file));
        }
        return edits;
    }

    private static Edit decode(ByteBuffer all, int at, Path file) throws IOException {
        CRC32C crc = new CRC32C();
        crc.update(all.array(), at, ENTRY - 4);
        int kind = all.getInt(at + 4);
        if (all.getInt(at) != MAGIC || (int) crc.getValue() != all.getInt(at + ENTRY - 4) || kind < 1 || kind > 2) {
            throw new IOException("damaged store: " + file + " at byte " + at + ": not an edit entry (magic, kind or checksum)");
        }
        return new Edit(Kind.values()[kind - 1], all.getLong(at + 8), all.getLong(at + 16), all.getInt(at + 24));
    }
}
