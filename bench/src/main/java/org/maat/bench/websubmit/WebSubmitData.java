package org.maat.bench.websubmit;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * The rows of a WebSubmit-shaped course: {@code users} students, {@code lectures} lectures of
 * {@code questions} questions each, and one answer per user and question (Edna's 2,000 x 20 x 4 =
 * 160,000 answers). Every value is a function of the seed and the row's coordinates, so the same seed
 * gives the same rows in any order of generation, and a benchmark can name a user's rows (its email,
 * an answer's key) without reading them back. Rows are in the column order of the sample schema.
 */
public final class WebSubmitData {

    /** Answers are submitted within this many seconds after {@link #TERM_START}. */
    private static final int TERM_SECONDS = 120 * 24 * 3600;
    private static final Instant TERM_START = Instant.parse("2026-01-12T08:00:00Z");
    private static final String[] WORDS = {"because", "the", "invariant", "holds", "after", "each", "step", "so",
        "lock", "order", "matters", "when", "two", "threads", "race", "cache", "miss", "page", "table", "index",
        "proof", "by", "induction", "on", "length", "of", "list", "tree", "balanced", "hash"};

    private final long seed;
    private final int users;
    private final int lectures;
    private final int questions;

    public WebSubmitData(long seed, int users, int lectures, int questions) {
        if (users < 1 || lectures < 1 || questions < 1) {
            throw new IllegalArgumentException("users, lectures and questions must be positive, not " + users + ", "
                    + lectures + ", " + questions);
        }
        this.seed = seed;
        this.users = users;
        this.lectures = lectures;
        this.questions = questions;
    }

    public long seed() {
        return seed;
    }

    public int users() {
        return users;
    }

    public int lectures() {
        return lectures;
    }

    public int questions() {
        return questions;
    }

    /** Answers in all: one per user, lecture and question. */
    public long answerCount() {
        return (long) users * lectures * questions;
    }

    /** Answers per user. */
    public int answersPerUser() {
        return lectures * questions;
    }

    /** User {@code index}'s email, the USERS key (0 <= index < users). */
    public String email(int index) {
        return String.format("student%05d@websubmit.example", index);
    }

    /** A USERS row: EMAIL, APIKEY, IS_ADMIN, IS_ANON. */
    public Object[] user(int index) {
        SplittableRandom r = random(1, index, 0, 0);
        return new Object[] {email(index), String.format("%016x%016x", r.nextLong(), r.nextLong()), 0, 0};
    }

    /** A LECTURES row: ID (1-based), LABEL. */
    public Object[] lecture(int lecture) {
        return new Object[] {lecture, "Lecture " + lecture};
    }

    /** A QUESTIONS row: LEC, Q (both 1-based), QUESTION. */
    public Object[] question(int lecture, int question) {
        return new Object[] {lecture, question, "Lecture " + lecture + ", question " + question + ": "
                + words(random(2, 0, lecture, question), 8) + "?"};
    }

    /** An ANSWERS row: EMAIL, LEC, Q, ANSWER, SUBMITTED_AT. */
    public Object[] answer(int user, int lecture, int question) {
        SplittableRandom r = random(3, user, lecture, question);
        return new Object[] {email(user), lecture, question, words(r, 20 + r.nextInt(40)),
            Timestamp.from(TERM_START.plusSeconds(r.nextInt(TERM_SECONDS)))};
    }

    /** A new answer text for an edit, drawn from {@code random}. */
    public static String editedAnswer(SplittableRandom random) {
        return words(random, 20 + random.nextInt(40));
    }

    public Iterator<Object[]> userRows() {
        return rows(users, i -> user((int) i));
    }

    public List<Object[]> lectureRows() {
        List<Object[]> out = new ArrayList<>();
        for (int l = 1; l <= lectures; l++) {
            out.add(lecture(l));
        }
        return out;
    }

    public List<Object[]> questionRows() {
        List<Object[]> out = new ArrayList<>();
        for (int l = 1; l <= lectures; l++) {
            for (int q = 1; q <= questions; q++) {
                out.add(question(l, q));
            }
        }
        return out;
    }

    /** Answers user by user, then lecture, then question. */
    public Iterator<Object[]> answerRows() {
        int perUser = answersPerUser();
        return rows(answerCount(), i -> {
            int user = (int) (i / perUser);
            int within = (int) (i % perUser);
            return answer(user, within / questions + 1, within % questions + 1);
        });
    }

    private interface Row {
        Object[] at(long index);
    }

    private static Iterator<Object[]> rows(long count, Row row) {
        return new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < count;
            }

            @Override
            public Object[] next() {
                if (next >= count) {
                    throw new NoSuchElementException();
                }
                return row.at(next++);
            }
        };
    }

    /** A random stream of its own per (table, user, lecture, question): independent of generation order. */
    private SplittableRandom random(int table, int user, int lecture, int question) {
        long key = seed;
        for (long part : new long[] {table, user, lecture, question}) {
            key = key * 0x9E3779B97F4A7C15L + part;
        }
        return new SplittableRandom(key);
    }

    private static String words(SplittableRandom r, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(WORDS[r.nextInt(WORDS.length)]);
        }
        return out.toString();
    }
}
