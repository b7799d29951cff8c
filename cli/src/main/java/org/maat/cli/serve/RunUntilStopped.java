package org.maat.cli.serve;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import org.maat.server.IdleHeapRelease;

/**
 * Keeps a server command's process serving until it is told to stop (Ctrl-C, SIGTERM): a shutdown
 * hook stops the servers cleanly, says so, and only then lets the process end.
 */
public final class RunUntilStopped {

    private RunUntilStopped() {
    }

    /** Blocks for good; {@code stop} runs once in the shutdown hook. */
    public static void await(String what, PrintWriter out, AutoCloseable stop) throws InterruptedException {
        IdleHeapRelease.enable(); // a server: what a burst made it commit goes back once idle
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            out.println("stopping " + what + " ...");
            out.flush();
            try {
                stop.close();
                out.println("stopped");
            } catch (Exception e) {
                out.println("stopping " + what + " failed: " + e.getMessage());
            } finally {
                out.flush();
                stopped.countDown();
            }
        }, "maat-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        stopped.await();
    }
}
