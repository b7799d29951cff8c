package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;

class ConduitCodecTest {

    @Property
    void everyConduitDecodesFromItsBytes(@ForAll String id, @ForAll String name, @ForAll String owner,
            @ForAll long policy, @ForAll Map<String, String> attributes) {
        Conduit conduit = new Conduit(id, name, owner, new PolicyId(policy), attributes);

        assertThat(ConduitCodec.decode(id, ConduitCodec.encode(conduit))).isEqualTo(conduit);
    }

    @Test
    void equalConduitsHaveEqualBytesWhateverTheAttributeOrder() {
        Conduit a = new Conduit("d", "n", "o", new PolicyId(1), Map.of("x", "1", "y", "2", "z", "3"));
        Conduit b = new Conduit("d", "n", "o", new PolicyId(1), Map.of("z", "3", "y", "2", "x", "1"));

        assertThat(ConduitCodec.encode(a)).isEqualTo(ConduitCodec.encode(b));
    }
}
