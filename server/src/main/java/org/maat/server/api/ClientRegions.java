package org.maat.server.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Places simulated clients in regions: region i of a data set's region list gets the block
 * {@code 10.0.i.0/24}. The front-end is given the matching {@code maat.regions} file and trusts
 * {@code X-Forwarded-For} ({@link ApiSession#PROXY_HEADER}), so a client on loopback can act as a
 * client of any region, as behind a reverse proxy.
 */
public record ClientRegions(List<String> regions) {

    public ClientRegions {
        regions = List.copyOf(regions);
        if (regions.size() > 256) {
            throw new IllegalArgumentException("at most 256 regions, not " + regions.size());
        }
    }

    /** A client address in {@code region}. */
    public String address(String region) {
        int i = regions.indexOf(region);
        if (i < 0) {
            throw new IllegalArgumentException("unknown region " + region + "; regions are " + regions);
        }
        return "10.0." + i + ".10";
    }

    /** Writes the {@code CIDR=region} file the front-end reads ({@code maat.regions}). */
    public Path write(Path file) throws IOException {
        StringBuilder text = new StringBuilder("# client address block = region (written by Maat's demo/benchmark)\n");
        for (int i = 0; i < regions.size(); i++) {
            text.append("10.0.").append(i).append(".0/24=").append(regions.get(i)).append('\n');
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.writeString(file, text);
    }
}
