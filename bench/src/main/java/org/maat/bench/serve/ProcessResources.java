package org.maat.bench.serve;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What this process holds at one moment: live threads other than a load generator's own (named with
 * {@code excludedPrefix}), resident memory (Linux {@code /proc/self/status} VmRSS; empty elsewhere)
 * and heap in use.
 */
public record ProcessResources(int threads, OptionalLong rssBytes, long heapUsedBytes) {

    /** Samples now, not counting threads whose name starts with {@code excludedPrefix}. */
    public static ProcessResources sample(String excludedPrefix) {
        int threads = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && !t.getName().startsWith(excludedPrefix)) {
                threads++;
            }
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new ProcessResources(threads, rss(), heap);
    }

    /** The larger of each figure: for the peak of several samples. */
    public ProcessResources max(ProcessResources other) {
        OptionalLong rss = rssBytes.isPresent() && other.rssBytes.isPresent()
                ? OptionalLong.of(Math.max(rssBytes.getAsLong(), other.rssBytes.getAsLong()))
                : rssBytes.isPresent() ? rssBytes : other.rssBytes;
        return new ProcessResources(Math.max(threads, other.threads), rss, Math.max(heapUsedBytes, other.heapUsedBytes));
    }

    /** E.g. {@code 41 threads, RSS 212 MB, heap 57 MB}. */
    @Override
    public String toString() {
        return threads + " threads, RSS " + (rssBytes.isPresent() ? rssBytes.getAsLong() / (1024 * 1024) + " MB" : "n/a")
                + ", heap " + heapUsedBytes / (1024 * 1024) + " MB";
    }

    private static OptionalLong rss() {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return OptionalLong.empty();
        }
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return OptionalLong.of(Long.parseLong(parts[0]) * 1024);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux's format: no figure
        }
        return OptionalLong.empty();
    }
}
