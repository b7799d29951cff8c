package org.maat.core.corpus;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.function.Consumer;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.maat.core.conduit.BadRecords;
import org.maat.core.conduit.ScanMode;

/**
 * A MediaWiki XML export ({@code pages-articles.xml}, plain or {@code .bz2}, multi-stream included),
 * streamed with StAX so a dump of any size needs constant memory. Articles are pages in namespace 0
 * that are not redirects; the body is the latest revision's wikitext.
 *
 * <p>A page missing its title or text, or whose text is longer than
 * {@link LineCorpusReader#MAX_RECORD_BYTES} in UTF-8, is a bad record (reported with its line and
 * column); broken XML, including bytes that are not UTF-8, cannot be resynchronised and always stops
 * the pass with its position.
 */
public final class WikiDumpCorpus implements Corpus {

    private final String spec;
    private final Path file;

    WikiDumpCorpus(String spec, Path file) {
        this.spec = spec;
        this.file = file;
    }

    @Override
    public String spec() {
        return spec;
    }

    @Override
    public OptionalLong expectedDocuments() {
        return OptionalLong.empty();
    }

    @Override
    public CorpusReader open(ScanMode mode, Consumer<CorpusFormatException> skipped) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        if (file.getFileName().toString().endsWith(".bz2")) {
            in = new BZip2CompressorInputStream(in, true);
        }
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // A dump is data, not a document with external parts: no DTDs, no external entities.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try {
            return new PageReader(file.toString(), in, factory.createXMLStreamReader(in, "UTF-8"), mode, skipped);
        } catch (XMLStreamException e) {
            in.close();
            throw new CorpusFormatException(file.toString(), position(e), "not an XML dump: " + reason(e));
        }
    }

    /** The parser's message without the position it repeats ("ParseError at [row,col]:[6,53]\nMessage: ..."). */
    private static String reason(XMLStreamException e) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf("Message: ");
        return (at >= 0 ? message.substring(at + "Message: ".length()) : message).replace('\n', ' ').strip();
    }

    private static String position(XMLStreamException e) {
        return e.getLocation() == null ? "?" : e.getLocation().getLineNumber() + ":" + e.getLocation().getColumnNumber();
    }

    /** Walks {@code <page>} elements one at a time. */
    private static final class PageReader implements CorpusReader {
        private final String source;
        private final InputStream in;
        private final XMLStreamReader xml;
        private final BadRecords<CorpusFormatException> badRecords;
        /** The text of the current page's {@code <text>}, reused from page to page. */
        private final StringBuilder textBuffer = new StringBuilder();
        private CorpusEntry pending;
        private boolean done;

        PageReader(String source, InputStream in, XMLStreamReader xml, ScanMode mode,
                Consumer<CorpusFormatException> skipped) {
            this.source = source;
            this.in = in;
            this.xml = xml;
            this.badRecords = new BadRecords<>(mode, skipped);
        }

        @Override
        public boolean hasNext() {
            try {
                while (pending == null && !done) {
                    pending = nextArticle();
                }
            } catch (XMLStreamException e) {
                throw new CorpusFormatException(source, position(e), "malformed XML: " + reason(e));
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

        /** The next page, or null if it is not an article (or was bad and skipped) or the dump ended. */
        private CorpusEntry nextArticle() throws XMLStreamException {
            while (xml.hasNext()) {
                if (xml.next() == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("page")) {
                    return page();
                }
            }
            done = true;
            return null;
        }

        private CorpusEntry page() throws XMLStreamException {
            String where = xml.getLocation().getLineNumber() + ":" + xml.getLocation().getColumnNumber();
            String title = null;
            String ns = "0";
            String id = "";
            String date = "";
            String text = null;
            long textBytes = 0;
            boolean redirect = false;
            int depth = 1;
            while (depth > 0) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    switch (xml.getLocalName()) {
                        case "title" -> { title = xml.getElementText(); depth--; }
                        case "ns" -> { ns = xml.getElementText().strip(); depth--; }
                        case "id" -> {
                            String v = xml.getElementText().strip();
                            depth--;
                            if (depth == 1) {
                                id = v; // the page's id, not its revision's or contributor's
                            }
                        }
                        case "redirect" -> redirect = true;
                        case "timestamp" -> { date = xml.getElementText().strip(); depth--; }
                        case "text" -> {
                            textBytes = readText();
                            text = textBytes <= LineCorpusReader.MAX_RECORD_BYTES ? textBuffer.toString() : "";
                            depth--;
                        }
                        default -> { }
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                } else if (event == XMLStreamConstants.END_DOCUMENT) {
                    throw new XMLStreamException("dump ends inside a <page> that starts at " + where,
                            xml.getLocation());
                }
            }
            if (!ns.equals("0") || redirect) {
                return null;
            }
            if (textBytes > LineCorpusReader.MAX_RECORD_BYTES) {
                badRecords.handle(new CorpusFormatException(source, where, "page " + (id.isEmpty() ? "" : id + " ")
                        + "has " + textBytes + " bytes of text, more than the "
                        + (LineCorpusReader.MAX_RECORD_BYTES >> 20) + " MiB a record may have"));
                return null;
            }
            if (title == null || title.isBlank() || text == null) {
                badRecords.handle(new CorpusFormatException(source, where,
                        "page " + (id.isEmpty() ? "" : id + " ") + "has no " + (text == null ? "<text>" : "<title>")));
                return null;
            }
            return new CorpusEntry(id, title, date, text);
        }

        /**
         * Reads the current element's text into {@link #textBuffer} as far as the record limit and returns
         * its length in UTF-8 bytes, counted to the end; text past the limit is not kept.
         */
        private long readText() throws XMLStreamException {
            textBuffer.setLength(0);
            long bytes = 0;
            while (true) {
                int event = xml.next();
                switch (event) {
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE,
                            XMLStreamConstants.ENTITY_REFERENCE -> {
                        String chunk = xml.getText();
                        bytes += utf8Length(chunk);
                        if (bytes <= LineCorpusReader.MAX_RECORD_BYTES) {
                            textBuffer.append(chunk);
                        }
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        return bytes;
                    }
                    case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION -> { }
                    default -> throw new XMLStreamException("unexpected content inside <text>", xml.getLocation());
                }
            }
        }

        private static long utf8Length(String s) {
            long n = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
            }
            return n;
        }

        @Override
        public long skipped() {
            return badRecords.skipped();
        }

        @Override
        public void close() throws IOException {
            try {
                xml.close();
            } catch (XMLStreamException e) {
                // closing releases nothing the stream below does not
            }
            in.close();
        }
    }
}
