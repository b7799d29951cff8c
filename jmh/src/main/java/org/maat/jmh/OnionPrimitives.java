package org.maat.jmh;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.Hom;
import org.maat.encdb.onion.Ope;
import org.maat.encdb.onion.OrderEncoding;
import org.maat.encdb.onion.Paillier;
import org.maat.encdb.onion.PaillierKeyPair;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.onion.SubstringSplitter;
import org.maat.encdb.onion.Swp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One operation of each onion primitive on salary-sized values (or, for SEARCH, a phone number's
 * 3-to-5-grams), rotating over {@value #VALUES} prepared inputs. OPE is measured without its memo
 * cache ({@code opeEncrypt}, {@code opeDecrypt}: the cost of a value seen for the first time) and
 * with it ({@code opeEncryptRepeated}: ERP columns repeat values). HOM uses a 2048-bit modulus.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OnionPrimitives {

    static final int VALUES = 1024;
    /** More distinct words than Swp's cache of recent words holds. */
    static final int WORDS = 1 << 17;

    @State(Scope.Benchmark)
    public static class Keys {
        Rnd rnd;
        Det det;
        Det join;
        Ope ope;
        Ope opeCached;
        Hom hom;
        Swp swp;
        byte[][] plaintexts = new byte[VALUES][];
        byte[][] ivs = new byte[VALUES][];
        byte[][] rndCiphertexts = new byte[VALUES][];
        byte[][] detCiphertexts = new byte[VALUES][];
        long[] salaries = new long[VALUES];
        long[] opeCiphertexts = new long[VALUES];
        byte[][] homCiphertexts = new byte[VALUES][];
        String[] phones = new String[VALUES];
        byte[][] swpCiphertexts = new byte[VALUES][];
        byte[][] tokens = new byte[VALUES][];
        String[] words = new String[WORDS];

        @Setup(Level.Trial)
        public void setUp() {
            Random random = new Random(42);
            rnd = new Rnd(bytes(random, 32));
            det = new Det(bytes(random, 64));
            join = new Det(bytes(random, 64));
            byte[] opeKey = bytes(random, 32);
            ope = new Ope(opeKey, OrderEncoding.LONG_BITS, Ope.MAX_CIPHERTEXT_BITS, 0);
            opeCached = new Ope(opeKey, OrderEncoding.LONG_BITS, Ope.MAX_CIPHERTEXT_BITS);
            PaillierKeyPair keys = Paillier.generate(Paillier.DEFAULT_MODULUS_BITS, new SecureRandom());
            hom = new Hom(keys);
            swp = new Swp(bytes(random, 32));
            SubstringSplitter grams = new SubstringSplitter(3, 5);
            for (int i = 0; i < WORDS; i++) {
                words[i] = "w" + Integer.toString(random.nextInt(), 36);
            }
            for (int i = 0; i < VALUES; i++) {
                salaries[i] = 2_000 + random.nextInt(22_001);
                plaintexts[i] = Long.toString(salaries[i]).getBytes();
                ivs[i] = Rnd.newIv();
                rndCiphertexts[i] = rnd.encrypt(plaintexts[i], ivs[i]);
                detCiphertexts[i] = det.encrypt(plaintexts[i]);
                opeCiphertexts[i] = ope.encrypt(OrderEncoding.ofLong(salaries[i]));
                opeCached.encrypt(OrderEncoding.ofLong(salaries[i]));
                homCiphertexts[i] = hom.encrypt(salaries[i]);
                phones[i] = String.format("515.%03d.%04d", random.nextInt(1000), random.nextInt(10_000));
                swpCiphertexts[i] = swp.encrypt(grams.words(phones[i]));
                tokens[i] = swp.token(phones[i].substring(4, 8));
            }
        }

        private static byte[] bytes(Random random, int length) {
            byte[] b = new byte[length];
            random.nextBytes(b);
            return b;
        }
    }

    @Benchmark
    public byte[] rndEncrypt(Keys k, Cursor c) {
        int i = c.next(VALUES);
        return k.rnd.encrypt(k.plaintexts[i], k.ivs[i]);
    }

    @Benchmark
    public byte[] rndDecrypt(Keys k, Cursor c) {
        int i = c.next(VALUES);
        return k.rnd.decrypt(k.rndCiphertexts[i], k.ivs[i]);
    }

    @Benchmark
    public byte[] detEncrypt(Keys k, Cursor c) {
        return k.det.encrypt(k.plaintexts[c.next(VALUES)]);
    }

    @Benchmark
    public byte[] detDecrypt(Keys k, Cursor c) {
        return k.det.decrypt(k.detCiphertexts[c.next(VALUES)]);
    }

    /** A value seen for the first time: the whole lazy-sampling walk, about 48 levels. */
    @Benchmark
    public long opeEncrypt(Keys k, Cursor c) {
        return k.ope.encrypt(OrderEncoding.ofLong(k.salaries[c.next(VALUES)]));
    }

    /** A value already encrypted once: a memo-cache hit. */
    @Benchmark
    public long opeEncryptRepeated(Keys k, Cursor c) {
        return k.opeCached.encrypt(OrderEncoding.ofLong(k.salaries[c.next(VALUES)]));
    }

    @Benchmark
    public long opeDecrypt(Keys k, Cursor c) {
        return k.ope.decrypt(k.opeCiphertexts[c.next(VALUES)]);
    }

    @Benchmark
    public byte[] homEncrypt(Keys k, Cursor c) {
        return k.hom.encrypt(k.salaries[c.next(VALUES)]);
    }

    @Benchmark
    public BigInteger homDecrypt(Keys k, Cursor c) {
        return k.hom.decrypt(k.homCiphertexts[c.next(VALUES)]);
    }

    /** One server-side addition: a multiplication modulo n^2. */
    @Benchmark
    public byte[] homAdd(Keys k, Cursor c) {
        int i = c.next(VALUES);
        return k.hom.publicKey().add(k.homCiphertexts[i], k.homCiphertexts[(i + 1) & (VALUES - 1)]);
    }

    /** A token for a word searched recently (Swp keeps recent words' secrets): the usual case for a repeated query. */
    @Benchmark
    public byte[] swpToken(Keys k, Cursor c) {
        return k.swp.token(k.phones[c.next(VALUES)].substring(4, 8));
    }

    /** A token for a word not seen recently: two HMAC-SHA256 computations. */
    @Benchmark
    public byte[] swpTokenFreshWord(Keys k, Cursor c) {
        return k.swp.token(k.words[c.next(WORDS)]);
    }

    /**
     * A 4-character pattern against another row's phone number (about 30 grams): almost always a miss,
     * which checks every word, the cost a LIKE scan pays for most rows.
     */
    @Benchmark
    public boolean swpMatch(Keys k, Cursor c) {
        int i = c.next(VALUES);
        return Swp.matches(k.swpCiphertexts[i], k.tokens[(i + 1) & (VALUES - 1)]);
    }

    /**
     * One salary through every onion a numeric column can have, as bulk encryption does it: Eq =
     * RND(DET(JOIN(v))), Ord = RND(OPE(v)), Add = HOM(v), Search = SWP of its text. Values per second
     * per core = 1e9 / this figure. {@code allOnionsRepeatedValue} is the same with OPE's memo cache hit.
     */
    @Benchmark
    public int allOnionsFreshValue(Keys k, Cursor c) {
        return allOnions(k, k.ope, c.next(VALUES));
    }

    @Benchmark
    public int allOnionsRepeatedValue(Keys k, Cursor c) {
        return allOnions(k, k.opeCached, c.next(VALUES));
    }

    private static int allOnions(Keys k, Ope ope, int i) {
        byte[] eq = k.rnd.encrypt(k.det.encrypt(k.join.encrypt(k.plaintexts[i])), Rnd.newIv());
        long opeCt = ope.encrypt(OrderEncoding.ofLong(k.salaries[i]));
        byte[] ord = k.rnd.encrypt(ByteBuffer.allocate(8).putLong(opeCt).array(), Rnd.newIv());
        byte[] add = k.hom.encrypt(k.salaries[i]);
        byte[] search = k.swp.encrypt(List.of(new String(k.plaintexts[i])));
        return eq.length + ord.length + add.length + search.length;
    }

    @Benchmark
    public byte[] swpEncryptPhone(Keys k, Cursor c) {
        return k.swp.encrypt(List.copyOf(new SubstringSplitter(3, 5).words(k.phones[c.next(VALUES)])));
    }
}
