package org.maat.core.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.maat.core.conduit.BadRecords;
import org.maat.core.conduit.ScanMode;

/**
 * A reader for corpora with one document per line: each subclass parses a line, and bad lines are
 * thrown or reported with their line number as the scan mode says.
 *
 * <p>Lines are split on {@code \n} in the raw bytes and decoded one at a time, so a bad line never
 * costs the lines after it: a line that is not valid UTF-8, or is longer than
 * {@link #MAX_RECORD_BYTES}, is a bad record of its own, with its line number. A line over the limit
 * is counted to its end but never held beyond the limit.
 */
abstract class LineCorpusReader implements CorpusReader {

    /** The largest line (one record) read, in bytes of UTF-8 without the line end: 16 MiB. */
    static final int MAX_RECORD_BYTES = 16 << 20;

    private final String source;
    private final InputStream in;
    private final int maxRecordBytes;
    private final BadRecords<CorpusFormatException> badRecords;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] buffer = new byte[1 << 16];
    private int bufferPos;
    private int bufferEnd;
    private byte[] line = new byte[1 << 12];
    private int lineLength;
    /** Bytes of the current line, counted past the limit too. */
    private long lineBytes;
    private long lineNumber;
    private CorpusEntry pending;
    private boolean done;

    LineCorpusReader(String source, InputStream in, ScanMode mode, Consumer<CorpusFormatException> skipped) {
        this(source, in, MAX_RECORD_BYTES, mode, skipped);
    }

    LineCorpusReader(String source, InputStream in, int maxRecordBytes, ScanMode mode,
                     Consumer<CorpusFormatException> skipped) {
        this.source = source;
        this.in = in;
        this.maxRecordBytes = maxRecordBytes;
        this.badRecords = new BadRecords<>(mode, skipped);
    }

    /** The entry on {@code line}, or null for a line that holds none (e.g. blank). */
    abstract CorpusEntry parse(String line) throws BadLine;

    @Override
    public boolean hasNext() {
        while (pending == null && !done) {
            boolean more;
            try {
                more = readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(source + ":" + (lineNumber + 1) + ": cannot read: " + e.getMessage(), e);
            }
            if (!more) {
                done = true;
                break;
            }
            lineNumber++;
            try {
                pending = parse(decodeLine());
            } catch (BadLine e) {
                badRecords.handle(new CorpusFormatException(source, Long.toString(lineNumber), e.getMessage()));
            }
        }
        return pending != null;
    }

    @Override
    public CorpusEntry next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        CorpusEntry e = pending;
        pending = null;
        return e;
    }

    @Override
    public long skipped() {
        return badRecords.skipped();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Reads the next line's bytes (up to the limit) into {@link #line}; false at the end of input. */
    private boolean readLine() throws IOException {
        lineLength = 0;
        lineBytes = 0;
        boolean any = false;
        while (true) {
            if (bufferPos == bufferEnd) {
                int n = in.read(buffer);
                if (n < 0) {
                    return any;
                }
                bufferPos = 0;
                bufferEnd = n;
            }
            any = true;
            int start = bufferPos;
            int end = start;
            while (end < bufferEnd && buffer[end] != '\n') {
                end++;
            }
            keep(start, end - start);
            bufferPos = end;
            if (end < bufferEnd) {
                bufferPos++; // the '\n'
                return true;
            }
        }
    }

    private void keep(int from, int length) {
        lineBytes += length;
        int room = (int) Math.min(length, (long) maxRecordBytes + 1 - lineLength);
        if (room <= 0) {
            return; // past the limit: counted, not kept
        }
        if (lineLength + room > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(Math.max(line.length * 2L, lineLength + room), maxRecordBytes + 1L));
        }
        System.arraycopy(buffer, from, line, lineLength, room);
        lineLength += room;
    }

    /** The current line as text, without a trailing {@code \r}. */
    private String decodeLine() throws BadLine {
        if (lineBytes > maxRecordBytes) {
            throw new BadLine("line of " + lineBytes + " bytes is longer than the " + describe(maxRecordBytes)
                    + " a record may have");
        }
        int length = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
        CharBuffer chars = CharBuffer.allocate(length);
        utf8.reset();
        CoderResult result = utf8.decode(bytes, chars, true);
        if (result.isError()) {
            throw new BadLine("not UTF-8: " + result.length() + " invalid byte(s) at column " + (bytes.position() + 1)
                    + " (byte " + String.format("0x%02X", line[bytes.position()] & 0xFF) + ")");
        }
        utf8.flush(chars);
        return chars.flip().toString();
    }

    private static String describe(int bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }

    /** Why a line is not a record. */
    static final class BadLine extends Exception {
        BadLine(String reason) {
            super(reason, null, false, false);
        }
    }
}
