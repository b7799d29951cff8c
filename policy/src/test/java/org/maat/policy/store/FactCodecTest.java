package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.maat.policy.facts.Fact;

class FactCodecTest {

    @Property
    void everyFactDecodesFromItsKey(@ForAll @StringLength(min = 1, max = 20) String relation,
            @ForAll List<@StringLength(max = 20) String> args) {
        Fact fact = new Fact(relation, args);

        assertThat(FactCodec.fact(FactCodec.key(fact))).isEqualTo(fact);
    }

    @Test
    void separatorAndEscapeCharactersInsideArgumentsKeepFactsApart() {
        Fact joined = Fact.of("r", "a\u0000b");
        Fact split = Fact.of("r", "a", "b");
        Fact escaped = Fact.of("r", "a\u00010b");

        assertThat(FactCodec.key(joined)).isNotEqualTo(FactCodec.key(split)).isNotEqualTo(FactCodec.key(escaped));
        assertThat(FactCodec.fact(FactCodec.key(joined))).isEqualTo(joined);
        assertThat(FactCodec.fact(FactCodec.key(escaped))).isEqualTo(escaped);
    }

    @Test
    void zeroArityFactsAndEmptyArgumentsAreDistinct() {
        assertThat(FactCodec.fact(FactCodec.key(Fact.of("done")))).isEqualTo(Fact.of("done"));
        assertThat(FactCodec.fact(FactCodec.key(Fact.of("done", "")))).isEqualTo(Fact.of("done", ""));
    }

    @Test
    void keysOfOneRelationShareItsPrefix() {
        assertThat(FactCodec.key(Fact.of("friend", "alice", "bob"))).startsWith(FactCodec.key(Fact.of("friend")));
    }

    @Test
    void truncatedKeyIsReportedAsCorrupt() {
        String key = FactCodec.key(Fact.of("friend", "alice", "bob"));

        assertThatThrownBy(() -> FactCodec.fact(key.substring(0, key.length() - 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("corrupt fact key");
    }
}
