package org.maat.core.task;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.ar.ArabicStemmer;
import org.apache.lucene.analysis.classic.ClassicAnalyzer;
import org.apache.lucene.analysis.classic.ClassicTokenizer;
import org.apache.lucene.analysis.email.UAX29URLEmailAnalyzer;
import org.apache.lucene.analysis.email.UAX29URLEmailTokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterIterator;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.util.UnicodeProps;
import org.apache.lucene.analysis.wikipedia.WikipediaTokenizer;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.LatLonDocValuesField;
import org.apache.lucene.document.LatLonPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.document.XYDocValuesField;
import org.apache.lucene.document.XYPointField;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.NoMergeScheduler;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.queryparser.flexible.core.messages.QueryParserMessages;
import org.apache.lucene.queryparser.flexible.standard.parser.StandardSyntaxParserConstants;
import org.apache.lucene.queryparser.flexible.standard.parser.StandardSyntaxParserTokenManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopDocsCollector;
import org.apache.lucene.search.vectorhighlight.BaseFragmentsBuilder;
import org.apache.lucene.search.vectorhighlight.SimpleBoundaryScanner;
import org.apache.lucene.store.SleepingLockWrapper;
import org.apache.lucene.util.UnicodeUtil;
import org.apache.lucene.util.hnsw.HnswGraph;
import org.apache.lucene.util.hnsw.HnswGraphBuilder;

/**
 * Every public static field of the Lucene libraries handed to task code through which any caller can leave a value
 * for the next: a non-final field, or a final one whose value has state (an array with elements, a Lucene object with
 * a field that is not final, at any depth through Lucene objects and arrays: {@code SortField.FIELD_SCORE}, which
 * {@code new Sort()} hands out and whose comparator anyone can set; {@code TopDocsCollector.EMPTY_TOPDOCS}, whose
 * hits anyone can replace). One task that wrote there would have it read by the next, another session's, a flow no
 * monitor sees. The state of each, as the runtime loaded it, is kept here and put back after every task
 * ({@link TaskBoundary}): a value stored into any field or array element of that state is undone. The rules on task
 * code refuse touching a library's static field that is not provably immutable ({@code TaskChannelRulesTest}); this
 * is the runtime's own check for code that slipped past them, or reached such an object through a method.
 *
 * <p>The list is by class: every such field of a listed class is kept. It is complete for the Lucene jars on the
 * class path, which a test checks by scanning them ({@code WritableLibraryStaticsTest}), so a Lucene upgrade that
 * adds such a field fails the build until it is listed here. Not covered: objects of the JDK inside that state (a
 * pattern's or a date format's own caches), which are followed by identity only, and a library's private static
 * state (the README says so).
 */
final class WritableLibraryStatics {

    /** The classes of lucene-core, -analysis-common, -queryparser and -highlighter with such public statics. */
    static final List<Class<?>> CLASSES = List.of(StandardTokenizer.class, SleepingLockWrapper.class,
            HnswGraph.class, HnswGraphBuilder.class, ArabicStemmer.class, ClassicTokenizer.class,
            UAX29URLEmailTokenizer.class, WordDelimiterIterator.class, WikipediaTokenizer.class,
            // The query parsers' token tables: the classic parser's error messages, which users read, are made of them.
            org.apache.lucene.queryparser.classic.QueryParserConstants.class,
            org.apache.lucene.queryparser.classic.QueryParserTokenManager.class,
            QueryParserMessages.class, StandardSyntaxParserConstants.class, StandardSyntaxParserTokenManager.class,
            org.apache.lucene.queryparser.surround.parser.QueryParserConstants.class,
            org.apache.lucene.queryparser.surround.parser.QueryParserTokenManager.class,
            BaseFragmentsBuilder.class, SimpleBoundaryScanner.class,
            // Objects with state: sorts and their fields, the empty top hits, a term, stop-word sets, factories.
            Sort.class, SortField.class, TopDocsCollector.class, UnicodeUtil.class, TermsEnum.class,
            CharArraySet.class, EnglishAnalyzer.class, FrenchAnalyzer.class, ClassicAnalyzer.class,
            UAX29URLEmailAnalyzer.class, UnicodeProps.class, NoMergePolicy.class, NoMergeScheduler.class,
            // Field types: frozen (their setters refuse), yet their fields are plain fields.
            BinaryDocValuesField.class, LatLonDocValuesField.class, LatLonPoint.class, NumericDocValuesField.class,
            SortedDocValuesField.class, SortedNumericDocValuesField.class, SortedSetDocValuesField.class,
            StoredField.class, StringField.class, TextField.class, XYDocValuesField.class, XYPointField.class);

    private static final List<Kept> KEPT = keepAll();

    private WritableLibraryStatics() {
    }

    /**
     * Keeps the state as it is now (loading this class does): {@link LibraryState} calls it when it pins the
     * settings, before any task runs, so what is kept is never what a task wrote.
     */
    static void keep() {
        // the static initializer did the work
    }

    /** Whether {@code f} is a public static field through which anyone can leave a value for the next caller. */
    static boolean writable(Field f) {
        int m = f.getModifiers();
        if (!Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isPublic(f.getDeclaringClass().getModifiers())) {
            return false;
        }
        if (!Modifier.isFinal(m)) {
            return true;
        }
        return !f.getType().isPrimitive() && StateImage.of(read(f)).hasState();
    }

    /**
     * Puts every field back as the runtime loaded it, and the state of the value it held.
     *
     * @return whether anything had changed
     */
    static synchronized boolean putBack() {
        boolean changed = false;
        for (Kept k : KEPT) {
            changed |= k.putBackIfChanged();
        }
        return changed;
    }

    private static List<Kept> keepAll() {
        List<Kept> kept = new ArrayList<>();
        for (Class<?> c : CLASSES) {
            for (Field f : c.getDeclaredFields()) {
                if (writable(f)) {
                    Object value = read(f);
                    kept.add(new Kept(f, value, StateImage.of(value)));
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

    private static void write(Field f, Object target, Object value) {
        try {
            f.set(target, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot put back " + f, e);
        }
    }

    /** A field, the value the runtime loaded and that value's state then. */
    private record Kept(Field field, Object value, StateImage state) {

        boolean putBackIfChanged() {
            boolean changed = false;
            if (!Modifier.isFinal(field.getModifiers())) {
                Object now = read(field);
                if (field.getType().isPrimitive() ? !now.equals(value) : now != value) {
                    write(field, null, value);
                    changed = true;
                }
            }
            return state.putBackIfChanged() | changed;
        }
    }

    /**
     * The state of an object as it was: every array's elements and every field of every Lucene object reachable from
     * it through Lucene objects and arrays (objects of other libraries and the JDK are followed by identity only).
     */
    static final class StateImage {

        /** Per array or Lucene object, by identity: its elements or its fields' values, in order. */
        private final Map<Object, Object[]> values = new IdentityHashMap<>();
        private final Map<Object, List<Field>> fields = new IdentityHashMap<>();

        static StateImage of(Object root) {
            StateImage image = new StateImage();
            image.take(root);
            return image;
        }

        /** Whether the object has anything that can be changed: an array's element, a field that is not final. */
        boolean hasState() {
            for (Map.Entry<Object, Object[]> node : values.entrySet()) {
                if (node.getKey().getClass().isArray() ? node.getValue().length > 0
                        : fields.get(node.getKey()).stream().anyMatch(f -> !Modifier.isFinal(f.getModifiers()))) {
                    return true;
                }
            }
            return false;
        }

        private void take(Object node) {
            if (node == null || values.containsKey(node)) {
                return;
            }
            Class<?> c = node.getClass();
            if (c.isArray()) {
                Object[] elements = new Object[Array.getLength(node)];
                for (int i = 0; i < elements.length; i++) {
                    elements[i] = Array.get(node, i);
                }
                values.put(node, elements);
                for (Object e : elements) {
                    take(e);
                }
            } else if (c.getName().startsWith("org.apache.lucene.")) {
                List<Field> own = instanceFields(c);
                Object[] now = new Object[own.size()];
                for (int i = 0; i < now.length; i++) {
                    now[i] = get(own.get(i), node);
                }
                values.put(node, now);
                fields.put(node, own);
                for (Object v : now) {
                    take(v);
                }
            }
        }

        boolean putBackIfChanged() {
            boolean changed = false;
            for (Map.Entry<Object, Object[]> node : values.entrySet()) {
                Object target = node.getKey();
                Object[] was = node.getValue();
                if (target.getClass().isArray()) {
                    for (int i = 0; i < was.length; i++) {
                        if (differs(Array.get(target, i), was[i], target.getClass().getComponentType())) {
                            Array.set(target, i, was[i]);
                            changed = true;
                        }
                    }
                } else {
                    List<Field> own = fields.get(target);
                    for (int i = 0; i < was.length; i++) {
                        Field f = own.get(i);
                        if (differs(get(f, target), was[i], f.getType())) {
                            write(f, target, was[i]);
                            changed = true;
                        }
                    }
                }
            }
            return changed;
        }

        private static boolean differs(Object now, Object was, Class<?> type) {
            return type.isPrimitive() ? !now.equals(was) : now != was;
        }

        private static List<Field> instanceFields(Class<?> c) {
            List<Field> all = new ArrayList<>();
            // The fields Lucene's classes declare; a JDK superclass's (an enum's name) are the JDK's.
            for (Class<?> k = c; k != null && k.getName().startsWith("org.apache.lucene."); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true); // Lucene's classes are in the unnamed module: open to the runtime
                        all.add(f);
                    }
                }
            }
            return all;
        }

        private static Object get(Field f, Object target) {
            try {
                return f.get(target);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read " + f, e);
            }
        }
    }
}
