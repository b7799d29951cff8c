package org.maat.indexer.job;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.maat.core.conduit.StoreFormat;

/**
 * One commit of a conduit store as a MapReduce job reads it through a Hadoop {@link FileSystem} (at-rest aware
 * through {@link StoreInput}): the commit record, the checked offset table and the committed edits. The driver
 * reads it to learn how many live documents the job must index, the input format to cut splits, and every reducer
 * to read its documents by ordinal ({@link StoreRecords}).
 */
final class CommittedStore {

    private final Path store;
    private final StoreInput files;
    private final StoreFormat.Committed commit;
    private final long[] offsets;
    private final byte[] editLog;

    private CommittedStore(Path store, StoreInput files, StoreFormat.Committed commit, long[] offsets, byte[] editLog) {
        this.store = store;
        this.files = files;
        this.commit = commit;
        this.offsets = offsets;
        this.editLog = editLog;
    }

    /** The committed state of the job's conduit store ({@link IndexJobConf#documents}). */
    static CommittedStore read(Configuration conf) throws IOException {
        Path store = IndexJobConf.documents(conf);
        FileSystem fs = store.getFileSystem(conf);
        StoreInput files = StoreInput.of(fs, store);
        Path commitFile = new Path(store, StoreFormat.COMMIT_FILE);
        if (!fs.exists(commitFile)) {
            throw new IOException(store + ": not a conduit store (no committed " + StoreFormat.COMMIT_FILE + ")");
        }
        StoreFormat.Committed commit = StoreFormat.parseCommit(readString(files, commitFile), commitFile.toString());
        Path offsetsFile = new Path(store, StoreFormat.OFFSETS_FILE);
        long[] offsets = readOffsets(files, offsetsFile, commit.documents());
        StoreFormat.checkOffsets(offsets, commit, offsetsFile.toUri().getPath());
        byte[] editLog = commit.editBytes() == 0 ? new byte[0]
                : readPrefix(files, new Path(store, StoreFormat.EDITS_FILE), commit.editBytes());
        return new CommittedStore(store, files, commit, offsets, editLog);
    }

    Path store() {
        return store;
    }

    StoreInput files() {
        return files;
    }

    StoreFormat.Committed commit() {
        return commit;
    }

    /** The live documents as runs in segment order, cut every {@code maxRun} documents ({@link StoreFormat#liveRuns}). */
    List<StoreFormat.Run> liveRuns(long maxRun) throws IOException {
        return StoreFormat.liveRuns(offsets, editLog, commit, local(), maxRun);
    }

    /** Each document's live record, or {@link StoreFormat#REMOVED} ({@link StoreFormat#liveOffsets}). */
    long[] liveOffsets() throws IOException {
        return StoreFormat.liveOffsets(offsets, editLog, commit, local());
    }

    /** How many documents of this commit are live: what a job over it must index, each exactly once. */
    long liveDocuments() throws IOException {
        long live = 0;
        for (long offset : liveOffsets()) {
            live += offset == StoreFormat.REMOVED ? 0 : 1;
        }
        return live;
    }

    private java.nio.file.Path local() {
        return java.nio.file.Path.of(store.toUri().getPath());
    }

    private static String readString(StoreInput files, Path file) throws IOException {
        try (InputStream in = files.open(file, 0)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The first {@code length} bytes of {@code file}: what a commit names of a file that may have grown since. */
    private static byte[] readPrefix(StoreInput files, Path file, long length) throws IOException {
        if (length > Integer.MAX_VALUE - 8) {
            throw new IOException(file + ": " + length + " bytes of edits exceed one store's limit");
        }
        byte[] bytes = new byte[(int) length];
        try (InputStream in = files.open(file, 0)) {
            if (in.readNBytes(bytes, 0, bytes.length) < bytes.length) {
                throw new java.io.EOFException();
            }
        } catch (java.io.EOFException e) {
            throw new IOException("damaged store: " + file + " is shorter than the " + length
                    + " bytes of edits its commit names");
        }
        return bytes;
    }

    private static long[] readOffsets(StoreInput files, Path file, long documents) throws IOException {
        if (documents > Integer.MAX_VALUE - 8) {
            throw new IOException(file + ": " + documents + " documents exceed one store's limit");
        }
        long size = files.length(file);
        if (size < documents * Long.BYTES) {
            throw new IOException(file + ": holds " + size / Long.BYTES + " offsets but the commit names " + documents
                    + " documents (truncated)");
        }
        long[] offsets = new long[(int) documents];
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(files.open(file, 0), 1 << 16))) {
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = in.readLong();
            }
        }
        return offsets;
    }
}
