package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlFileTest {

    @TempDir
    Path dir;

    private Path csv(String... lines) throws IOException {
        return Files.write(dir.resolve("results.csv"), List.of(lines));
    }

    @Test
    void readsJMeterDefaultColumnsAndTakesTheLevelFromTheThreadGroup() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,42,Q7,200,OK,threads-4 1-3,text,true,,2048,120,4,4,http://h/erp/q7,40,0,1",
                "1700000000050,17,Q8,503,Unavailable,rate-12.5 1-1,text,false,busy,10,120,1,1,http://h/erp/q8,17,0,0");

        List<Sample> samples = JtlFile.read(file);

        assertThat(samples).containsExactly(
                new Sample(1700000000000L, 42, "Q7", "200", true, "threads-4 1-3", "threads-4", 40, 2),
                new Sample(1700000000050L, 17, "Q8", "503", false, "rate-12.5 1-1", "rate-12.5", 17, 3));
        assertThat(samples.get(0).end()).isEqualTo(1700000000042L);
    }

    @Test
    void quotedFieldsMayHoldCommasQuotesAndLineBreaks() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,5,Q7,500,\"Bad, \"\"very\"\" bad\nsecond line\",threads-1 1-1,text,false,,1,1,1,1,u,5,0,0",
                "1700000000010,6,Q7,200,OK,threads-1 1-1,text,true,,1,1,1,1,u,6,0,0");

        List<Sample> samples = JtlFile.read(file);

        assertThat(samples).extracting(Sample::elapsed).containsExactly(5L, 6L);
        assertThat(samples).extracting(Sample::line).containsExactly(2L, 4L);
    }

    @Test
    void rowWithTooFewFieldsIsRejectedWithFileAndLine() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,5,Q7,200,OK,threads-1 1-1,text,true,,1,1,1,1,u,5,0,0",
                "1700000000010,6,Q7,200");

        assertThatThrownBy(() -> JtlFile.read(file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(file + ":3: expected 17 fields as in the header, found 4");
    }

    @Test
    void nonNumericElapsedIsRejectedWithFileAndLine() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,fast,Q7,200,OK,threads-1 1-1,text,true,,1,1,1,1,u,5,0,0");

        assertThatThrownBy(() -> JtlFile.read(file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(file + ":2: elapsed must be a whole number of milliseconds, got 'fast'")
                .satisfies(e -> assertThat(((JtlFormatException) e).line()).isEqualTo(2));
    }

    @Test
    void successOtherThanTrueOrFalseIsRejected() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,5,Q7,200,OK,threads-1 1-1,text,yes,,1,1,1,1,u,5,0,0");

        assertThatThrownBy(() -> JtlFile.read(file)).hasMessageContaining(":2: success must be true or false");
    }

    @Test
    void unclosedQuoteIsRejectedAtTheLineItStarts() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,5,Q7,200,\"OK,threads-1 1-1,text,true,,1,1,1,1,u,5,0,0",
                "1700000000010,6,Q7,200,OK,threads-1 1-1,text,true,,1,1,1,1,u,6,0,0");

        assertThatThrownBy(() -> JtlFile.read(file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(file + ":2: not valid CSV: ")
                .hasMessageContaining("closing quote");
    }

    @Test
    void characterAfterAClosingQuoteIsRejectedAtItsLine() throws IOException {
        Path file = csv(JtlFixture.HEADER,
                "1700000000000,5,Q7,200,OK,threads-1 1-1,text,true,,1,1,1,1,u,5,0,0",
                "1700000000010,6,Q7,200,\"OK\"x,threads-1 1-1,text,true,,1,1,1,1,u,6,0,0");

        assertThatThrownBy(() -> JtlFile.read(file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(file + ":3: not valid CSV: ")
                .satisfies(e -> assertThat(((JtlFormatException) e).line()).isEqualTo(3));
    }

    @Test
    void fieldsKeepTheirSpacesHashesAndEmptyQuotedValuesAndCrLfLinesAreRead() throws IOException {
        Path file = dir.resolve("crlf.csv");
        Files.writeString(file, JtlFixture.HEADER + "\r\n"
                + "1700000000000,5,# not a comment ,200,\"\",threads-1 1-1,text,true,,1,1,1,1,u,5,0,0\r\n"
                + "\r\n"
                + "1700000000010,6,\"Q,8\",200,OK,threads-1 1-1,text,true,,1,1,1,1,u,6,0,0\r\n");

        List<Sample> samples = JtlFile.read(file);

        assertThat(samples).extracting(Sample::label).containsExactly("# not a comment ", "Q,8");
        assertThat(samples).extracting(Sample::line).containsExactly(2L, 4L);
    }

    @Test
    void headerWithoutRequiredColumnsIsRejected() throws IOException {
        Path file = csv("1700000000000,5,Q7,200,OK,threads-1 1-1,text,true");

        assertThatThrownBy(() -> JtlFile.read(file))
                .hasMessageContaining(":1: not a JMeter CSV header: missing column(s) timeStamp, elapsed, label,"
                        + " success, threadName");
    }

    @Test
    void headerOnlyFileHasNoSamplesAndEmptyFileIsAnError() throws IOException {
        assertThat(JtlFile.read(csv(JtlFixture.HEADER))).isEmpty();
        Path empty = Files.write(dir.resolve("empty.csv"), new byte[0]);
        assertThatThrownBy(() -> JtlFile.read(empty)).hasMessage(empty + ":1: empty file, expected a JMeter CSV header line");
    }

    @Test
    void readsBackWhatTheFixtureWrote() throws IOException {
        List<Sample> simulated = new SimulatedServer(1_700_000_000_000L, 2, 10, 0, 1)
                .closedLoop(2, 2_000, "Q7", "Q8").samples();

        List<Sample> read = JtlFile.read(JtlFixture.write(dir.resolve("sim.csv"), simulated));

        assertThat(read).hasSameSizeAs(simulated);
        assertThat(read).extracting(Sample::level).containsOnly("threads-2");
        assertThat(read.stream().mapToLong(Sample::elapsed).sum())
                .isEqualTo(simulated.stream().mapToLong(Sample::elapsed).sum());
    }
}
