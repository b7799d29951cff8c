package org.maat.core.review;

import java.io.IOException;
import java.util.Objects;

/**
 * The one-bit-per-round spelling the review attacks share: the buggy task of round {@code position} plants bit
 * {@code position} of a title ({@link #bit}: bit {@code position % 8} of character {@code position / 8}) in some
 * shared state, and the observer's answer of that round, compared with its answer in a calibration round that
 * planted nothing, says whether the bit was 1. {@link #decode} runs the calibration and every round and returns
 * what the observer spelled; an attack fails its check when that is the title.
 *
 * <p>What it does not do: plant or observe. Each attack's round keeps its own task code and its own observer; this
 * class only numbers the rounds and reads the bits back.
 */
final class TitleBits {

    /** The round that plants nothing: what the observer sees then is the calibration. */
    static final int CALIBRATION = -1;

    /** One round of an attack: plant bit {@code position} (nothing at {@link #CALIBRATION}), then observe. */
    @FunctionalInterface
    interface Round<T> {
        T plantThenObserve(int position) throws IOException;
    }

    private TitleBits() {
    }

    /** Bit {@code position} of {@code title}, as the buggy task plants it; {@code position} is 0 or more. */
    static boolean bit(String title, int position) {
        return (title.charAt(position / 8) >> (position % 8) & 1) == 1;
    }

    /**
     * What the observer spells over {@code chars} characters: the calibration round first, then rounds 0 to
     * {@code 8 * chars - 1}, each observation that differs from the calibration's setting its bit.
     */
    static <T> String decode(int chars, Round<T> round) throws IOException {
        T calibration = round.plantThenObserve(CALIBRATION);
        StringBuilder recovered = new StringBuilder();
        for (int i = 0; i < chars; i++) {
            int c = 0;
            for (int b = 0; b < 8; b++) {
                if (!Objects.equals(round.plantThenObserve(i * 8 + b), calibration)) {
                    c |= 1 << b;
                }
            }
            recovered.append((char) c);
        }
        return recovered.toString();
    }
}
