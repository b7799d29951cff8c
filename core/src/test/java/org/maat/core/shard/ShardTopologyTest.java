package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardTopologyTest {

    @Test
    void commasSeparateShardsAndBarsSeparateReplicas() {
        ShardTopology topology = ShardTopology.parse(
                "http://127.0.0.1:9001|http://127.0.0.1:9003,http://127.0.0.1:9002|http://127.0.0.1:9004");

        assertThat(topology.shards()).containsExactly(
                List.of(URI.create("http://127.0.0.1:9001"), URI.create("http://127.0.0.1:9003")),
                List.of(URI.create("http://127.0.0.1:9002"), URI.create("http://127.0.0.1:9004")));
    }

    @Test
    void printedTopologyParsesBackToItself() {
        String text = "http://a:1/x|https://b:2,http://c:3";
        assertThat(ShardTopology.parse(text).toString()).isEqualTo(text);
        assertThat(ShardTopology.parse(ShardTopology.parse(text).toString())).isEqualTo(ShardTopology.parse(text));
    }

    @Test
    void spacesAroundUrlsAreIgnored() {
        assertThat(ShardTopology.parse(" http://a:1 | http://b:2 , http://c:3 ").shardCount()).isEqualTo(2);
    }

    @Test
    void anEmptyReplicaIsRejectedNamingItsPosition() {
        assertThatThrownBy(() -> ShardTopology.parse("http://a:1,http://b:2|"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shard 1, replica 1").hasMessageContaining("empty URL");
    }

    @Test
    void aUrlThatIsNotHttpIsRejectedNamingIt() {
        assertThatThrownBy(() -> ShardTopology.parse("http://a:1,ftp://b:2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shard 1, replica 0").hasMessageContaining("ftp://b:2");
        assertThatThrownBy(() -> ShardTopology.parse("localhost:9001"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shard 0, replica 0");
        assertThatThrownBy(() -> ShardTopology.parse("http://a:1?x=1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query or fragment");
    }

    @Test
    void anEmptyListIsRejected() {
        assertThatThrownBy(() -> ShardTopology.parse(" ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
    }
}
