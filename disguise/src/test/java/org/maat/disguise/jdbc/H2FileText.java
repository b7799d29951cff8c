package org.maat.disguise.jdbc;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.compress.CompressDeflate;
import org.h2.compress.CompressLZF;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStoreTool;

/**
 * Every byte an H2 file holds, as a reader of the file would see it: the raw bytes, and the expanded
 * content of every compressed page of every chunk whose header is still in the file, live or freed
 * ({@code SHUTDOWN COMPACT} writes compressed pages, in which a raw scan finds no one's plaintext). Pages
 * are listed by H2's own {@link MVStoreTool#dump}, which walks the file block by block; each listed
 * page's header is checked against the dump's map id and entry count before its body is expanded, and a
 * page that does not parse fails the scan instead of being skipped.
 */
final class H2FileText {

    private static final Pattern CHUNK = Pattern.compile("^([0-9a-f]+) chunkHeader chunk:([0-9a-f]+),block:([0-9a-f]+),");
    private static final Pattern PAGE = Pattern.compile(
            "^\\+([0-9a-f]+) (leaf|node)( compressed)?, map ([0-9a-f]+), (\\d+) entries");

    private H2FileText() {
    }

    /** The raw bytes followed by each expanded compressed page, as one ISO-8859-1 string (one char a byte). */
    static String of(Path file) throws IOException {
        byte[] raw = Files.readAllBytes(file);
        StringBuilder all = new StringBuilder(new String(raw, StandardCharsets.ISO_8859_1));
        for (byte[] page : expandedPages(file, raw)) {
            all.append('\n').append(new String(page, StandardCharsets.ISO_8859_1));
        }
        return all.toString();
    }

    /** The node pages alone, compressed ones expanded (their keys separate the pages below them). */
    static String nodePages(Path file) throws IOException {
        StringBuilder all = new StringBuilder();
        for (byte[] page : expandedPages(file, Files.readAllBytes(file), true)) {
            all.append('\n').append(new String(page, StandardCharsets.ISO_8859_1));
        }
        return all.toString();
    }

    private static List<byte[]> expandedPages(Path file, byte[] raw) {
        return expandedPages(file, raw, false);
    }

    private static List<byte[]> expandedPages(Path file, byte[] raw, boolean nodesOnly) {
        StringWriter dump = new StringWriter();
        MVStoreTool.dump(file.toString(), dump, true);
        List<byte[]> pages = new ArrayList<>();
        long chunkStart = -1;
        for (String line : dump.toString().split("\n")) {
            Matcher c = CHUNK.matcher(line);
            if (c.find()) {
                chunkStart = Long.parseLong(c.group(1), 16);
                continue;
            }
            Matcher p = PAGE.matcher(line);
            if (!p.find()) {
                continue;
            }
            int at = (int) (chunkStart + Long.parseLong(p.group(1), 16));
            if (nodesOnly && p.group(2).equals("node") && p.group(3) == null) {
                pages.add(java.util.Arrays.copyOfRange(raw, at, at + ByteBuffer.wrap(raw, at, 4).getInt()));
            } else if (p.group(3) != null && (!nodesOnly || p.group(2).equals("node"))) {
                pages.add(expand(raw, at, p.group(2).equals("leaf"), Integer.parseInt(p.group(4), 16),
                        Integer.parseInt(p.group(5))));
            }
        }
        return pages;
    }

    /** The page at {@code at}: length, check, page number, map id, key count, type, a node's children, the compressed body. */
    private static byte[] expand(byte[] raw, int at, boolean leaf, int mapId, int entries) {
        int keys = leaf ? entries : entries - 1; // the dump counts a node's children
        ByteBuffer buff = ByteBuffer.wrap(raw);
        buff.position(at);
        int length = buff.getInt();
        buff.getShort();
        DataUtils.readVarInt(buff); // the page's number
        int readMap = DataUtils.readVarInt(buff);
        int readKeys = DataUtils.readVarInt(buff);
        int type = buff.get();
        if (readMap != mapId || readKeys != keys || ((type & 1) == 0) != leaf || (type & 2) == 0) {
            throw new IllegalStateException("page at " + at + " does not parse as the dump lists it (map " + readMap
                    + ", " + readKeys + " keys, type " + type + ")");
        }
        if (!leaf) {
            buff.position(buff.position() + (keys + 1) * 8);
            for (int i = 0; i <= keys; i++) {
                DataUtils.readVarLong(buff);
            }
        }
        int lengthAdded = DataUtils.readVarInt(buff);
        int compressedLength = at + length - buff.position();
        byte[] out = new byte[compressedLength + lengthAdded];
        boolean high = (type & 6) == 6;
        if (high) {
            new CompressDeflate().expand(raw, buff.position(), compressedLength, out, 0, out.length);
        } else {
            new CompressLZF().expand(raw, buff.position(), compressedLength, out, 0, out.length);
        }
        return out;
    }

}
