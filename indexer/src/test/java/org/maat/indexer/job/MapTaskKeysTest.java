package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.ShardRouter;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;

/**
 * A map task's code chooses only keys (shard, ordinal), and the runtime accepts a job's keys only if every live
 * document of the store arrives exactly once, in its router shard: any other choice (a document left out, repeated,
 * sent to another shard, exchanged for another ordinal, or an ordinal the store does not hold) fails the job in
 * the same fixed words, and nothing is published.
 */
class MapTaskKeysTest {

    static final String FAULT = "test.fault";
    static final String TARGET = "test.target";

    @TempDir
    Path dir;

    /** Routes every document as {@link RoutingMapper} does, except document {@link #TARGET}, which gets {@link #FAULT}. */
    public static final class FaultyMapper extends RoutingMapper {
        @Override
        protected void map(LongWritable ordinal, DocumentWritable value, Context context)
                throws IOException, InterruptedException {
            Configuration conf = context.getConfiguration();
            if (ordinal.get() != conf.getLong(TARGET, -1)) {
                super.map(ordinal, value, context);
                return;
            }
            int shard = new ShardRouter(IndexJobConf.shards(conf)).shard(value.get().id());
            switch (Fault.valueOf(conf.get(FAULT))) {
                case LEAVE_OUT -> { }
                case REPEAT -> {
                    super.map(ordinal, value, context);
                    super.map(ordinal, value, context);
                }
                case OTHER_SHARD -> context.write(new LongWritable(ShardKey.of((shard + 1) % IndexJobConf.shards(conf),
                        ordinal.get())), NullWritable.get());
                case OTHER_ORDINAL -> super.map(new LongWritable(ordinal.get() + 1), value, context);
                case NO_SUCH_ORDINAL -> context.write(new LongWritable(ShardKey.of(shard, 1L << 30)), NullWritable.get());
                case REPEAT_WRITTEN_DIRECTLY -> {
                    super.map(ordinal, value, context);
                    context.write(new LongWritable(ShardKey.of(shard, ordinal.get())), NullWritable.get());
                }
                default -> throw new IllegalStateException();
            }
        }
    }

    enum Fault { LEAVE_OUT, REPEAT, OTHER_SHARD, OTHER_ORDINAL, NO_SUCH_ORDINAL, REPEAT_WRITTEN_DIRECTLY }

    @Test
    void aMapTaskThatDoesNotRouteEveryLiveDocumentExactlyOnceFailsTheJobInFixedWordsAndPublishesNothing() throws Exception {
        DataDir data = TestData.generate(dir.resolve("data"), 40, 81);
        Random random = new Random(81);
        List<Fault> faults = List.of(Fault.values());
        for (Fault fault : faults) {
            long target = random.nextInt(39); // OTHER_ORDINAL needs a next document
            IndexLayout out = new IndexLayout(dir.resolve("index-" + fault));
            Configuration conf = MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2);
            conf.set(FAULT, fault.name());
            conf.setLong(TARGET, target);
            Throwable failed = catchThrowable(() -> new IndexJob(conf).withMapper(FaultyMapper.class)
                    .run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { }));
            assertThat(failed).as("%s of document %d", fault, target).isInstanceOf(IndexJobException.class);
            assertThat(failed.getMessage()).as("%s of document %d", fault, target)
                    .contains(ReceivedDocuments.LEFT_OUT_OR_REPEATED)
                    .doesNotContainPattern("\\bd[0-9]+\\b");
            assertThat(listing(out.root())).as(fault.name()).isEmpty();
            assertThat(out.isLabelled()).isFalse();
        }
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }

    private static List<String> listing(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(root)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
