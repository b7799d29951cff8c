package org.maat.core.task;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.ar.ArabicStemmer;
import org.apache.lucene.analysis.classic.ClassicTokenizer;
import org.apache.lucene.analysis.email.UAX29URLEmailTokenizer;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterIterator;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.wikipedia.WikipediaTokenizer;
import org.apache.lucene.queryparser.flexible.core.messages.QueryParserMessages;
import org.apache.lucene.queryparser.flexible.standard.parser.StandardSyntaxParserConstants;
import org.apache.lucene.queryparser.flexible.standard.parser.StandardSyntaxParserTokenManager;
import org.apache.lucene.search.vectorhighlight.BaseFragmentsBuilder;
import org.apache.lucene.search.vectorhighlight.SimpleBoundaryScanner;
import org.apache.lucene.store.SleepingLockWrapper;
import org.apache.lucene.util.hnsw.HnswGraph;
import org.apache.lucene.util.hnsw.HnswGraphBuilder;

/**
 * Every public static field of the Lucene libraries handed to task code that any caller can write: a non-final field,
 * or a final one holding a non-empty array (whose elements stay writable). One task that wrote one would have it read
 * by the next, another session's, a flow no monitor sees. Their values as the runtime loaded them are kept here and
 * put back after every task ({@link TaskBoundary}); the rules on task code refuse touching them at all
 * ({@code TaskChannelRulesTest}), so this is the runtime's own check for code that slipped past the rules.
 *
 * <p>The list is by class: every such field of a listed class is kept. It is complete for the Lucene jars on the
 * class path, which a test checks by scanning them ({@code WritableLibraryStaticsTest}), so a Lucene upgrade that
 * adds such a field fails the build until it is listed here.
 */
final class WritableLibraryStatics {

    /** The classes of lucene-core, -analysis-common, -queryparser and -highlighter with writable public statics. */
    static final List<Class<?>> CLASSES = List.of(StandardTokenizer.class, SleepingLockWrapper.class,
            HnswGraph.class, HnswGraphBuilder.class, ArabicStemmer.class, ClassicTokenizer.class,
            UAX29URLEmailTokenizer.class, WordDelimiterIterator.class, WikipediaTokenizer.class,
            // The query parsers' token tables: the classic parser's error messages, which users read, are made of them.
            org.apache.lucene.queryparser.classic.QueryParserConstants.class,
            org.apache.lucene.queryparser.classic.QueryParserTokenManager.class,
            QueryParserMessages.class, StandardSyntaxParserConstants.class, StandardSyntaxParserTokenManager.class,
            org.apache.lucene.queryparser.surround.parser.QueryParserConstants.class,
            org.apache.lucene.queryparser.surround.parser.QueryParserTokenManager.class,
            BaseFragmentsBuilder.class, SimpleBoundaryScanner.class);

    private static final List<Kept> KEPT = keep();

    private WritableLibraryStatics() {
    }

    /** Whether {@code f} is a public static field anyone can write, directly or through the array it holds. */
    static boolean writable(Field f) {
        int m = f.getModifiers();
        if (!Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
            return false;
        }
        if (!Modifier.isFinal(m)) {
            return true;
        }
        if (!f.getType().isArray()) {
            return false;
        }
        Object value = read(f);
        return value != null && Array.getLength(value) > 0;
    }

    /**
     * Puts every field back as the runtime loaded it, the array it held with its loaded contents.
     *
     * @return whether any had changed
     */
    static synchronized boolean putBack() {
        boolean changed = false;
        for (Kept k : KEPT) {
            changed |= k.putBackIfChanged();
        }
        return changed;
    }

    private static List<Kept> keep() {
        List<Kept> kept = new ArrayList<>();
        for (Class<?> c : CLASSES) {
            for (Field f : c.getDeclaredFields()) {
                if (writable(f)) {
                    Object value = read(f);
                    kept.add(new Kept(f, value, value != null && value.getClass().isArray() ? ArrayImage.of(value)
                            : null));
                }
            }
        }
        return List.copyOf(kept);
    }

    private static Object read(Field f) {
        try {
            return f.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the public static " + f, e);
        }
    }

    /** A field, the value the runtime loaded and, for an array, its contents then. */
    private record Kept(Field field, Object value, ArrayImage contents) {

        boolean putBackIfChanged() {
            boolean changed = false;
            Object now = read(field);
            boolean same = field.getType().isPrimitive() ? now.equals(value) : now == value;
            if (!same) {
                try {
                    field.set(null, value);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot put back the public static " + field, e);
                }
                changed = true;
            }
            if (contents != null) {
                changed |= contents.putBackIfChanged();
            }
            return changed;
        }
    }

    /**
     * An array's contents (element values; for an array of arrays, the element arrays themselves and, in turn, their
     * contents), so that whatever was written into it at any depth is put back.
     */
    private record ArrayImage(Object array, Object elements, ArrayImage[] nested) {

        static ArrayImage of(Object array) {
            int n = Array.getLength(array);
            Object elements = Array.newInstance(array.getClass().getComponentType(), n);
            System.arraycopy(array, 0, elements, 0, n);
            ArrayImage[] nested = new ArrayImage[n];
            if (!array.getClass().getComponentType().isPrimitive()) {
                for (int i = 0; i < n; i++) {
                    Object e = Array.get(array, i);
                    nested[i] = e != null && e.getClass().isArray() ? of(e) : null;
                }
            }
            return new ArrayImage(array, elements, nested);
        }

        boolean putBackIfChanged() {
            int n = Array.getLength(array);
            boolean changed = false;
            for (int i = 0; i < n; i++) {
                Object now = Array.get(array, i);
                Object was = Array.get(elements, i);
                boolean same = array.getClass().getComponentType().isPrimitive() ? now.equals(was) : now == was;
                if (!same) {
                    changed = true;
                    break;
                }
            }
            if (changed) {
                System.arraycopy(elements, 0, array, 0, n);
            }
            for (ArrayImage inner : nested) {
                changed |= inner != null && inner.putBackIfChanged();
            }
            return changed;
        }
    }
}
