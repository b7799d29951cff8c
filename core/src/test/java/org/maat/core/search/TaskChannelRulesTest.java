package org.maat.core.search;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
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
 *   <li>static state: every static field is final (a task cannot leave a value for the next task);</li>
 *   <li>reflection: no {@code java.lang.reflect}, method or var handles, {@code Class.forName}, or {@code Unsafe};</li>
 *   <li>the runtime's failures: no vouching for an exception ({@code RuntimeFailures}), which an indexing boundary
 *       would pass in the task's words;</li>
 *   <li>shared library state: no Lucene clause limit or default query cache, no handle on the query cache every
 *       search shares, no listener on the shared readers, no default locale or time zone.</li>
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
                .orShould().callMethod(System.class, "setProperty", String.class, String.class)
                .orShould().callMethod(System.class, "getenv", String.class)
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
                .because("a thread that outlives its task could carry what the task read to a later one");
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

    static ArchRule noReflection() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().resideInAnyPackage("java.lang.reflect..", "sun.misc..", "jdk.internal..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.MethodHandles")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.MethodHandles$Lookup")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.invoke.VarHandle")
                .orShould().callMethod(Class.class, "forName", String.class)
                .because("reflection reaches the runtime's private state (a channel, another task's context)");
    }

    static ArchRule noSharedLibraryState() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.nameMatching(
                        "setMaxClauseCount|setDefaultQueryCache|setDefaultQueryCachingPolicy|getQueryCache|incRef|tryIncRef|decRef"
                                + "|setDefault|setInfoStream"
                                + "|getReaderCacheHelper|getCoreCacheHelper|addClosedListener|addReaderClosedListener")))
                .because("a JVM-wide setting, the query cache every search shares or a listener the runtime runs when "
                        + "it closes the shared readers would carry what one task read to another session");
    }

    static ArchRule noVouchingForFailures() {
        return noClasses().that().resideInAnyPackage(TASK_CODE)
                .should().dependOnClassesThat().haveFullyQualifiedName(RuntimeFailures.class.getName())
                .because("only the runtime's checkpoints say which failures are their own: an exception a task vouched"
                        + " for would reach the caller in the task's words");
    }

    static List<ArchRule> rules() {
        return List.of(org.maat.core.task.TaskCodeDependencies.onlyTheTaskApi(), noLogging(), noStandardStreams(),
                noThreads(), noInterrupts(), noStaticState(), noReflection(), noSharedLibraryState(),
                noVouchingForFailures());
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
    }

    @Test
    void aTaskThatLeavesAThreadBehindIsCaught() {
        assertCaught(noThreads(), LeavesAThread.class, "java.lang.Thread");
        assertCaught(noThreads(), SubmitsToThePool.class, "ForkJoinPool");
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
    void aTaskThatReachesTheRuntimeByReflectionIsCaught() {
        assertCaught(noReflection(), ReadsAPrivateField.class, "java.lang.reflect.Field");
        assertCaught(noReflection(), LoadsAClassByName.class, "forName");
    }

    @Test
    void aTaskThatLeavesATitleInSharedLibraryStateIsCaught() {
        assertCaught(noSharedLibraryState(), SetsTheClauseLimit.class, "setMaxClauseCount");
        assertCaught(noSharedLibraryState(), ListensOnTheSharedReader.class, "addClosedListener");
        assertCaught(noSharedLibraryState(), ReadsTheSharedCache.class, "getQueryCache");
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
