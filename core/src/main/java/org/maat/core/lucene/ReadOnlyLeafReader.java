package org.maat.core.lucene;

import java.io.IOException;
import java.util.HashMap;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.ByteVectorValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.Fields;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafMetaData;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.TermVectors;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.KnnCollector;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.CompiledAutomaton;

/**
 * One shared segment reader as task code sees it ({@link TaskReader} says what is guaranteed): every method
 * delegates to the segment's reader, except that what that reader hands out by reference and keeps using itself
 * comes back copied or behind a read-only view. The segment reader is private and no method returns it (this class
 * extends {@link LeafReader}, not {@link FilterLeafReader}, whose {@code getDelegate()} and {@code unwrap} are
 * public); {@link FilterLeafReader.FilterTerms}' {@code in} is protected, with no public getter.
 */
final class ReadOnlyLeafReader extends LeafReader {

    private final LeafReader in;

    ReadOnlyLeafReader(LeafReader in) {
        this.in = in;
    }

    /** The field's terms, whose min and max terms are copies: the block-tree reader's own ones decide its seeks. */
    @Override
    public Terms terms(String field) throws IOException {
        Terms terms = in.terms(field);
        return terms == null ? null : new CopiedBoundsTerms(terms);
    }

    /** A view that answers {@code get} and {@code length} only: the segment's bit set itself is never handed out. */
    @Override
    public Bits getLiveDocs() {
        Bits live = in.getLiveDocs();
        return live == null ? null : new ReadOnlyBits(live);
    }

    @Override
    public PointValues getPointValues(String field) throws IOException {
        PointValues points = in.getPointValues(field);
        return points == null ? null : new CopiedBoundsPoints(points);
    }

    @Override
    public CacheHelper getCoreCacheHelper() {
        return in.getCoreCacheHelper();
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
        return in.getReaderCacheHelper();
    }

    @Override
    public NumericDocValues getNumericDocValues(String field) throws IOException {
        return in.getNumericDocValues(field);
    }

    @Override
    public BinaryDocValues getBinaryDocValues(String field) throws IOException {
        return in.getBinaryDocValues(field);
    }

    @Override
    public SortedDocValues getSortedDocValues(String field) throws IOException {
        return in.getSortedDocValues(field);
    }

    @Override
    public SortedNumericDocValues getSortedNumericDocValues(String field) throws IOException {
        return in.getSortedNumericDocValues(field);
    }

    @Override
    public SortedSetDocValues getSortedSetDocValues(String field) throws IOException {
        return in.getSortedSetDocValues(field);
    }

    @Override
    public NumericDocValues getNormValues(String field) throws IOException {
        return in.getNormValues(field);
    }

    @Override
    public FloatVectorValues getFloatVectorValues(String field) throws IOException {
        return in.getFloatVectorValues(field);
    }

    @Override
    public ByteVectorValues getByteVectorValues(String field) throws IOException {
        return in.getByteVectorValues(field);
    }

    @Override
    public void searchNearestVectors(String field, float[] target, KnnCollector knnCollector, Bits acceptDocs)
            throws IOException {
        in.searchNearestVectors(field, target, knnCollector, acceptDocs);
    }

    @Override
    public void searchNearestVectors(String field, byte[] target, KnnCollector knnCollector, Bits acceptDocs)
            throws IOException {
        in.searchNearestVectors(field, target, knnCollector, acceptDocs);
    }

    /**
     * Fresh copies, on every call: a segment's {@link FieldInfo}s have public setters ({@code setDocValuesType},
     * {@code setOmitsNorms}, {@code putAttribute}) and the segment's reader, its later readers and the runtime's
     * scoring keep using the originals. A copy shared by two calls would be shared by two tasks.
     */
    @Override
    public FieldInfos getFieldInfos() {
        FieldInfos shared = in.getFieldInfos();
        FieldInfo[] copies = new FieldInfo[shared.size()];
        int i = 0;
        for (FieldInfo info : shared) {
            copies[i++] = copyOf(info);
        }
        return new FieldInfos(copies);
    }

    /** A new {@link FieldInfo} equal to {@code info}: nothing set on it reaches the segment's. */
    private static FieldInfo copyOf(FieldInfo info) {
        return new FieldInfo(info.getName(), info.getFieldNumber(), info.hasVectors(), info.omitsNorms(),
                info.hasPayloads(), info.getIndexOptions(), info.getDocValuesType(), info.getDocValuesGen(),
                new HashMap<>(info.attributes()), info.getPointDimensionCount(), info.getPointIndexDimensionCount(),
                info.getPointNumBytes(), info.getVectorDimension(), info.getVectorEncoding(),
                info.getVectorSimilarityFunction(), info.isSoftDeletesField(), info.isParentField());
    }

    @Override
    public void checkIntegrity() throws IOException {
        in.checkIntegrity();
    }

    @Override
    public LeafMetaData getMetaData() {
        return in.getMetaData();
    }

    @Override
    @Deprecated
    public Fields getTermVectors(int docID) throws IOException {
        return in.getTermVectors(docID);
    }

    @Override
    public TermVectors termVectors() throws IOException {
        return in.termVectors();
    }

    @Override
    public int numDocs() {
        return in.numDocs();
    }

    @Override
    public int maxDoc() {
        return in.maxDoc();
    }

    @Override
    @Deprecated
    public void document(int docID, StoredFieldVisitor visitor) throws IOException {
        storedFields().document(docID, visitor);
    }

    /** The segment's stored fields, whose visitors are told about fields through copies of their descriptions. */
    @Override
    public StoredFields storedFields() throws IOException {
        StoredFields shared = in.storedFields();
        return new StoredFields() {
            @Override
            public void document(int docID, StoredFieldVisitor visitor) throws IOException {
                shared.document(docID, new CopiedFieldInfoVisitor(visitor));
            }
        };
    }

    /** Nothing to release: the segment reader belongs to the raw reader, closed by {@link OpenIndex#close()}. */
    @Override
    protected void doClose() {
    }

    @Override
    public String toString() {
        return "ReadOnlyLeafReader(" + maxDoc() + " documents)";
    }

    /**
     * A task's stored-field visitor, shown a fresh copy of each field's description: the stored-fields reader passes
     * the segment's own {@link FieldInfo}s, whose setters change what the segment's readers and scoring see.
     */
    private static final class CopiedFieldInfoVisitor extends StoredFieldVisitor {
        private final StoredFieldVisitor task;

        CopiedFieldInfoVisitor(StoredFieldVisitor task) {
            this.task = task;
        }

        @Override
        public Status needsField(FieldInfo fieldInfo) throws IOException {
            return task.needsField(copyOf(fieldInfo));
        }

        @Override
        public void binaryField(FieldInfo fieldInfo, DataInput value, int length) throws IOException {
            byte[] bytes = new byte[length];
            value.readBytes(bytes, 0, length);
            task.binaryField(copyOf(fieldInfo), bytes);
        }

        @Override
        public void binaryField(FieldInfo fieldInfo, byte[] value) throws IOException {
            task.binaryField(copyOf(fieldInfo), value);
        }

        @Override
        public void stringField(FieldInfo fieldInfo, String value) throws IOException {
            task.stringField(copyOf(fieldInfo), value);
        }

        @Override
        public void intField(FieldInfo fieldInfo, int value) throws IOException {
            task.intField(copyOf(fieldInfo), value);
        }

        @Override
        public void longField(FieldInfo fieldInfo, long value) throws IOException {
            task.longField(copyOf(fieldInfo), value);
        }

        @Override
        public void floatField(FieldInfo fieldInfo, float value) throws IOException {
            task.floatField(copyOf(fieldInfo), value);
        }

        @Override
        public void doubleField(FieldInfo fieldInfo, double value) throws IOException {
            task.doubleField(copyOf(fieldInfo), value);
        }
    }

    /** A field's terms whose bounds are copies; iteration and intersection are the segment's own (fresh per call). */
    private static final class CopiedBoundsTerms extends FilterLeafReader.FilterTerms {

        CopiedBoundsTerms(Terms in) {
            super(in);
        }

        @Override
        public BytesRef getMin() throws IOException {
            BytesRef min = in.getMin();
            return min == null ? null : BytesRef.deepCopyOf(min);
        }

        @Override
        public BytesRef getMax() throws IOException {
            BytesRef max = in.getMax();
            return max == null ? null : BytesRef.deepCopyOf(max);
        }

        @Override
        public TermsEnum intersect(CompiledAutomaton compiled, BytesRef startTerm) throws IOException {
            return in.intersect(compiled, startTerm);
        }
    }

    /** Live documents as a read-only view: not castable to the segment's bit set. */
    private static final class ReadOnlyBits implements Bits {

        private final Bits in;

        ReadOnlyBits(Bits in) {
            this.in = in;
        }

        @Override
        public boolean get(int index) {
            return in.get(index);
        }

        @Override
        public int length() {
            return in.length();
        }
    }

    /** A field's points whose min and max packed values are copies; the point tree is the segment's (fresh per call). */
    private static final class CopiedBoundsPoints extends PointValues {

        private final PointValues in;

        CopiedBoundsPoints(PointValues in) {
            this.in = in;
        }

        @Override
        public PointTree getPointTree() throws IOException {
            return in.getPointTree();
        }

        @Override
        public byte[] getMinPackedValue() throws IOException {
            return in.getMinPackedValue().clone();
        }

        @Override
        public byte[] getMaxPackedValue() throws IOException {
            return in.getMaxPackedValue().clone();
        }

        @Override
        public int getNumDimensions() throws IOException {
            return in.getNumDimensions();
        }

        @Override
        public int getNumIndexDimensions() throws IOException {
            return in.getNumIndexDimensions();
        }

        @Override
        public int getBytesPerDimension() throws IOException {
            return in.getBytesPerDimension();
        }

        @Override
        public long size() {
            return in.size();
        }

        @Override
        public int getDocCount() {
            return in.getDocCount();
        }
    }
}
