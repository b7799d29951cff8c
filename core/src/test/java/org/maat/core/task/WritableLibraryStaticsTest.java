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
            loaded.add(flatten(f.get(null)));
        }
        Random random = new Random(2829);
        for (int round = 0; round < 60; round++) {
            char c = TITLE.charAt(round % TITLE.length());
            List<Field> written = new ArrayList<>();
            int count = round < fields.size() ? 1 : 1 + random.nextInt(4);
            for (int i = 0; i < count; i++) {
                written.add(round < fields.size() ? fields.get(round) : fields.get(random.nextInt(fields.size())));
            }
            List<Write> writes = new ArrayList<>(); // chosen outside the task: a test's own failure is not the task's
            for (Field f : written) {
                writes.add(write(f, c, random));
            }
            try (TaskGate gate = AccessGate.unmonitored()) {
                TaskBoundary boundary = new TaskBoundary(gate, "the search task");
                assertThatThrownBy(() -> boundary.run(() -> {
                    for (Write w : writes) {
                        w.run();
                    }
                    return null;
                })).isInstanceOf(TaskFailedException.class)
                        .hasMessageMatching("the search task failed \\(incident [0-9a-f]{10}\\)");
            }
            for (int i = 0; i < fields.size(); i++) {
                assertThat(flatten(fields.get(i).get(null))).as("%s after round %d", fields.get(i), round)
                        .isEqualTo(loaded.get(i));
            }
        }
        try (TaskGate gate = AccessGate.unmonitored()) {
            assertThat(new TaskBoundary(gate, "the search task").run(() -> "answered")).isEqualTo("answered");
        }
    }

    /** One write a task makes. */
    @FunctionalInterface
    private interface Write {
        void run() throws IllegalAccessException;
    }

    /**
     * A write of {@code c} into {@code f}: its value when it is not final, else a random slot of the state its value
     * holds (an array's element, a field of a Lucene object, at any depth) that the write changes.
     */
    private static Write write(Field f, char c, Random random) throws IllegalAccessException {
        if (!java.lang.reflect.Modifier.isFinal(f.getModifiers())) {
            Object value = carrying(f.getType(), c);
            return () -> f.set(null, value);
        }
        List<Object[]> slots = new ArrayList<>();
        slots(f.get(null), slots, java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
        for (int tries = 0; tries < 10_000; tries++) {
            Object[] slot = slots.get(random.nextInt(slots.size()));
            Class<?> type = slot[1] instanceof Integer ? slot[0].getClass().getComponentType()
                    : ((Field) slot[1]).getType();
            Object was = slot[1] instanceof Integer i ? Array.get(slot[0], i) : ((Field) slot[1]).get(slot[0]);
            Object value = was == null ? made(type) : carrying(type, c);
            if (type.isPrimitive() || type == String.class ? java.util.Objects.equals(was, value) : was == value) {
                continue; // a write that changes nothing (null over null)
            }
            return slot[1] instanceof Integer i ? () -> Array.set(slot[0], i, value)
                    : () -> ((Field) slot[1]).set(slot[0], value);
        }
        throw new AssertionError(f + " has no slot a write changes");
    }

    /** A fresh object of {@code type} where one can be made without arguments (a lazily made field's value). */
    private static Object made(Class<?> type) {
        if (type == String.class) {
            return "title";
        }
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** A value of {@code type} made from {@code c} (null for a reference type other than a string). */
    private static Object carrying(Class<?> type, char c) {
        if (type == String.class) {
            return "title " + c;
        }
        if (!type.isPrimitive()) {
            return null;
        }
        return switch (type.getName()) {
            case "boolean" -> c % 2 == 0;
            case "char" -> c;
            case "byte" -> (byte) (c + 1);
            case "short" -> (short) (c + 1);
            case "int" -> c + 100_000;
            case "long" -> c + 100_000L;
            case "float" -> c + 0.5f;
            default -> c + 0.5;
        };
    }

    /** The writable slots of the state under {@code node}: array elements, and non-final fields of Lucene objects. */
    private static void slots(Object node, List<Object[]> into, Set<Object> seen) throws IllegalAccessException {
        if (node == null || !seen.add(node)) {
            return;
        }
        if (node.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(node); i++) {
                into.add(new Object[] {node, i});
                slots(Array.get(node, i), into, seen);
            }
        } else if (node.getClass().getName().startsWith("org.apache.lucene.")) {
            for (Class<?> k = node.getClass(); k.getName().startsWith("org.apache.lucene."); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    f.setAccessible(true);
                    if (!java.lang.reflect.Modifier.isFinal(f.getModifiers())) {
                        into.add(new Object[] {node, f});
                    }
                    slots(f.get(node), into, seen);
                }
            }
        }
    }

    /**
     * What {@code root} holds, flattened: every element and field value (primitives by value, references by
     * identity) of the arrays and Lucene objects reachable from it, in a fixed order.
     */
    private static List<Object> flatten(Object root) throws IllegalAccessException {
        List<Object> out = new ArrayList<>();
        flatten(root, out, java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
        return out;
    }

    private static void flatten(Object node, List<Object> out, Set<Object> seen) throws IllegalAccessException {
        boolean value = node instanceof String || node instanceof Number || node instanceof Boolean
                || node instanceof Character;
        out.add(node == null ? "null" : value ? node : System.identityHashCode(node));
        if (node == null || !seen.add(node)) {
            return;
        }
        if (node.getClass().isArray()) {
            boolean primitive = node.getClass().getComponentType().isPrimitive();
            for (int i = 0; i < Array.getLength(node); i++) {
                if (primitive) {
                    out.add(Array.get(node, i));
                } else {
                    flatten(Array.get(node, i), out, seen);
                }
            }
        } else if (node.getClass().getName().startsWith("org.apache.lucene.")) {
            for (Class<?> k = node.getClass(); k.getName().startsWith("org.apache.lucene."); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        continue;
                    }
                    f.setAccessible(true);
                    if (f.getType().isPrimitive()) {
                        out.add(f.get(node));
                    } else {
                        flatten(f.get(node), out, seen);
                    }
                }
            }
        }
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
