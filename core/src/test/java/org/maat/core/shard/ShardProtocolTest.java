package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShardProtocolTest {

    private static ShardQuery read(String json) throws IOException {
        return ShardProtocol.readQuery(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aQueryAndAResultSurviveTheWire() throws IOException {
        ShardQuery query = new ShardQuery("u1", "r0", "budget \"fishing policy\"", 10);
        assertThat(read(new String(ShardProtocol.writeQuery(query), StandardCharsets.UTF_8))).isEqualTo(query);

        ShardResult result = new ShardResult(1, List.of(new ShardHit("d12", 1.5), new ShardHit("d3", 0.25)));
        assertThat(ShardProtocol.readResult(ShardProtocol.writeResult(result))).isEqualTo(result);
    }

    @Test
    void anUnknownRegionIsNull() throws IOException {
        assertThat(read("{\"user\":\"u1\",\"query\":\"tax\",\"k\":5}").region()).isNull();
        assertThat(read("{\"user\":\"u1\",\"region\":null,\"query\":\"tax\",\"k\":5}").region()).isNull();
    }

    @Test
    void malformedRequestsAreRejectedSayingWhatIsWrong() {
        assertThatThrownBy(() -> read("{\"user\":\"u1\",\"query\":\"tax\",\"k\":5,\"admin\":true}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("admin");
        assertThatThrownBy(() -> read("{\"user\":\"u1\",\"query\":\"tax\",\"k\":\"many\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed");
        assertThatThrownBy(() -> read("{\"user\":\"u1\",\"query\":\"tax\"")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed");
        assertThatThrownBy(() -> read("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> read("{\"query\":\"tax\",\"k\":5}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a user");
        assertThatThrownBy(() -> read("{\"user\":\"u1\",\"query\":\"tax\",\"k\":0}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("k must be between 1 and 1000");
    }

    @Test
    void anOverLongQueryIsRejected() {
        String query = "a".repeat(ShardQuery.MAX_QUERY_CHARS + 1);
        assertThatThrownBy(() -> read("{\"user\":\"u1\",\"query\":\"" + query + "\",\"k\":5}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1001 characters");
        String body = "{\"user\":\"u1\",\"query\":\"" + "b".repeat(ShardProtocol.MAX_REQUEST_BYTES) + "\",\"k\":5}";
        assertThatThrownBy(() -> read(body)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than");
    }

    @Test
    void aGarbledResponseIsAnIoError() {
        assertThatThrownBy(() -> ShardProtocol.readResult("<html>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class).hasMessageContaining("malformed shard response");
    }
}
