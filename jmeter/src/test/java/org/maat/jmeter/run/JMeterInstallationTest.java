package org.maat.jmeter.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JMeterInstallationTest {

    @TempDir
    Path dir;

    @Test
    void thePluginsConfigNamesTheJMeterDirectoryAndRuntimeJar() throws Exception {
        Path home = dir.resolve("uuid/jmeter");
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/ApacheJMeter-5.6.3.jar"), "jar");
        Path config = Files.writeString(dir.resolve("config.json"), "{\"configurations\":[{\"executionID\":\"configuration\","
                + "\"jmeterDirectoryPath\":\"" + home.toString().replace("\\", "\\\\") + "\",\"runtimeJarName\":\"ApacheJMeter-5.6.3.jar\"}]}");

        JMeterInstallation found = JMeterInstallation.read(config).orElseThrow();

        assertThat(found.home()).isEqualTo(home);
        assertThat(found.jar()).isEqualTo(home.resolve("bin/ApacheJMeter-5.6.3.jar"));
        assertThat(found.version()).isEqualTo("5.6.3");
    }

    @Test
    void aConfigWhoseJMeterWasCleanedAwayFindsNothing() throws Exception {
        Path config = Files.writeString(dir.resolve("config.json"), "{\"configurations\":[{\"jmeterDirectoryPath\":\""
                + dir.resolve("gone").toString().replace("\\", "\\\\") + "\",\"runtimeJarName\":\"ApacheJMeter-5.6.3.jar\"}]}");

        assertThat(JMeterInstallation.read(config)).isEmpty();
    }
}
