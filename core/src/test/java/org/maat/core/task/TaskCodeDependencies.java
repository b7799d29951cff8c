package org.maat.core.task;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;

/**
 * What task code may use at all: a list of what is allowed, not of what is known to leak. Every other rule on task
 * code names one channel somebody found (logging, threads, a JVM-wide Lucene setting); a class nobody thought of (a
 * security provider list, Hadoop's file system) is refused here because it is not on this list. Allowed:
 * <ul>
 *   <li>the task packages themselves and the task API ({@code org.maat.core.task}: the channels and what they hand
 *       out), and the value types that API names (a document, a conduit, a session, a policy id, facts);</li>
 *   <li>Lucene's analysis, document, index, search, query parser and util packages (its codecs, store and JVM-wide
 *       settings are not; the settings and the writer have rules of their own);</li>
 *   <li>from the JDK, value types and collections only: {@code java.lang}'s boxes, strings, math and exceptions,
 *       {@code java.util}'s collections (not its random generators, service loader, timers or preferences),
 *       {@code java.util.function}, {@code stream}, {@code regex}, {@code java.time} without its zone-rule
 *       providers, {@code java.math}, and the few {@code java.io}/{@code java.nio} types an analyzer needs (a
 *       {@code Reader}, a charset).</li>
 * </ul>
 * {@code System} is allowed for its pure functions ({@code arraycopy}, {@code identityHashCode}, ...): its streams,
 * properties and environment are refused by the standard-streams rule.
 */
public final class TaskCodeDependencies {

    static final String[] TASK_CODE = {"org.maat.core.index..", "org.maat.core.search.."};

    private static final Set<String> PACKAGES = Set.of("org.maat.core.index", "org.maat.core.search",
            "org.maat.core.task", "org.apache.lucene.analysis", "org.apache.lucene.document", "org.apache.lucene.index",
            "org.apache.lucene.search", "org.apache.lucene.util", "org.apache.lucene.queryparser",
            "java.util.function", "java.util.stream", "java.util.regex", "java.math");

    private static final Set<String> EXACT_PACKAGES = Set.of("java.util", "java.time", "java.time.format",
            "java.time.temporal", "java.lang.annotation");

    private static final Set<String> NOT_IN_ALLOWED_PACKAGES = Set.of("java.util.Random", "java.util.SplittableRandom",
            "java.util.ServiceLoader", "java.util.Timer", "java.util.TimerTask", "java.util.UUID",
            "java.util.Properties", "java.util.ResourceBundle", "java.util.Scanner", "java.util.Formatter",
            "org.apache.lucene.util.NamedThreadFactory", "org.apache.lucene.util.SPIClassIterator",
            "org.apache.lucene.util.NamedSPILoader", "org.apache.lucene.util.IOUtils",
            "org.apache.lucene.util.VirtualMethod", "org.apache.lucene.util.InfoStream",
            "org.apache.lucene.util.PrintStreamInfoStream");

    private static final Set<String> CLASSES = Set.of(
            "org.maat.core.conduit.Document", "org.maat.core.lucene.TaskReader", "org.maat.policy.Conduit",
            "org.maat.policy.Session", "org.maat.policy.facts.FactSource", "org.maat.policy.lang.PolicyId",
            "java.lang.Object", "java.lang.String", "java.lang.StringBuilder", "java.lang.CharSequence",
            "java.lang.Boolean", "java.lang.Byte", "java.lang.Short", "java.lang.Character", "java.lang.Integer",
            "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.Void",
            "java.lang.Math", "java.lang.StrictMath", "java.lang.Comparable", "java.lang.Iterable",
            "java.lang.AutoCloseable", "java.lang.Enum", "java.lang.Record", "java.lang.Class", "java.lang.System",
            "java.lang.Override", "java.lang.FunctionalInterface", "java.lang.Deprecated",
            "java.lang.SuppressWarnings", "java.lang.SafeVarargs", "java.lang.Throwable", "java.lang.Exception",
            "java.lang.RuntimeException", "java.lang.Error", "java.lang.AssertionError",
            "java.lang.IllegalArgumentException", "java.lang.IllegalStateException",
            "java.lang.UnsupportedOperationException", "java.lang.NullPointerException",
            "java.lang.IndexOutOfBoundsException", "java.lang.ArrayIndexOutOfBoundsException",
            "java.lang.ArithmeticException", "java.lang.NumberFormatException", "java.lang.ClassCastException",
            "java.lang.NoSuchFieldError", "java.lang.MatchException", "java.lang.CloneNotSupportedException",
            "java.lang.invoke.LambdaMetafactory", "java.lang.invoke.StringConcatFactory",
            "java.lang.runtime.ObjectMethods", "java.lang.runtime.SwitchBootstraps",
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentMap",
            "java.io.IOException", "java.io.UncheckedIOException", "java.io.EOFException", "java.io.Reader",
            "java.io.StringReader", "java.io.Closeable", "java.io.Serializable",
            "java.nio.ByteBuffer", "java.nio.CharBuffer", "java.nio.charset.Charset",
            "java.nio.charset.StandardCharsets");

    private TaskCodeDependencies() {
    }

    /** Whether task code may depend on {@code type} (an array by its component type). */
    static boolean allowed(JavaClass type) {
        JavaClass base = type;
        while (base.isArray()) {
            base = base.getComponentType();
        }
        if (base.isPrimitive()) {
            return true;
        }
        String name = base.getName();
        String outer = name.indexOf('$') < 0 ? name : name.substring(0, name.indexOf('$'));
        if (CLASSES.contains(outer)) {
            return true;
        }
        if (NOT_IN_ALLOWED_PACKAGES.contains(outer)) {
            return false;
        }
        String pkg = base.getPackageName();
        if (EXACT_PACKAGES.contains(pkg)) {
            return true;
        }
        for (String allowed : PACKAGES) {
            if (pkg.equals(allowed) || pkg.startsWith(allowed + ".")) {
                return true;
            }
        }
        return false;
    }

    /** The rule: every class of the task packages depends only on what {@link #allowed} admits. */
    public static ArchRule onlyTheTaskApi() {
        return classes().that().resideInAnyPackage(TASK_CODE)
                .should().onlyDependOnClassesThat(DescribedPredicate.describe(
                        "the task API, Lucene's analysis, document, index, search and util classes, or the JDK's "
                                + "value types and collections", TaskCodeDependencies::allowed))
                .because("a class outside that list (a security provider, a file system, a thread pool, a service "
                        + "loader) is a channel out of the task that no narrower rule names");
    }
}
