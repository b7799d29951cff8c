package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WordSplitterTest {

    @Test
    void keywordsAreLowerCasedAlphanumericRuns() {
        assertThat(new KeywordSplitter().words("Steven KING-smith, 515.123.4567  Düsseldorf"))
                .containsExactly("steven", "king", "smith", "515", "123", "4567", "düsseldorf");
        assertThat(new KeywordSplitter().words(" -- ")).isEmpty();
    }

    @Test
    void substringsCoverEveryGramBetweenTheLengths() {
        assertThat(new SubstringSplitter(3, 4).words("515.12"))
                .containsExactlyInAnyOrder("515", "15.", "5.1", ".12", "515.", "15.1", "5.12");
        assertThat(new SubstringSplitter(3, 5).words("AB")).containsExactly("ab");
        assertThat(new SubstringSplitter(3, 5).words("")).isEmpty();
    }

    @Test
    void substringLengthsAreValidated() {
        assertThatThrownBy(() -> new SubstringSplitter(4, 3)).hasMessageContaining("1 <= min <= max");
    }
}
