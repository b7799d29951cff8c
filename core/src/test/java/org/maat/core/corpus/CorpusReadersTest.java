package org.maat.core.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ScanMode;

class CorpusReadersTest {

    @TempDir
    Path dir;

    private static List<CorpusEntry> read(Corpus corpus, ScanMode mode, List<CorpusFormatException> bad, int limit)
            throws IOException {
        List<CorpusEntry> out = new ArrayList<>();
        try (CorpusReader r = corpus.open(mode, bad::add)) {
            while (r.hasNext() && out.size() < limit) {
                out.add(r.next());
            }
        }
        return out;
    }

    @Test
    void europarlIsReadFromTheLuceneTestFrameworkJar() throws IOException {
        Corpus europarl = CorpusSpec.parse("europarl", 1);
        assertThat(europarl.expectedDocuments()).hasValue(17_597);
        List<CorpusEntry> first = read(europarl, ScanMode.STRICT, new ArrayList<>(), 3);
        assertThat(first).hasSize(3).allSatisfy(e -> {
            assertThat(e.title()).isNotBlank();
            assertThat(e.body().length()).isGreaterThan(e.title().length());
        });
    }

    @Test
    void jsonlBadLinesAreRejectedOrSkippedWithTheirLineNumbers() throws IOException {
        Path file = Files.writeString(dir.resolve("c.jsonl"), """
                {"id": "a1", "title": "First", "body": "alpha beta"}

                {"id": 7, "title": "Second", "body": "gamma", "date": "2020-01-01"}
                {"title": "no body"}
                not json at all
                {"id": "a4", "title": "Fourth", "body": "delta"}
                """);
        Corpus corpus = CorpusSpec.parse("jsonl:" + file, 1);
        assertThatThrownBy(() -> read(corpus, ScanMode.STRICT, new ArrayList<>(), 100))
                .isInstanceOf(CorpusFormatException.class)
                .hasMessageContaining(file + ":4: missing \"body\"");
        List<CorpusFormatException> bad = new ArrayList<>();
        List<CorpusEntry> entries = read(corpus, ScanMode.SKIP, bad, 100);
        assertThat(entries).extracting(CorpusEntry::sourceId).containsExactly("a1", "7", "a4");
        assertThat(entries.get(1).date()).isEqualTo("2020-01-01");
        assertThat(bad).extracting(Throwable::getMessage)
                .anySatisfy(m -> assertThat(m).startsWith(file + ":4:"))
                .anySatisfy(m -> assertThat(m).startsWith(file + ":5: not one JSON object"));
    }

    /** Line 2 of a three-line corpus is {@code bad}; lines 1 and 3 are good records. */
    private Path corpusWithBadSecondLine(byte[] bad) throws IOException {
        Path file = dir.resolve("bad.jsonl");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("{\"id\": \"a1\", \"title\": \"First\", \"body\": \"alpha\"}\n".getBytes(StandardCharsets.UTF_8));
            out.write(bad);
            out.write("\n{\"id\": \"a3\", \"title\": \"Third\", \"body\": \"gamma\"}\n".getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    /** Fails at line 2 with {@code reason} under fail; under skip, reports line 2 and reads lines 1 and 3. */
    private void badSecondLineIsAnErrorOrAReportedSkip(byte[] bad, String reason) throws IOException {
        Path file = corpusWithBadSecondLine(bad);
        Corpus corpus = CorpusSpec.parse("jsonl:" + file, 1);
        assertThatThrownBy(() -> read(corpus, ScanMode.STRICT, new ArrayList<>(), 100))
                .isInstanceOf(CorpusFormatException.class)
                .hasMessageStartingWith(file + ":2: " + reason);
        List<CorpusFormatException> reported = new ArrayList<>();
        assertThat(read(corpus, ScanMode.SKIP, reported, 100)).extracting(CorpusEntry::sourceId)
                .containsExactly("a1", "a3");
        assertThat(reported).singleElement().extracting(Throwable::getMessage).asString()
                .startsWith(file + ":2: " + reason);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void jsonlInvalidUtf8IsABadRecordOfItsOwnLine() throws IOException {
        byte[] line = utf8("{\"id\": \"a2\", \"title\": \"Caf?\", \"body\": \"beta\"}");
        line[26] = (byte) 0xC3; // a lead byte followed by '"', not a continuation byte
        badSecondLineIsAnErrorOrAReportedSkip(line, "not UTF-8: 1 invalid byte(s) at column 27 (byte 0xC3)");
    }

    @Test
    void jsonlLineOverTheRecordLimitIsABadRecordAndReadingGoesOn() throws IOException {
        byte[] line = new byte[30 << 20];
        java.util.Arrays.fill(line, (byte) 'x');
        byte[] head = utf8("{\"id\": \"a2\", \"title\": \"Big\", \"body\": \"");
        System.arraycopy(head, 0, line, 0, head.length);
        line[line.length - 2] = '"';
        line[line.length - 1] = '}';
        badSecondLineIsAnErrorOrAReportedSkip(line, "line of " + line.length + " bytes is longer than the 16 MiB");
    }

    @Test
    void jsonlTwoObjectsOnOneLineAreABadRecordNotOneDropped() throws IOException {
        badSecondLineIsAnErrorOrAReportedSkip(utf8("{\"id\": \"a2\", \"title\": \"T\", \"body\": \"b\"}"
                + " {\"id\": \"a2b\", \"title\": \"T\", \"body\": \"c\"}"),
                "not one JSON object (column 41): a second JSON value follows the first");
    }

    @Test
    void jsonlRecordWithoutIdIsABadRecord() throws IOException {
        badSecondLineIsAnErrorOrAReportedSkip(utf8("{\"title\": \"T\", \"body\": \"b\"}"), "missing \"id\"");
        badSecondLineIsAnErrorOrAReportedSkip(utf8("{\"id\": \"\", \"title\": \"T\", \"body\": \"b\"}"),
                "empty \"id\"");
    }

    @Test
    void jsonlLinesMayEndWithCrLf() throws IOException {
        Path file = Files.writeString(dir.resolve("crlf.jsonl"),
                "{\"id\": 1, \"title\": \"Été\", \"body\": \"b\"}\r\n{\"id\": 2, \"title\": \"T\", \"body\": \"c\"}");
        assertThat(read(CorpusSpec.parse("jsonl:" + file, 1), ScanMode.STRICT, new ArrayList<>(), 10))
                .extracting(CorpusEntry::title).containsExactly("Été", "T");
    }

    @Test
    void wikiDumpWithInvalidUtf8StopsWithItsPositionInEitherMode() throws IOException {
        byte[] dump = utf8(DUMP.replace("search library", "search libr?ry"));
        int at = new String(dump, StandardCharsets.ISO_8859_1).indexOf("libr?ry") + 4;
        dump[at] = (byte) 0xFF;
        Path file = Files.write(dir.resolve("bad.xml"), dump);
        Corpus corpus = CorpusSpec.parse("wiki:" + file, 1);
        for (ScanMode mode : ScanMode.values()) {
            assertThatThrownBy(() -> read(corpus, mode, new ArrayList<>(), 100))
                    .isInstanceOf(CorpusFormatException.class)
                    .hasMessageMatching(java.util.regex.Pattern.quote(file.toString())
                            + ":6:\\d+: malformed XML: Invalid byte 1 of 1-byte UTF-8 sequence\\.");
        }
    }

    private static final String DUMP = """
            <mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
              <siteinfo><sitename>Test</sitename></siteinfo>
              <page>
                <title>Lucene</title><ns>0</ns><id>10</id>
                <revision><id>900</id><timestamp>2024-01-02T03:04:05Z</timestamp>
                  <text bytes="30">'''Lucene''' is a search library &amp; more.</text></revision>
              </page>
              <page>
                <title>Talk:Lucene</title><ns>1</ns><id>11</id>
                <revision><id>901</id><text>talk page</text></revision>
              </page>
              <page>
                <title>Apache Lucene</title><ns>0</ns><id>12</id><redirect title="Lucene" />
                <revision><id>902</id><text>#REDIRECT [[Lucene]]</text></revision>
              </page>
              <page>
                <title>Broken</title><ns>0</ns><id>13</id>
                <revision><id>903</id></revision>
              </page>
              <page>
                <title>Hadoop</title><ns>0</ns><id>14</id>
                <revision><id>904</id><timestamp>2024-02-02T00:00:00Z</timestamp><text>MapReduce engine.</text></revision>
              </page>
            </mediawiki>
            """;

    @Test
    void wikiDumpYieldsArticlesOnlyPlainOrBzip2() throws IOException {
        Path plain = Files.writeString(dir.resolve("dump.xml"), DUMP);
        Path bz2 = dir.resolve("dump.xml.bz2");
        try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(bz2))) {
            out.write(DUMP.getBytes(StandardCharsets.UTF_8));
        }
        for (Path p : List.of(plain, bz2)) {
            List<CorpusFormatException> bad = new ArrayList<>();
            List<CorpusEntry> entries = read(CorpusSpec.parse("wiki:" + p, 1), ScanMode.SKIP, bad, 100);
            assertThat(entries).extracting(CorpusEntry::title).containsExactly("Lucene", "Hadoop");
            assertThat(entries.get(0).sourceId()).isEqualTo("10");
            assertThat(entries.get(0).date()).isEqualTo("2024-01-02T03:04:05Z");
            assertThat(entries.get(0).body()).isEqualTo("'''Lucene''' is a search library & more.");
            assertThat(bad).singleElement().extracting(Throwable::getMessage)
                    .satisfies(m -> assertThat(m).contains("page 13 has no <text>"));
        }
    }

    @Test
    void wikiPageOverTheRecordLimitIsABadRecordAndReadingGoesOn() throws IOException {
        String big = "y".repeat(17 << 20);
        Path file = Files.writeString(dir.resolve("big.xml"), DUMP.replace("is a search library", big));
        Corpus corpus = CorpusSpec.parse("wiki:" + file, 1);
        assertThatThrownBy(() -> read(corpus, ScanMode.STRICT, new ArrayList<>(), 100))
                .isInstanceOf(CorpusFormatException.class)
                .hasMessageMatching(java.util.regex.Pattern.quote(file.toString())
                        + ":3:\\d+: page 10 has \\d+ bytes of text, more than the 16 MiB a record may have");
        List<CorpusFormatException> bad = new ArrayList<>();
        assertThat(read(corpus, ScanMode.SKIP, bad, 100)).extracting(CorpusEntry::title).containsExactly("Hadoop");
        assertThat(bad).hasSize(2).first().extracting(Throwable::getMessage).asString().contains("page 10 has");
    }

    @Test
    void truncatedWikiDumpStopsWithItsPosition() throws IOException {
        Path cut = Files.writeString(dir.resolve("cut.xml"), DUMP.substring(0, DUMP.indexOf("<title>Hadoop")));
        assertThatThrownBy(() -> read(CorpusSpec.parse("wiki:" + cut, 1), ScanMode.SKIP, new ArrayList<>(), 100))
                .isInstanceOf(CorpusFormatException.class)
                .hasMessageStartingWith(cut + ":");
    }

    @Test
    void syntheticCorpusIsSeededAndStopsAtItsSize() throws IOException {
        Corpus a = CorpusSpec.parse("synthetic:200KB", 7);
        List<CorpusEntry> first = read(a, ScanMode.STRICT, new ArrayList<>(), Integer.MAX_VALUE);
        List<CorpusEntry> again = read(CorpusSpec.parse("synthetic:200KB", 7), ScanMode.STRICT, new ArrayList<>(),
                Integer.MAX_VALUE);
        List<CorpusEntry> other = read(CorpusSpec.parse("synthetic:200KB", 8), ScanMode.STRICT, new ArrayList<>(), 5);
        assertThat(first).isEqualTo(again);
        assertThat(other.get(0)).isNotEqualTo(first.get(0));
        long chars = first.stream().mapToLong(e -> e.title().length() + e.body().length()).sum();
        assertThat(chars).isBetween(200L * 1024, 200L * 1024 + 100_000);
        assertThat(a.expectedDocuments().getAsLong()).isBetween(first.size() / 3L, first.size() * 3L);
        // drawn with europarl's term frequencies: a Zipf-like head, the top word alone a few percent of all
        java.util.Map<String, Long> counts = first.stream().flatMap(e -> List.of(e.body().split(" ")).stream())
                .collect(java.util.stream.Collectors.groupingBy(w -> w, java.util.stream.Collectors.counting()));
        long words = counts.values().stream().mapToLong(Long::longValue).sum();
        long top = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        assertThat((double) top / words).isGreaterThan(0.02);
        assertThat(counts.size()).isGreaterThan(1_000);
    }

    @Test
    void badSpecsAreRejectedWithTheKindsThatExist() {
        assertThatThrownBy(() -> CorpusSpec.parse("gutenberg", 1)).hasMessageContaining("europarl, wiki:PATH");
        assertThatThrownBy(() -> CorpusSpec.parse("synthetic:lots", 1)).hasMessageContaining("500MB");
        assertThatThrownBy(() -> CorpusSpec.parse("jsonl:" + dir.resolve("none"), 1))
                .hasMessageContaining("is not a readable file");
    }
}
