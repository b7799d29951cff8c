package org.maat.core.population;

/** How far {@link PopulationGenerator} has got: documents first, then the population's facts. */
public interface GenerationProgress {

    GenerationProgress NONE = new GenerationProgress() {
        @Override
        public void documents(long written) {
        }

        @Override
        public void facts(long written, long expected) {
        }
    };

    void documents(long written);

    /** {@code expected} is an estimate (random censorship). */
    void facts(long written, long expected);
}
