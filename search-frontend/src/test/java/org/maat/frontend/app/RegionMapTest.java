package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegionMapTest {

    @TempDir
    Path dir;

    @Test
    void mostSpecificBlockWinsAndUnmatchedClientsHaveNoRegion() {
        RegionMap map = RegionMap.of(Map.of("10.0.0.0/8", "r1", "10.1.0.0/16", "r0", "127.0.0.1/32", "r0",
                "fd00::/8", "r2"));
        assertThat(map.regionOf("10.1.2.3")).contains("r0");
        assertThat(map.regionOf("10.2.2.3")).contains("r1");
        assertThat(map.regionOf("127.0.0.1")).contains("r0");
        assertThat(map.regionOf("127.0.0.2")).isEmpty();
        assertThat(map.regionOf("fd12::1")).contains("r2");
        assertThat(map.regionOf("192.168.1.1")).isEmpty();
        assertThat(map.regionOf("not-an-address.example")).as("never resolved").isEmpty();
    }

    @Test
    void prefixBoundaryInsideAByteIsRespected() {
        RegionMap map = RegionMap.of(Map.of("192.168.4.0/22", "r3"));
        assertThat(map.regionOf("192.168.7.255")).contains("r3");
        assertThat(map.regionOf("192.168.8.0")).isEmpty();
    }

    @Test
    void readsAPropertiesFileAndNamesABadEntry() throws IOException {
        Path good = Files.writeString(dir.resolve("regions.properties"), "# clients\n127.0.0.0/8=r1\nfd00\\:\\:/8=r2\n");
        assertThat(RegionMap.read(good).regionOf("127.0.0.1")).contains("r1");
        assertThat(RegionMap.read(good).regionOf("fd00::5")).contains("r2");
        Path bad = Files.writeString(dir.resolve("bad.properties"), "10.0.0.0/33=r1\n");
        assertThatThrownBy(() -> RegionMap.read(bad)).hasMessageContaining("bad.properties")
                .hasMessageContaining("prefix length must be 0 to 32");
    }
}
