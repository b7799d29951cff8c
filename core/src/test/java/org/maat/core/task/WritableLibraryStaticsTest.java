package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.lucene.analysis.ar.ArabicStemmer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.queryparser.flexible.core.messages.QueryParserMessages;
import org.apache.lucene.search.vectorhighlight.BaseFragmentsBuilder;
import org.junit.jupiter.api.Test;

/**
 * Lucene's public static fields that anyone can write are all put back after every task: the list is complete for
 * the Lucene jars handed to task code (found by scanning every public class of them), and a task that writes any of
 * them (a random choice of fields, at random depths of their arrays, carrying a title's characters) fails and leaves
 * each as the runtime loaded it.
 */
class WritableLibraryStaticsTest {

    private static final String TITLE = "Debate on market 0";

    /** A class of each Lucene jar the runtime hands to task code. */
    private static final List<Class<?>> JARS = List.of(StandardTokenizer.class, ArabicStemmer.class,
            QueryParserMessages.class, BaseFragmentsBuilder.class);

    @Test
    void everyClassOfTheLuceneJarsWithAWritablePublicStaticIsListed() throws Exception {
        Set<String> found = new TreeSet<>();
        for (Class<?> inJar : JARS) {
            for (Class<?> c : publicClasses(inJar)) {
                for (Field f : c.getDeclaredFields()) {
                    if (WritableLibraryStatics.writable(f)) {
                        found.add(c.getName());
                    }
                }
            }
        }
        Set<String> listed = new TreeSet<>();
        WritableLibraryStatics.CLASSES.forEach(c -> listed.add(c.getName()));
        assertThat(listed).isEqualTo(found);
    }

    @Test
    void aTaskThatWritesAnyOfThemFailsAndLeavesEachAsLoaded() throws Exception {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c : WritableLibraryStatics.CLASSES) {
            for (Field f : c.getDeclaredFields()) {
                if (WritableLibraryStatics.writable(f)) {
                    fields.add(f);
                }
            }
        }
        assertThat(fields).hasSizeGreaterThan(20);
        LibraryState.pin();
        List<Object> loaded = new ArrayList<>();
        for (Field f : fields) {
            loaded.add(deepCopy(f.get(null)));
        }
        Random random = new Random(2829);
        for (int round = 0; round < 60; round++) {
            char c = TITLE.charAt(round % TITLE.length());
            List<Field> written = new ArrayList<>();
            int count = round < fields.size() ? 1 : 1 + random.nextInt(4);
            for (int i = 0; i < count; i++) {
                written.add(round < fields.size() ? fields.get(round) : fields.get(random.nextInt(fields.size())));
            }
            try (TaskGate gate = AccessGate.unmonitored()) {
                TaskBoundary boundary = new TaskBoundary(gate, "the search task");
                assertThatThrownBy(() -> boundary.run(() -> {
                    for (Field f : written) {
                        write(f, c, random);
                    }
                    return null;
                })).isInstanceOf(TaskFailedException.class)
                        .hasMessageMatching("the search task failed \\(incident [0-9a-f]{10}\\)");
            }
            for (int i = 0; i < fields.size(); i++) {
                assertThat(java.util.Arrays.deepEquals(new Object[] {fields.get(i).get(null)},
                        new Object[] {loaded.get(i)})).as("%s after round %d", fields.get(i), round).isTrue();
            }
        }
        try (TaskGate gate = AccessGate.unmonitored()) {
            assertThat(new TaskBoundary(gate, "the search task").run(() -> "answered")).isEqualTo("answered");
        }
    }

    /** Writes {@code c} into {@code f}: its value when it is not final, else an element of its array at some depth. */
    private static void write(Field f, char c, Random random) throws IllegalAccessException {
        if (!java.lang.reflect.Modifier.isFinal(f.getModifiers())) {
            Class<?> t = f.getType();
            f.set(null, t == long.class ? (Object) (long) c : t == String.class ? "title " + c : null);
            return;
        }
        Object array = f.get(null);
        while (true) {
            int i = random.nextInt(Array.getLength(array));
            Class<?> t = array.getClass().getComponentType();
            Object inner = t.isArray() ? Array.get(array, i) : null;
            if (inner != null && Array.getLength(inner) > 0 && random.nextBoolean()) {
                array = inner; // write deeper
                continue;
            }
            Array.set(array, i, t == char.class ? (Object) c : t == byte.class ? (Object) (byte) c
                    : t == String.class ? "title " + c : t == char[].class ? new char[] {c} : null);
            return;
        }
    }

    private static Object deepCopy(Object v) {
        if (v == null || !v.getClass().isArray()) {
            return v;
        }
        int n = Array.getLength(v);
        Object copy = Array.newInstance(v.getClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            Array.set(copy, i, deepCopy(Array.get(v, i)));
        }
        return copy;
    }

    /** The public classes of the jar holding {@code inJar}, initialized (a static's value is read). */
    private static List<Class<?>> publicClasses(Class<?> inJar) throws IOException, URISyntaxException {
        Path jar = Path.of(inJar.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> classes = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry e : Collections.list(file.entries())) {
                String name = e.getName();
                if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
                    continue;
                }
                Class<?> c;
                try {
                    c = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false,
                            inJar.getClassLoader());
                    if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                        continue;
                    }
                    c.getDeclaredFields(); // a class whose fields' types are missing from the class path is skipped
                } catch (ClassNotFoundException | LinkageError missing) {
                    continue;
                }
                classes.add(c);
            }
        }
        return classes;
    }
}
