package org.maat.jmh.report;

/**
 * The overheads Thoth published for its microbenchmarks (Thoth, section 6.2), set beside Maat's: read
 * latency per file size and policy (overheads grow with policy complexity, public/private lowest and
 * MAL highest; only the ends of each range are published), friend-list length, writes of conduit
 * ids and index-file creation.
 */
final class ThothFigures {

    private ThothFigures() {
    }

    /** Thoth's Linux baseline read latency per file, where published. */
    static String baselineLatency(int size) {
        return switch (size) {
            case 4096 -> "0.145 ms";
            case 524288 -> "3.6 ms";
            default -> "not published";
        };
    }

    /** The published overhead of reading a file of {@code size} bytes under {@code policy}. */
    static String readOverhead(int size, String policy) {
        String low;
        String high;
        switch (size) {
            case 4096 -> { low = "10.6%"; high = "152.7%"; }
            case 98304 -> { low = "0.6%"; high = "23%"; }
            case 524288 -> { low = "0.34%"; high = "3.3%"; }
            default -> { return "not published"; }
        }
        return switch (policy) {
            case "none" -> "baseline";
            case "public" -> low;
            // At 4 KB Thoth gives public and private one figure; elsewhere only the range's ends.
            case "private" -> size == 4096 ? low : "within " + low + "-" + high;
            case "mal" -> high;
            default -> "within " + low + "-" + high;
        };
    }

    static final String FRIEND_LISTS = "within 2.4% of 100 entries";
    static final String ONLY_CND_IDS = "5.8x";
    static final String ONLY_CND_IDS_PLUS = "8.6x";

    static String indexFileCreation(int fileBytes) {
        return fileBytes <= 64 << 10 ? "2.53x (small files)" : "+0.25% (large files)";
    }
}
