package org.maat.core.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.Attribute;
import org.apache.lucene.util.AttributeImpl;
import org.apache.lucene.util.AttributeReflector;
import org.maat.core.index.IndexFields;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy task code for the review attack {@code org.maat.core.review.SharedTokenStreamTrojanTest}, kept in a task
 * package so that the rules on task code ({@link TaskChannelRulesTest}, {@code TaskCodeConfinementTest}) are shown
 * to let it through ({@code TokenStreamTrojanRulesTest}): a {@link Retrieval} that reads a stored title, plants an
 * attribute of its own class in the calling thread's reused token stream of the one shared analyzer
 * ({@code IndexFields.analyzer()}, public), and answers normally. The attribute keeps the title in an instance field
 * and runs its code on every token a {@code CachingTokenFilter} restores on that thread later (Lucene's
 * {@code QueryBuilder}: the runtime's own reading of every later query, other users' tasks).
 */
public final class TokenStreamTrojan {

    private TokenStreamTrojan() {
    }

    /** A buggy retrieval: plants a {@link CarrierImpl} (or a {@link ThrowerImpl}) holding the title of {@code secretId}. */
    public static Retrieval planting(String secretId, boolean throwIt) {
        return (shards, query, k) -> {
            plant(storedTitle(shards, secretId), throwIt);
            return Retrieval.standard().topIds(shards, query, k);
        };
    }

    /**
     * Plants a trojan holding {@code title} in this thread's reused token stream of the shared analyzer, or re-arms the
     * one a task left there before (Lucene keeps one attribute per class): what a buggy mapper or retrieval calls.
     */
    public static void plant(String title, boolean throwIt) throws IOException {
        try (TokenStream shared = IndexFields.analyzer().tokenStream(IndexFields.BODY, "")) {
            Class<? extends Attribute> kind = throwIt ? Thrower.class : Carrier.class;
            if (shared.hasAttribute(kind)) {
                ((Trojan) shared.getAttribute(kind)).arm(title);
                return;
            }
            CharTermAttribute term = shared.getAttribute(CharTermAttribute.class);
            shared.addAttributeImpl(throwIt ? new ThrowerImpl(term, title) : new CarrierImpl(term, title));
        }
    }

    private static String storedTitle(ShardSearchers shards, String id) throws IOException {
        for (int shard = 0; shard < shards.shards(); shard++) {
            IndexSearcher searcher = shards.searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        throw new IllegalStateException("no document " + id);
    }

    /** Holds a title in an instance field and runs its code on every token restored by a CachingTokenFilter. */
    public abstract static class Trojan extends AttributeImpl {
        final CharTermAttribute term;
        volatile byte[] secret;
        private volatile boolean disarmed; // test scaffolding only: the attack never sets it

        Trojan(CharTermAttribute term, String secret) {
            this.term = term;
            arm(secret);
            PlantedTrojans.PLANTED.add(this); // test scaffolding only
        }

        /** Holds {@code title} from now on: a later buggy task re-arms the trojan an earlier one left. */
        void arm(String title) {
            secret = title.getBytes(StandardCharsets.UTF_8);
            disarmed = false;
        }

        public void disarm() {
            disarmed = true;
        }

        @Override
        public void clear() {
        }

        @Override
        public void copyTo(AttributeImpl target) {
            // Runs inside CachingTokenFilter.restoreState, after the term of the token was restored.
            if (!disarmed) {
                act(term.toString());
            }
        }

        abstract void act(String restoredTerm);

        @Override
        public void reflectWith(AttributeReflector reflector) {
        }
    }

    /** The trojans' own attribute interfaces: nothing of Lucene's chain uses them, so adding one replaces nothing. */
    public interface Carrier extends Attribute {
    }

    public interface Thrower extends Attribute {
    }

    /** Rewrites {@code kN} into a word with hits when bit N of the title is 1, into a word without any otherwise. */
    public static final class CarrierImpl extends Trojan implements Carrier {
        CarrierImpl(CharTermAttribute term, String secret) {
            super(term, secret);
        }

        @Override
        void act(String t) {
            if (t.matches("k[0-9]+")) {
                int n = Integer.parseInt(t.substring(1));
                byte[] held = secret;
                boolean one = n / 8 < held.length && (held[n / 8] >> (n % 8) & 1) == 1;
                term.setEmpty().append(one ? "parliament" : "qqzzxxnowhere");
            }
        }
    }

    /** Throws the title from whatever parse meets the word {@code parliament}. */
    public static final class ThrowerImpl extends Trojan implements Thrower {
        ThrowerImpl(CharTermAttribute term, String secret) {
            super(term, secret);
        }

        @Override
        void act(String t) {
            if (t.equals("parliament")) {
                throw new IllegalStateException(new String(secret, StandardCharsets.UTF_8));
            }
        }
    }
}
