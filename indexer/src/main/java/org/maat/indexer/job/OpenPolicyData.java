package org.maat.indexer.job;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLabels;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.mal.MalLog;
import org.maat.policy.store.PolicyStore;

/**
 * The policy data of a job, opened once per JVM: a verified private copy ({@link PolicyData}), its
 * policy store and MAL log, and the engine over them. Opening means loading every fact (hundreds of
 * thousands of friend facts for a real population), so tasks that share a JVM -- LocalJobRunner runs
 * all of a local job's tasks in the driver's -- share one, keyed by the files' checksums, for as
 * long as one of them (or the driver) holds a lease. Only the engine and the catalog are shared:
 * each task has its own monitor task and so its own taint.
 */
final class OpenPolicyData implements AutoCloseable {

    private static final Map<String, OpenPolicyData> OPEN = new HashMap<>();

    private final String key;
    private final java.nio.file.Path dir;
    private final PolicyStore store;
    private final MalLog malLog;
    private final PolicyEngine engine;
    private int leases;

    private OpenPolicyData(String key, java.nio.file.Path dir, PolicyStore store, MalLog malLog, PolicyEngine engine) {
        this.key = key;
        this.dir = dir;
        this.store = store;
        this.malLog = malLog;
        this.engine = engine;
    }

    /** A lease on the job's policy data, opened (copied and verified) if no one in this JVM holds it; close it. */
    static OpenPolicyData acquire(Configuration conf) throws IOException {
        String key = PolicyData.checksums(conf);
        synchronized (OPEN) {
            OpenPolicyData open = OPEN.get(key);
            if (open == null) {
                open = open(conf, key);
                OPEN.put(key, open);
            }
            open.leases++;
            return open;
        }
    }

    private static OpenPolicyData open(Configuration conf, String key) throws IOException {
        java.nio.file.Path dir = Files.createTempDirectory(Files.createDirectories(IndexJobConf.localDir(conf)),
                "maat-policy-");
        PolicyStore store = null;
        MalLog log = null;
        try {
            PolicyData.localize(conf, dir);
            store = PolicyStore.openReadOnly(dir.resolve("policy.db"));
            log = MalLog.open(dir.resolve("mal.log"));
            PolicyEngine engine = DataSet.engine(store, log);
            engine.intern(IndexLabels.POLICY);
            return new OpenPolicyData(key, dir, store, log, engine);
        } catch (IOException | RuntimeException e) {
            release(store, log, dir);
            throw e;
        }
    }

    PolicyStore store() {
        return store;
    }

    PolicyEngine engine() {
        return engine;
    }

    /** Ends this lease; the last one closes the stores and deletes the private copy. */
    @Override
    public void close() {
        synchronized (OPEN) {
            if (--leases > 0) {
                return;
            }
            OPEN.remove(key);
        }
        release(store, malLog, dir);
    }

    private static void release(PolicyStore store, MalLog log, java.nio.file.Path dir) {
        if (store != null) {
            store.close();
        }
        if (log != null) {
            try {
                log.close();
            } catch (IOException e) {
                // a private read-only copy: nothing to lose
            }
        }
        FileUtil.fullyDelete(dir.toFile());
    }
}
