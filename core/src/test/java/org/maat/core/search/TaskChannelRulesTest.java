package org.maat.core.search;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.Test;
import org.maat.core.task.RuntimeFailures;
import org.maat.core.task.TaskContext;

/**
 * The JVM channels of task code other than its result channel and its exceptions (which the task
 * boundary stops at run time): rules on the task code packages ({@code org.maat.core.index},
 * {@code org.maat.core.search}), each checked against the production classes and shown to catch a buggy
 * task that tries the channel with a private title. Files and sockets are {@code TaskCodeConfinementTest}'s.
 * <ul>
 *   <li>logging: no SLF4J, {@code java.util.logging}, Log4j;</li>
 *   <li>standard streams: no {@code System.out}, {@code System.err}, {@code System.in}, and no
 *       {@code System.setOut/setErr/setProperty/getenv}, no {@code Runtime} or processes;</li>
 *   <li>threads that outlive the task: no {@code Thread}, {@code ThreadGroup}, {@code ThreadLocal}, executors,
 *       fork-join pools, {@code CompletableFuture} or timers;</li>
 *   <li>interrupts: no {@code Future} of any kind (a {@code FutureTask} that cancels itself interrupts the task's
 *       own thread; {@code Thread.interrupt} is the threads rule's);</li>
 *   <li>static state: every static field is final (a task cannot leave a value for the next task), and holds a value
 *       no task can change: a primitive, a string, a boxed primitive, or an object of a class the rule proves
 *       immutable (final, or an enum or record, whose instance fields are all final and of such types), or of the
 *       one listed type shown to have nothing to change (so two tasks cannot meet in a {@code static final}
 *       collection or array);</li>
 *   <li>reflection: no {@code java.lang.reflect}, method or var handles, {@code Class.forName}, or {@code Unsafe};</li>
 *   <li>the runtime's failures: no vouching for an exception ({@code RuntimeFailures}), which an indexing boundary
 *       would pass in the task's words;</li>
 *   <li>shared library state: no static getter or setter of Lucene's searcher defaults (clause limit, default
 *       query cache and caching policy, similarity), no handle on the query cache or caching policy every search
 *       shares, no listener on the shared readers, no default locale or time zone, and no reuse strategy of its own
 *       nor any call reaching an analyzer's per-thread stored value (the index's one analyzer is every task's).</li>
 * </ul>
 */
class TaskChannelRulesTest {

    static final String[] TASK_CODE = {"org.maat.core.index..", "org.maat.core.search.."};

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.maat.core");

    static ArchRule noLogging() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().resideInAnyPackage("org.slf4j..", "java.util.logging..",
                        "org.apache.logging..", "org.apache.log4j..", "java.lang.System$Logger")
                .because("a log line is output no monitor checks: task code writes only to its result channel");
    }

    static ArchRule noStandardStreams() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().accessField(System.class, "out")
                .orShould().accessField(System.class, "err")
                .orShould().accessField(System.class, "in")
                .orShould().callMethod(System.class, "setOut", java.io.PrintStream.class)
                .orShould().callMethod(System.class, "setErr", java.io.PrintStream.class)
                .orShould().callMethod(System.class, "setIn", java.io.InputStream.class)
                .orShould().callMethodWhere(JavaCall.Predicates.target(DescribedPredicate.describe(
                        "a read or write of the JVM's system properties or environment",
                        target -> target.getOwner().isEquivalentTo(System.class)
                                && target.getName().matches("setProperty|clearProperty|getProperty|getProperties"
                                        + "|setProperties|getenv|lineSeparator")
                                || target.getOwner().isEquivalentTo(Integer.class) && target.getName().equals("getInteger")
                                || target.getOwner().isEquivalentTo(Long.class) && target.getName().equals("getLong")
                                || target.getOwner().isEquivalentTo(Boolean.class)
                                        && target.getName().equals("getBoolean"))))
                .orShould().dependOnClassesThat().haveFullyQualifiedName(Runtime.class.getName())
                .orShould().dependOnClassesThat().haveFullyQualifiedName(ProcessBuilder.class.getName())
                .because("standard streams, system properties and processes reach the operator or other tasks unchecked");
    }

    static ArchRule noThreads() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().areAssignableTo(Thread.class)
                .orShould().dependOnClassesThat().areAssignableTo(ThreadGroup.class)
                .orShould().dependOnClassesThat().areAssignableTo(ThreadLocal.class)
                .orShould().dependOnClassesThat().areAssignableTo(Executor.class)
                .orShould().dependOnClassesThat().areAssignableTo(ForkJoinPool.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.CompletableFuture")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.Executors")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.Timer")
                .orShould().callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.nameMatching(
                        "parallel|parallelStream|parallelSort|parallelSetAll|parallelPrefix")))
                .because("a thread that outlives its task could carry what the task read to a later one, and a"
                        + " parallel stream or array operation runs task code on the JVM's shared pool threads");
    }

    static ArchRule noInterrupts() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().areAssignableTo(Future.class)
                .because("a Future's cancel(true) interrupts the thread running it, the task's own, without naming "
                        + "Thread: an interrupt set or not is a bit the runtime's next read on that thread would carry");
    }

    static ArchRule noStaticState() {
        return fields().that().areDeclaredInClassesThat().resideInAnyPackage(TASK_CODE).and().areStatic()
                .should().beFinal()
                .because("a static field written by one task would be read by the next, another session's")
                .allowEmptyShould(true); // a class without static fields keeps the rule
    }

    /**
     * Types whose objects no holder can change, though the rule cannot prove it from their fields: the JDK's strings
     * and boxes (whose fields are caches or arrays it never hands out), and the index's one analyzer, whose reuse
     * strategy keeps nothing ({@code SharedAnalyzerChannelTest}, {@code SharedTokenStreamTrojanTest}) and whose other
     * state, Lucene's per-thread stored value, task code may not reach ({@link #noSharedLibraryState}: no reuse
     * strategy of its own, no stored-value or reusable-components call) and the task boundary empties after every
     * task ({@code SharedAnalyzerStoredValueChannelTest}); {@code Locale}, immutable by its contract (its fields are
     * caches); and the runtime's {@code Blacklist}, whose one field is a {@code Set.copyOf}.
     */
    private static final Set<String> IMMUTABLE = Set.of("java.lang.String", "java.lang.Boolean", "java.lang.Byte",
            "java.lang.Short", "java.lang.Character", "java.lang.Integer", "java.lang.Long", "java.lang.Float",
            "java.lang.Double", "java.util.Locale", "org.maat.core.index.IndexAnalyzer",
            "org.maat.core.task.Blacklist");

    /**
     * Library static fields of a type the rule cannot prove immutable whose object cannot be changed: Lucene's
     * English stop words are a {@code CharArraySet.unmodifiableSet} (every write throws); the JDK's standard
     * charsets have no state to set (the type {@code Charset} is not listed: a subclass of it could have).
     */
    private static final Set<String> UNMODIFIABLE_STATICS = Set.of(
            "org.apache.lucene.analysis.en.EnglishAnalyzer.ENGLISH_STOP_WORDS_SET",
            "java.nio.charset.StandardCharsets.UTF_8", "java.nio.charset.StandardCharsets.US_ASCII",
            "java.nio.charset.StandardCharsets.ISO_8859_1", "java.nio.charset.StandardCharsets.UTF_16",
            "java.nio.charset.StandardCharsets.UTF_16BE", "java.nio.charset.StandardCharsets.UTF_16LE");

    /** Where a class's own fields end: the JDK's bases of every class, record and enum hold nothing a task can set. */
    private static final Set<String> BASES = Set.of("java.lang.Object", "java.lang.Record", "java.lang.Enum");

    static ArchRule noMutableStaticState() {
        return fields().that().areDeclaredInClassesThat().resideInAnyPackage(TASK_CODE).and().areStatic()
                .and().doNotHaveModifier(JavaModifier.SYNTHETIC) // an enum's values array, a switch's map: the compiler's
                .should(holdAValueNoTaskCanChange())
                .because("an object two tasks both reach through a static field (a collection, an array, an object "
                        + "with a field to set) would carry what one task read to another session's task")
                .allowEmptyShould(true);
    }

    /**
     * The same for the static fields task code reads that others declare: a library's public static array or
     * collection (Lucene's {@code StandardTokenizer.TOKEN_TYPES}, whose elements anyone can set) is an object every
     * task reaches, so reading one is refused unless its type is provably immutable.
     */
    static ArchRule noSharedMutableStatics() {
        return classes().that().resideInAnyPackage(TASK_CODE)
                .should(new ArchCondition<JavaClass>("read only static fields holding values no task can change") {
                    @Override
                    public void check(JavaClass reader, ConditionEvents events) {
                        for (JavaFieldAccess access : reader.getFieldAccessesFromSelf()) {
                            JavaField field = access.getTarget().resolveMember().orElse(null);
                            if (field == null || !field.getModifiers().contains(JavaModifier.STATIC)
                                    || field.getModifiers().contains(JavaModifier.SYNTHETIC)
                                    || isTaskCode(field.getOwner())) {
                                continue; // task code's own static fields: noMutableStaticState
                            }
                            if (access.getAccessType() == JavaFieldAccess.AccessType.SET
                                    || !field.getModifiers().contains(JavaModifier.FINAL)) {
                                // A library's non-final static (Lucene's parser messages) holds whatever one task
                                // wrote, a string included, for the next task to read.
                                events.add(SimpleConditionEvent.violated(access, access.getDescription() + ": "
                                        + field.getFullName() + " is a library's non-final static field"));
                            } else if (!UNMODIFIABLE_STATICS.contains(field.getFullName())
                                    && !provablyImmutable(field.getRawType(), new HashMap<>())) {
                                events.add(SimpleConditionEvent.violated(access, access.getDescription() + ": "
                                        + field.getFullName() + " is of type " + field.getRawType().getName()
                                        + ", which is not provably immutable"));
                            }
                        }
                    }
                })
                .because("an object two tasks both reach through a library's static field (an array, a collection)"
                        + " would carry what one task read to another session's task")
                .allowEmptyShould(true);
    }

    private static boolean isTaskCode(JavaClass c) {
        for (String pkg : TASK_CODE) {
            String prefix = pkg.substring(0, pkg.length() - 2);
            if (c.getPackageName().equals(prefix) || c.getPackageName().startsWith(prefix + ".")) {
                return true;
            }
        }
        return false;
    }

    private static ArchCondition<JavaField> holdAValueNoTaskCanChange() {
        return new ArchCondition<>("hold a value no task can change") {
            @Override
            public void check(JavaField field, ConditionEvents events) {
                boolean immutable = provablyImmutable(field.getRawType(), new HashMap<>());
                events.add(new SimpleConditionEvent(field, immutable, field.getFullName() + " is of type "
                        + field.getRawType().getName() + ", which " + (immutable ? "is" : "is not") + " provably immutable"));
            }
        };
    }

    /**
     * Whether no holder of a {@code type} object can change it: a primitive, a listed type, or a class that is final
     * (or an enum or record) whose instance fields, its superclasses' included, are all final and of such types. An
     * array, an interface or a class that may be extended proves nothing. {@code known} breaks cycles: a type being
     * checked counts as immutable, the check of its other fields decides.
     */
    static boolean provablyImmutable(JavaClass type, Map<String, Boolean> known) {
        if (type.isPrimitive() || IMMUTABLE.contains(type.getName())) {
            return true;
        }
        if (type.isArray() || type.isInterface()) {
            return false;
        }
        Boolean decided = known.get(type.getName());
        if (decided != null) {
            return decided;
        }
        if (!type.isEnum() && !type.getModifiers().contains(JavaModifier.FINAL)) {
            return false;
        }
        known.put(type.getName(), true);
        boolean immutable = true;
        for (JavaClass c = type; immutable && c != null && !BASES.contains(c.getName());
                c = c.getRawSuperclass().orElse(null)) {
            if (!c.isFullyImported()) {
                immutable = false; // fields unknown: nothing proved
                break;
            }
            for (JavaField f : c.getFields()) {
                if (!f.getModifiers().contains(JavaModifier.STATIC) && (!f.getModifiers().contains(JavaModifier.FINAL)
                        || !provablyImmutable(f.getRawType(), known))) {
                    immutable = false;
                    break;
                }
            }
        }
        known.put(type.getName(), immutable);
        return immutable;
    }

    static ArchRule noReflection() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().resideInAnyPackage("java.lang.reflect..", "sun.misc..", "jdk.internal..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.MethodHandles")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.MethodHandles$Lookup")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.VarHandle")
                .orShould().callMethod(Class.class, "forName", String.class)
                .because("reflection reaches the runtime's private state (a channel, another task's context)");
    }

    /**
     * The static getters and setters of {@link IndexSearcher}: every one reads or writes a default all searchers of
     * the JVM share (clause limit, query cache, caching policy, similarity), read from Lucene itself so that a default
     * a later version adds is refused too.
     */
    static final Set<String> SEARCHER_DEFAULTS = Arrays.stream(IndexSearcher.class.getDeclaredMethods())
            .filter(m -> Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers())
                    && m.getName().matches("(get|set)[A-Z].*"))
            .map(Method::getName).collect(Collectors.toUnmodifiableSet());

    static ArchRule noSharedLibraryState() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.nameMatching(
                        "setMaxClauseCount|setDefaultQueryCache|setDefaultQueryCachingPolicy|getQueryCache"
                                + "|getQueryCachingPolicy|incRef|tryIncRef|decRef"
                                + "|getRefCount|setDefault|setInfoStream"
                                + "|getReaderCacheHelper|getCoreCacheHelper|addClosedListener|addReaderClosedListener"
                                + "|getStoredValue|setStoredValue|getReusableComponents|setReusableComponents")))
                .orShould().callMethodWhere(JavaCall.Predicates.target(DescribedPredicate.describe(
                        "a static getter or setter of IndexSearcher's JVM-wide defaults " + SEARCHER_DEFAULTS,
                        target -> target.getOwner().isAssignableTo(IndexSearcher.class)
                                && SEARCHER_DEFAULTS.contains(target.getName()))))
                .orShould().beAssignableTo(Analyzer.ReuseStrategy.class)
                .orShould().callMethodWhere(JavaCall.Predicates.target(DescribedPredicate.describe(
                        "a setter of a sort or sort field (new Sort() hands out the JVM-wide SortField.FIELD_SCORE)",
                        target -> (target.getOwner().isAssignableTo(org.apache.lucene.search.SortField.class)
                                || target.getOwner().isAssignableTo(org.apache.lucene.search.Sort.class))
                                && target.getName().startsWith("set"))))
                .orShould().callConstructorWhere(JavaCall.Predicates.target(DescribedPredicate.describe(
                        "the constructor of a reader over other readers that raises their reference counts (new"
                                + " MultiReader(shared, false))",
                        target -> target.getOwner().isAssignableTo(org.apache.lucene.index.CompositeReader.class)
                                || target.getOwner().isAssignableTo(org.apache.lucene.index.ParallelLeafReader.class))))
                .orShould().setFieldWhere(DescribedPredicate.describe(
                        "a field of a library's object but a hit's (an empty collector hands out the JVM-wide"
                                + " EMPTY_TOPDOCS; a ScoreDoc is made per search, and merging hits numbers their shard)",
                        access -> !isTaskCode(access.getTarget().getOwner())
                                && !access.getTarget().getOwner().isEquivalentTo(org.apache.lucene.search.ScoreDoc.class)))
                .because("a JVM-wide setting, the query cache every search shares, a listener the runtime runs when "
                        + "it closes the shared readers, the per-thread slot of the analyzer every task shares (which "
                        + "any reuse strategy reaches on any analyzer), or a library object a call hands out shared "
                        + "would carry what one task read to another session");
    }

    /**
     * Generators and counters every caller of the JVM shares, kept in private static fields no put-back can reach: a
     * task that draws from one (or advances it) leaves a state the next task, another session's, reads back.
     */
    static ArchRule noSharedGenerators() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().callMethodWhere(JavaCall.Predicates.target(DescribedPredicate.describe(
                        "a JVM-wide generator or counter (Math.random, StrictMath.random, StringHelper.randomId,"
                                + " Collections.shuffle without a generator)",
                        target -> (target.getOwner().isEquivalentTo(Math.class)
                                || target.getOwner().isEquivalentTo(StrictMath.class))
                                        && target.getName().equals("random")
                                || target.getOwner().isEquivalentTo(org.apache.lucene.util.StringHelper.class)
                                        && target.getName().equals("randomId")
                                || target.getOwner().isEquivalentTo(java.util.Collections.class)
                                        && target.getName().equals("shuffle")
                                        && target.getRawParameterTypes().size() == 1)))
                .orShould().dependOnClassesThat().haveFullyQualifiedName(
                        "org.apache.lucene.search.TimeLimitingCollector")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(
                        "org.apache.lucene.util.quantization.ScalarQuantizer")
                .because("a generator or counter every caller of the JVM shares carries what one task read to the "
                        + "next, another session's, through its state");
    }

    static ArchRule noVouchingForFailures() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().haveFullyQualifiedName(RuntimeFailures.class.getName())
                .because("only the runtime's checkpoints say which failures are their own: an exception a task vouched"
                        + " for would reach the caller in the task's words");
    }

    static List<ArchRule> rules() {
        return List.of(org.maat.core.task.TaskCodeDependencies.onlyTheTaskApi(), noLogging(), noStandardStreams(),
                noThreads(), noInterrupts(), noStaticState(), noMutableStaticState(), noSharedMutableStatics(),
                noReflection(),
                noSharedLibraryState(), noSharedGenerators(), noVouchingForFailures());
    }

    @Test
    void taskCodeKeepsEveryRule() {
        for (ArchRule rule : rules()) {
            rule.check(CORE);
        }
    }

    @Test
    void aTaskThatLogsATitleIsCaught() {
        assertCaught(noLogging(), LogsATitle.class, "org.slf4j");
    }

    @Test
    void aTaskThatPrintsATitleIsCaught() {
        assertCaught(noStandardStreams(), PrintsATitle.class, "System.err");
        assertCaught(noStandardStreams(), SetsAProperty.class, "setProperty");
        assertCaught(noStandardStreams(), ClearsAProperty.class, "clearProperty");
        assertCaught(noStandardStreams(), ReplacesStandardIn.class, "setIn");
        assertCaught(noStandardStreams(), ReadsAProperty.class, "getBoolean");
    }

    @Test
    void aTaskThatLeavesAThreadBehindIsCaught() {
        assertCaught(noThreads(), LeavesAThread.class, "java.lang.Thread");
        assertCaught(noThreads(), SubmitsToThePool.class, "ForkJoinPool");
        assertCaught(noThreads(), StreamsInParallel.class, "parallelStream");
        assertCaught(noThreads(), SortsInParallel.class, "parallelSort");
    }

    @Test
    void aTaskThatInterruptsItsOwnThreadIsCaught() {
        assertCaught(noInterrupts(), CancelsItsOwnRun.class, "FutureTask");
    }

    @Test
    void aTaskThatKeepsATitleInAStaticFieldIsCaught() {
        assertCaught(noStaticState(), KeepsATitle.class, "lastTitle");
    }

    @Test
    void twoTasksThatMeetInAStaticFinalCollectionOrArrayAreCaught() {
        assertCaught(noMutableStaticState(), KeepsTitlesInAStaticList.class, "TITLES");
        assertCaught(noMutableStaticState(), KeepsTitlesInAStaticMap.class, "BY_USER");
        assertCaught(noMutableStaticState(), KeepsATitleInAStaticArray.class, "LAST");
        assertCaught(noMutableStaticState(), KeepsATitleInAStaticHolder.class, "HOLDER");
        assertCaught(noMutableStaticState(), KeepsATitleInAnEnumConstant.class, "ONLY");
    }

    @Test
    void twoTasksThatMeetInALibrarysNonFinalStaticStringAreCaught() {
        assertCaught(noSharedMutableStatics(), WritesAParserMessage.class, "INVALID_SYNTAX");
        assertCaught(noSharedMutableStatics(), ReadsAParserMessage.class, "INVALID_SYNTAX");
    }

    @Test
    void staticConstantsKeepTheRule() {
        JavaClasses fine = new ClassFileImporter().importClasses(KeepsOnlyConstants.class, KeepsOnlyConstants.Kind.class);
        assertThatCode(() -> noMutableStaticState().check(fine)).doesNotThrowAnyException();
    }

    @Test
    void aTaskThatReachesTheRuntimeByReflectionIsCaught() {
        assertCaught(noReflection(), ReadsAPrivateField.class, "java.lang.reflect.Field");
        assertCaught(noReflection(), LoadsAClassByName.class, "forName");
    }

    @Test
    void aTaskThatLeavesATitleInSharedLibraryStateIsCaught() {
        assertCaught(noSharedLibraryState(), SetsTheClauseLimit.class, "setMaxClauseCount");
        assertCaught(noSharedLibraryState(), ListensOnTheSharedReader.class, "addClosedListener");
        assertCaught(noSharedLibraryState(), ReadsTheSharedCache.class, "getQueryCache");
        assertCaught(noSharedLibraryState(), WritesTheDefaultCachingPolicy.class, "getDefaultQueryCachingPolicy");
        assertCaught(noSharedLibraryState(), ReadsTheDefaultCache.class, "getDefaultQueryCache");
        assertCaught(noSharedLibraryState(), StashesInTheSharedAnalyzer.Stash.class, "ReuseStrategy");
        assertCaught(noSharedLibraryState(), StashesInTheSharedAnalyzer.Stash.class, "setStoredValue");
        assertCaught(noSharedLibraryState(), StashesThroughLucenesStrategy.class, "setReusableComponents");
    }

    @Test
    void everyStaticGetterAndSetterOfTheSearcherIsRefused() {
        assertThat(SEARCHER_DEFAULTS).contains("getMaxClauseCount", "setMaxClauseCount", "getDefaultQueryCache",
                "setDefaultQueryCache", "getDefaultQueryCachingPolicy", "setDefaultQueryCachingPolicy",
                "getDefaultSimilarity");
        assertCaught(noSharedLibraryState(), ReadsTheClauseLimit.class, "getMaxClauseCount");
    }

    @Test
    void aTaskThatVouchesForItsOwnExceptionIsCaught() {
        assertCaught(noVouchingForFailures(), VouchesForATitle.class, "RuntimeFailures");
    }

    @Test
    void theRulesLetTaskCodeUseItsContext() {
        JavaClasses fine = new ClassFileImporter().importClasses(UsesItsContext.class);
        for (ArchRule rule : rules()) {
            assertThatCode(() -> rule.check(fine)).doesNotThrowAnyException();
        }
    }

    private static void assertCaught(ArchRule rule, Class<?> offender, String named) {
        JavaClasses imported = new ClassFileImporter().importClasses(offender);
        assertThatThrownBy(() -> rule.check(imported))
                .hasMessageContaining(offender.getSimpleName()).hasMessageContaining(named);
    }

    // Buggy task code (this package is a task package), each trying one channel with a private title.

    static final class LogsATitle {
        static void leak(String title) {
            org.slf4j.LoggerFactory.getLogger(LogsATitle.class).info("read {}", title);
        }
    }

    static final class PrintsATitle {
        static void leak(String title) {
            System.err.println(title);
        }
    }

    static final class WritesAParserMessage {
        static void leak(String title) {
            org.apache.lucene.queryparser.flexible.core.messages.QueryParserMessages.INVALID_SYNTAX = title;
        }
    }

    static final class ReadsAParserMessage {
        static String leaked() {
            return org.apache.lucene.queryparser.flexible.core.messages.QueryParserMessages.INVALID_SYNTAX;
        }
    }

    static final class StreamsInParallel {
        static long leak(java.util.List<String> titles) {
            return titles.parallelStream().filter(t -> t.startsWith("D")).count();
        }
    }

    static final class SortsInParallel {
        static void leak(int[] codes) {
            java.util.Arrays.parallelSort(codes);
        }
    }

    static final class ReplacesStandardIn {
        static void leak(String title) {
            if (title.charAt(0) % 2 == 1) {
                System.setIn(null); // a JVM-wide bit
            }
        }
    }

    static final class ClearsAProperty {
        static void leak(String title) {
            if (title.charAt(0) % 2 == 1) {
                System.clearProperty("java.io.tmpdir"); // a bit another task reads back
            }
        }
    }

    static final class ReadsAProperty {
        static boolean read() {
            return Boolean.getBoolean("maat.last");
        }
    }

    static final class SetsAProperty {
        static void leak(String title) {
            System.setProperty("maat.last", title);
        }
    }

    static final class LeavesAThread {
        static void leak(String title, List<String> later) {
            new Thread(() -> later.add(title)).start();
        }
    }

    static final class SubmitsToThePool {
        static void leak(String title, List<String> later) {
            ForkJoinPool.commonPool().execute(() -> later.add(title));
        }
    }

    static final class CancelsItsOwnRun {
        static void leak(String title) {
            if (title.charAt(0) % 2 == 0) {
                return;
            }
            @SuppressWarnings("unchecked")
            FutureTask<Void>[] self = new FutureTask[1];
            self[0] = new FutureTask<>(() -> {
                self[0].cancel(true); // interrupts the runner: the task's own thread
                return null;
            });
            self[0].run();
        }
    }

    static final class KeepsATitle {
        static String lastTitle;

        static void leak(String title) {
            lastTitle = title;
        }
    }

    /** One buggy task adds the title, a later one (another session's) reads it. */
    static final class KeepsTitlesInAStaticList {
        static final List<String> TITLES = new ArrayList<>();

        static void leak(String title) {
            TITLES.add(title);
        }

        static String pickUp() {
            return TITLES.isEmpty() ? "" : TITLES.get(TITLES.size() - 1);
        }
    }

    static final class KeepsTitlesInAStaticMap {
        static final Map<String, String> BY_USER = new java.util.concurrent.ConcurrentHashMap<>();

        static void leak(String user, String title) {
            BY_USER.put(user, title);
        }
    }

    static final class KeepsATitleInAStaticArray {
        private static final String[] LAST = new String[1];

        static void leak(String title) {
            LAST[0] = title;
        }
    }

    static final class KeepsATitleInAStaticHolder {
        private static final Holder HOLDER = new Holder();

        static final class Holder {
            private String title;
        }

        static void leak(String title) {
            HOLDER.title = title;
        }
    }

    enum KeepsATitleInAnEnumConstant {
        ONLY;

        private final StringBuilder seen = new StringBuilder();

        static void leak(String title) {
            ONLY.seen.append(title);
        }
    }

    /** Constants of every kind the rule admits. */
    static final class KeepsOnlyConstants {
        static final String NAME = "parliament";
        static final int LIMIT = 10;
        static final Long BOXED = 3L;
        static final Kind KIND = Kind.TITLE;
        static final org.maat.core.index.AccessTemplate PUBLIC = org.maat.core.index.AccessTemplate.parse("public");

        enum Kind { TITLE, BODY }
    }

    static final class ReadsAPrivateField {
        static Object leak(Object channel) throws ReflectiveOperationException {
            java.lang.reflect.Field f = channel.getClass().getDeclaredField("deliveredIds");
            f.setAccessible(true);
            return f.get(channel);
        }
    }

    static final class LoadsAClassByName {
        static Object leak(String title) throws ReflectiveOperationException {
            return Class.forName("org.maat.core.task." + title);
        }
    }

    static final class SetsTheClauseLimit {
        static void leak(String title) {
            org.apache.lucene.search.IndexSearcher.setMaxClauseCount(title.charAt(0));
        }
    }

    static final class ListensOnTheSharedReader {
        static void leak(org.apache.lucene.search.IndexSearcher searcher, String title) {
            searcher.getIndexReader().getReaderCacheHelper().addClosedListener(key -> {
                throw new IllegalStateException(title);
            });
        }
    }

    static final class ReadsTheSharedCache {
        static Object leak(org.apache.lucene.search.IndexSearcher searcher) {
            return searcher.getQueryCache();
        }
    }

    static final class WritesTheDefaultCachingPolicy {
        static void leak(String title) {
            IndexSearcher.getDefaultQueryCachingPolicy().onUse(new org.apache.lucene.search.TermQuery(
                    new org.apache.lucene.index.Term("stash", title)));
        }
    }

    static final class ReadsTheDefaultCache {
        static Object leak() {
            return IndexSearcher.getDefaultQueryCache();
        }
    }

    /** Reads through a subclass's name, which is how javac names the owner of the call. */
    static final class ReadsTheClauseLimit {
        static int leak() {
            return org.maat.core.lucene.SettledSearcher.getMaxClauseCount();
        }
    }

    /** Keeps a title in the index analyzer's per-thread slot through a reuse strategy of its own. */
    static final class StashesInTheSharedAnalyzer {
        static final class Stash extends Analyzer.ReuseStrategy {
            @Override
            public Analyzer.TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
                return null;
            }

            @Override
            public void setReusableComponents(Analyzer analyzer, String fieldName, Analyzer.TokenStreamComponents c) {
            }

            void put(String title) {
                setStoredValue(org.maat.core.index.IndexFields.analyzer(), title);
            }
        }

        static void leak(String title) {
            new Stash().put(title);
        }
    }

    /** Keeps a title in the same slot through Lucene's own strategy, which keeps components there. */
    static final class StashesThroughLucenesStrategy {
        static void leak(String title) {
            Analyzer.GLOBAL_REUSE_STRATEGY.setReusableComponents(org.maat.core.index.IndexFields.analyzer(), title,
                    new Analyzer.TokenStreamComponents(new org.apache.lucene.analysis.standard.StandardTokenizer()));
        }
    }

    static final class VouchesForATitle {
        static RuntimeException leak(String title) {
            IllegalStateException failure = new IllegalStateException(title);
            return RuntimeFailures.vouch(failure, () -> new IllegalStateException(title));
        }
    }

    static final class UsesItsContext {
        static List<String> run(TaskContext ctx) {
            List<String> ids = new ArrayList<>(List.of(ctx.query()));
            ctx.results().writeIds(ids);
            return ids;
        }
    }
}
