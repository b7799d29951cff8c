package org.maat.indexer.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.maat.policy.mal.MalLog;

/**
 * How the policy data (the data directory's policy store, MAL log and the log's head file) reaches
 * tasks: read-only and checksummed. The driver records each file's SHA-256 in the job configuration and, on a cluster,
 * ships the files through the distributed cache; a task (or the committer) copies each file into a
 * private directory while hashing it, and refuses to run if a hash differs: the policies and facts a
 * task is checked against are exactly those the driver saw. The private copy is needed because the
 * stores lock and may repair their files when opened; the shipped files are never opened for writing.
 *
 * <p>The MAL log's head file travels with it, since a log begun with a head file is refused without
 * one ({@link MalLog}). It is hashed before the log: it only moves forward, so the log hashed after it
 * holds at least its entries. A log begun before head files and never appended to since has none;
 * the driver records it as absent, and the task's copy has none either.
 */
final class PolicyData {

    private static final String MAL_LOG = "mal.log";
    private static final String MAL_LOG_HEAD = MalLog.headFile(java.nio.file.Path.of(MAL_LOG)).toString();

    /** The files shipped, by name in the data directory, the head before its log. */
    static final String[] FILES = {"policy.db", MAL_LOG_HEAD, MAL_LOG};

    /** The checksum recorded for the head file of a log that has none. */
    private static final String ABSENT = "absent";

    private static final String URI_KEY = "maat.indexer.policy-data.";
    private static final String SUM_KEY = "maat.indexer.policy-data.sha256.";

    private PolicyData() {
    }

    /**
     * Records the checksums of the data directory's policy files in the job, and ships them through the
     * distributed cache when {@code distributedCache} (a cluster; LocalJobRunner would make symbolic
     * links in the process's working directory, so local jobs read the files where they are).
     */
    static void register(Job job, Path data, boolean distributedCache) throws IOException {
        Configuration conf = job.getConfiguration();
        FileSystem fs = data.getFileSystem(conf);
        for (String name : FILES) {
            Path file = fs.makeQualified(new Path(data, name));
            conf.set(URI_KEY + name, file.toUri().toString());
            if (!fs.exists(file) && name.equals(MAL_LOG_HEAD)) {
                conf.set(SUM_KEY + name, ABSENT);
                continue;
            }
            if (!fs.exists(file)) {
                throw new IOException(file + " does not exist: " + data + " is not a complete Maat data directory");
            }
            try (InputStream in = fs.open(file)) {
                conf.set(SUM_KEY + name, sha256(in, OutputStream.nullOutputStream()));
            }
            if (distributedCache) {
                job.addCacheFile(URI.create(file.toUri() + "#" + linkName(name)));
            }
        }
    }

    /**
     * Copies the policy files into {@code into}, from the distributed cache's local copies when the
     * task has them, else from the job's file system, checking each against the driver's checksum.
     */
    static void localize(Configuration conf, java.nio.file.Path into) throws IOException {
        for (String name : FILES) {
            String expected = conf.get(SUM_KEY + name);
            String uri = conf.get(URI_KEY + name);
            if (expected == null || uri == null) {
                throw new IllegalStateException("the job configuration names no " + name + ": submit it through IndexJob");
            }
            if (expected.equals(ABSENT)) {
                continue; // had it appeared since, the log changed too, and its checksum says so
            }
            java.nio.file.Path cached = java.nio.file.Path.of(linkName(name));
            String actual;
            try (InputStream in = Files.isRegularFile(cached) ? Files.newInputStream(cached)
                    : new Path(uri).getFileSystem(conf).open(new Path(uri));
                 OutputStream out = Files.newOutputStream(into.resolve(name))) {
                actual = sha256(in, out);
            }
            if (!actual.equals(expected)) {
                throw new IOException(uri + " changed or was damaged on its way to the task: SHA-256 " + actual
                        + ", the driver saw " + expected + "; the task does not run on policy data it cannot trust");
            }
        }
    }

    /** The driver's checksums of every policy file: what identifies the job's policy data. */
    static String checksums(Configuration conf) {
        StringBuilder key = new StringBuilder();
        for (String name : FILES) {
            String sum = conf.get(SUM_KEY + name);
            if (sum == null) {
                throw new IllegalStateException("the job configuration names no " + name + ": submit it through IndexJob");
            }
            key.append(sum).append('/');
        }
        return key.toString();
    }

    private static String linkName(String name) {
        return "maat-" + name;
    }

    private static String sha256(InputStream in, OutputStream copy) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
        try (DigestInputStream hashed = new DigestInputStream(in, digest)) {
            hashed.transferTo(copy);
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
