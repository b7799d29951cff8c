package org.maat.bench.disguise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maat.bench.load.Latencies;
import org.maat.bench.websubmit.WebSubmitData;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.store.Locator;
import org.maat.disguise.store.SealedBags;

/**
 * The cost of each cryptographic operation of a disguise (Edna's table): an X25519 key pair, and
 * sealing and opening (HPKE, {@link SealedBags}, JSON encoding included) of a speaks-for record, of one
 * row's diff record, and of a whole WebSubmit account's bag (Edna sealed each record alone; Maat
 * seals a bag once). Each operation runs {@code warmUp} untimed times, then {@code iterations} timed
 * ones; the record sizes are reported beside the figures.
 */
public final class CryptoCosts {

    private final int warmUp;
    private final int iterations;

    public CryptoCosts(int warmUp, int iterations) {
        if (warmUp < 0 || iterations < 1) {
            throw new IllegalArgumentException("warm-up must not be negative and iterations positive");
        }
        this.warmUp = warmUp;
        this.iterations = iterations;
    }

    /** Measures every operation; {@code data} gives the rows of the diff-sized records. */
    public List<Timed> measure(WebSubmitData data) {
        List<Timed> out = new ArrayList<>();
        out.add(new Timed("crypto", "generate key pair", "X25519", time(PrincipalKeys::generate), "32-byte keys"));
        PrivateKey owner = PrincipalKeys.generate();
        sealAndOpen(out, owner, "speaks-for record", speaksFor());
        sealAndOpen(out, owner, "diff record (one answer row)", diff(List.<Object[]>of(data.answer(0, 1, 1))));
        List<Object[]> account = new ArrayList<>();
        account.add(data.user(0));
        for (int l = 1; l <= data.lectures(); l++) {
            for (int q = 1; q <= data.questions(); q++) {
                account.add(data.answer(0, l, q));
            }
        }
        sealAndOpen(out, owner, "bag of an account (" + account.size() + " rows)", diff(account));
        return out;
    }

    private void sealAndOpen(List<Timed> out, PrivateKey owner, String record, Map<String, Object> contents) {
        Locator locator = Locator.random();
        byte[] sealed = SealedBags.seal(owner.publicKey(), locator, contents);
        // HPKE adds the 32-byte encapsulated key and the 16-byte Poly1305 tag to the JSON.
        String size = (sealed.length - 48) + " B JSON, " + sealed.length + " B sealed";
        out.add(new Timed("crypto", "seal " + record, "HPKE", time(() -> SealedBags.seal(owner.publicKey(), locator,
                contents)), size));
        out.add(new Timed("crypto", "open " + record, "HPKE", time(() -> SealedBags.open(owner, locator, sealed,
                Map.class)), size));
    }

    /** What a speaks-for record holds: the pseudoprincipal's id and private key. */
    private static Map<String, Object> speaksFor() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pseudoprincipal", "anon-" + UUID.randomUUID());
        m.put("privateKey", PrincipalKeys.generate().toText());
        m.put("table", "USERS");
        return Map.of("disguise", "websubmit-anonymize-account", "speaksFor", List.of(m), "diffs", List.of());
    }

    /** Diff records of removed rows, as a disguise keeps them: table, key and the whole old row. */
    private static Map<String, Object> diff(List<Object[]> rows) {
        List<Object> diffs = new ArrayList<>();
        for (Object[] row : rows) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("kind", "remove");
            d.put("table", row.length == 4 ? "USERS" : "ANSWERS");
            List<String> values = new ArrayList<>();
            for (Object v : row) {
                values.add(String.valueOf(v));
            }
            d.put("row", values);
            diffs.add(d);
        }
        return Map.of("disguise", "websubmit-delete-account", "speaksFor", List.of(), "diffs", diffs);
    }

    private Latencies time(Runnable op) {
        for (int i = 0; i < warmUp; i++) {
            op.run();
        }
        long[] nanos = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            long start = System.nanoTime();
            op.run();
            nanos[i] = System.nanoTime() - start;
        }
        return Latencies.of(nanos);
    }
}
