package org.maat.frontend.app;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Client address to region: a list of {@code CIDR -> region} blocks (IPv4 or IPv6); the most
 * specific block containing an address wins; an address in no block has no region. Immutable.
 */
public final class RegionMap {

    private record Block(byte[] network, int prefix, String region) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (address[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Block> blocks;

    private RegionMap(List<Block> blocks) {
        List<Block> sorted = new ArrayList<>(blocks);
        sorted.sort(Comparator.comparingInt(Block::prefix).reversed());
        this.blocks = List.copyOf(sorted);
    }

    /** No blocks: every client has no region. */
    public static RegionMap none() {
        return new RegionMap(List.of());
    }

    /** Blocks from {@code CIDR -> region}, e.g. {@code 10.1.0.0/16 -> r0}. */
    public static RegionMap of(Map<String, String> cidrToRegion) {
        List<Block> blocks = new ArrayList<>();
        new TreeMap<>(cidrToRegion).forEach((cidr, region) -> blocks.add(block(cidr, region, "")));
        return new RegionMap(blocks);
    }

    /**
     * Reads a properties file of {@code CIDR=region} lines. Note that {@code :} separates keys in
     * properties files, so IPv6 blocks are written with it escaped ({@code fd00\:\:/8=r1}).
     *
     * @throws IllegalArgumentException naming the file and the bad entry
     */
    public static RegionMap read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<Block> blocks = new ArrayList<>();
        for (String cidr : new TreeMap<>(Map.copyOf(p)).keySet().stream().map(Object::toString).toList()) {
            blocks.add(block(cidr, p.getProperty(cidr).strip(), file + ": "));
        }
        return new RegionMap(blocks);
    }

    /** The region of {@code address}, if a block contains it. */
    public Optional<String> regionOf(InetAddress address) {
        byte[] bytes = address.getAddress();
        for (Block b : blocks) {
            if (b.contains(bytes)) {
                return Optional.of(b.region());
            }
        }
        return Optional.empty();
    }

    /** The region of a textual IP address; an unparsable one has no region. */
    public Optional<String> regionOf(String address) {
        if (address == null || address.isBlank() || !address.strip().matches("[0-9a-fA-F:.]+")) {
            return Optional.empty(); // never resolve host names: a literal address or nothing
        }
        try {
            return regionOf(InetAddress.getByName(address.strip()));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static Block block(String cidr, String region, String where) {
        String[] parts = cidr.strip().split("/", -1);
        if (parts.length != 2 || region.isBlank() || !parts[0].matches("[0-9a-fA-F:.]+")) {
            throw new IllegalArgumentException(where + "'" + cidr + "=" + region
                    + "' is not CIDR=region (e.g. 10.1.0.0/16=r0)");
        }
        byte[] network;
        try {
            network = InetAddress.getByName(parts[0]).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(where + "'" + parts[0] + "' is not an IP address");
        }
        int prefix;
        try {
            prefix = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            prefix = -1;
        }
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException(where + "'" + cidr + "': the prefix length must be 0 to "
                    + network.length * 8);
        }
        return new Block(network, prefix, region.strip());
    }
}
