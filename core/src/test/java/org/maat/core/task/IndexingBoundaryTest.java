package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.CorruptRecordException;
import org.maat.core.data.DataDir;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.TestData;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Attack on "an indexing task's only output is its index files": whatever a buggy indexer's code throws (its
 * mapper, through the sequential indexer), with a private title in its message, cause chain, suppressed exceptions
 * or a type of its own, the caller sees only runtime text, and nothing is published. The runtime's own failures
 * (a refused entry, a damaged record, the monitor's refusal) reach the caller named, as fresh copies: a title the
 * task hangs on one stays behind, and the same types made by the task itself are not believed.
 */
class IndexingBoundaryTest {

    @TempDir
    static Path dir;

    private static DataDir data;

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 60, 81);
    }

    /** A throwable a buggy task could end in, carrying {@code secret} somewhere a caller could print. */
    private static Throwable buggy(Random random, String secret, int depth) {
        String text = random.nextBoolean() ? secret : "indexing failed";
        Throwable t = switch (random.nextInt(8)) {
            case 0 -> new IllegalArgumentException(text);
            case 1 -> new IllegalStateException(text);
            case 2 -> new IOException(text);
            case 3 -> new UncheckedIOException(text, new IOException(secret));
            case 4 -> new AssertionError(text);
            // the runtime's own types, made by the task: not the runtime's failures, so not believed
            case 5 -> new CorruptRecordException(Path.of("segment-0.dat"), 7, text);
            case 6 -> new PolicyViolation("ix/0/_0.cfs", Permission.DECLASSIFY, null, null, text, null);
            default -> new Throwable(text) {
                @Override
                public String toString() {
                    return secret;
                }
            };
        };
        if (depth > 0 && random.nextBoolean()) {
            t.addSuppressed(buggy(random, secret, depth - 1));
        }
        if (!text.equals(secret) && t.getSuppressed().length == 0) {
            t.addSuppressed(new RuntimeException(secret));
        }
        return t;
    }

    private static String everything(Throwable thrown) {
        StringWriter out = new StringWriter();
        thrown.printStackTrace(new PrintWriter(out));
        return out.toString() + thrown;
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void sneakyThrow(Throwable t) throws E {
        throw (E) t;
    }

    @Test
    void whateverABuggyIndexerThrowsTheCallerSeesOnlyRuntimeTextAndNothingIsPublished() throws IOException {
        Random random = new Random(2028);
        for (int round = 0; round < 12; round++) {
            int failAt = 1 + random.nextInt(40);
            Throwable[] planted = new Throwable[1];
            String[] secret = new String[1];
            int[] mapped = {0};
            DocumentMapper mapper = labelled -> {
                if (++mapped[0] == failAt) {
                    secret[0] = labelled.document().title();
                    planted[0] = buggy(random, secret[0], 2);
                    sneakyThrow(planted[0]);
                }
                return IndexFields.document(labelled);
            };
            IndexLayout out = new IndexLayout(Files.createTempDirectory(dir, "index-"));
            Throwable seen = catchThrowable(() -> new IndexRun(mapper).run(data, out, 2, Monitoring.REFERENCE_MONITOR,
                    n -> { }));
            assertThat(seen).as("round %d", round).isInstanceOf(TaskFailedException.class);
            assertThat(seen.getMessage()).matches("the indexing task failed \\(incident [0-9a-f]{10}\\)");
            assertThat(everything(seen)).as("round %d: what the caller sees of %s", round, planted[0])
                    .doesNotContain(secret[0]);
            assertThat(seen.getCause()).isNull();
            assertThat(seen.getSuppressed()).isEmpty();
            assertThat(catchThrowable(() -> PublishedIndex.read(out))).as("round %d: published after a failed run", round)
                    .isNotNull();
        }
    }

    @Test
    void aRuntimeFailureReachesTheCallerAsAFreshCopyWithoutWhatTheTaskAddedToIt() {
        String secret = "Private title of u2's memo";
        TaskBoundary boundary = TaskBoundary.indexing(new UnmonitoredGate(), "the indexing task");
        IndexEntryRefusedException[] genuine = new IndexEntryRefusedException[1];
        Throwable seen = catchThrowable(() -> boundary.run(() -> {
            try {
                throw new IndexEntryRefusedException("d4", IndexFields.BODY, "its field body is not its document's");
            } catch (IndexEntryRefusedException refused) {
                genuine[0] = refused;
                refused.addSuppressed(new IllegalStateException(secret));
                refused.setStackTrace(new StackTraceElement[] {new StackTraceElement(secret, secret, secret, 1)});
                throw new IllegalStateException(secret, refused);
            }
        }));
        assertThat(seen).isInstanceOf(IndexEntryRefusedException.class).isNotSameAs(genuine[0])
                .hasMessage(genuine[0].getMessage());
        assertThat(everything(seen)).doesNotContain(secret);
        assertThat(seen.getCause()).isNull();
        assertThat(seen.getSuppressed()).isEmpty();
    }

    @Test
    void theMonitorsRefusalAndADamagedRecordAreNamedOnlyWhenTheRuntimeRaisedThem() {
        String secret = "Private title of u2's memo";
        CorruptRecordException raised = RuntimeFailures.vouch(
                new CorruptRecordException(Path.of("segment-0.dat"), 96, "checksum mismatch"),
                () -> new CorruptRecordException(Path.of("segment-0.dat"), 96, "checksum mismatch"));
        Throwable named = catchThrowable(() -> TaskBoundary.indexing(new UnmonitoredGate(), "the indexing task")
                .run(() -> {
                    raised.addSuppressed(new RuntimeException(secret));
                    throw raised;
                }));
        assertThat(named).isInstanceOf(CorruptRecordException.class).isNotSameAs(raised)
                .hasMessage("damaged store: segment-0.dat at byte 96: checksum mismatch");
        assertThat(everything(named)).doesNotContain(secret);

        for (Throwable forged : List.of(new CorruptRecordException(Path.of("segment-0.dat"), 96, secret),
                new PolicyViolation("ix/0/_0.cfs", Permission.DECLASSIFY, null, null, secret, null))) {
            Throwable seen = catchThrowable(() -> TaskBoundary.indexing(new UnmonitoredGate(), "the indexing task")
                    .run(() -> {
                        sneakyThrow(forged);
                        return null;
                    }));
            assertThat(seen).as("a forged %s", forged.getClass().getSimpleName()).isInstanceOf(TaskFailedException.class);
            assertThat(everything(seen)).doesNotContain(secret);
        }
    }

    @Test
    void aSearchBoundaryNamesNoRuntimeFailure() {
        IndexEntryRefusedException raised = new IndexEntryRefusedException("d4", IndexFields.BODY, "a reason");
        Throwable seen = catchThrowable(() -> new TaskBoundary(new UnmonitoredGate(), "the search task").run(() -> {
            throw raised;
        }));
        assertThat(seen).isInstanceOf(TaskFailedException.class)
                .hasMessageMatching("the search task failed \\(incident [0-9a-f]{10}\\)");
    }
}
