package org.maat.jmeter.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** Writes samples as JMeter 5.6.3 writes its CSV result files by default (header included). */
final class JtlFixture {

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    private JtlFixture() {
    }

    static Path write(Path file, Collection<Sample> samples) throws IOException {
        List<Sample> ordered = new ArrayList<>(samples);
        ordered.sort(Comparator.comparingLong(Sample::end)); // JMeter writes a sample when it completes
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (Sample s : ordered) {
            lines.add(s.timeStamp() + "," + s.elapsed() + "," + s.label() + "," + s.responseCode() + ","
                    + (s.success() ? "OK" : "\"Service Unavailable, try later\"") + "," + s.threadName()
                    + ",text," + s.success() + ",,2048,120,1,1,http://127.0.0.1:8080/erp/"
                    + s.label().toLowerCase() + "," + s.latency() + ",0,0");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }
}
