package org.maat.bench.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The generator's HTTP/1.1 reader against answers written byte-exact by a loopback socket, in small
 * fragments so that every boundary falls inside a read.
 */
class Http1ConnectionTest {

    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void readsAContentLengthBodyAndKeepsTheConnectionForTheNextAnswer() throws Exception {
        List<Http1Connection.Answer> answers = exchange(2, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
                + "HTTP/1.1 404 Not Found\r\ncontent-length: 5\r\nX-Other: a:b\r\n\r\nnope!");
        assertThat(answers.get(0).status()).isEqualTo(200);
        assertThat(answers.get(0).text()).isEqualTo("{}");
        assertThat(answers.get(0).reusable()).isTrue();
        assertThat(answers.get(1).status()).isEqualTo(404);
        assertThat(answers.get(1).text()).isEqualTo("nope!");
    }

    @Test
    void joinsChunksAndSkipsTrailers() throws Exception {
        Http1Connection.Answer a = exchange(1, "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4;ext=1\r\n{\"id\r\n3\r\n\":1\r\n1\r\n}\r\n0\r\nX-Trailer: t\r\n\r\n").get(0);
        assertThat(a.status()).isEqualTo(201);
        assertThat(a.text()).isEqualTo("{\"id\":1}");
        assertThat(a.reusable()).isTrue();
    }

    @Test
    void anAnswerThatClosesIsNotReusable() throws Exception {
        assertThat(exchange(1, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").get(0).reusable())
                .isFalse();
        Http1Connection.Answer untilEof = exchange(1, "HTTP/1.0 200 OK\r\n\r\nall of it").get(0);
        assertThat(untilEof.text()).isEqualTo("all of it");
        assertThat(untilEof.reusable()).isFalse();
    }

    @Test
    void aBodyCutShortIsAnError() {
        assertThatThrownBy(() -> exchange(1, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"))
                .isInstanceOf(EOFException.class);
    }

    /** Serves {@code wire} after reading the first request, three bytes a write, then closes. */
    private static List<Http1Connection.Answer> exchange(int answers, String wire) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    s.setTcpNoDelay(true);
                    in.readNBytes(REQUEST.length);
                    byte[] bytes = wire.getBytes(StandardCharsets.ISO_8859_1);
                    for (int i = 0; i < bytes.length; i += 3) {
                        out.write(bytes, i, Math.min(3, bytes.length - i));
                        out.flush();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Socket tcp = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            try (Http1Connection c = new Http1Connection(tcp, tcp)) {
                List<Http1Connection.Answer> out = new java.util.ArrayList<>();
                out.add(c.exchange(REQUEST));
                for (int i = 1; i < answers; i++) {
                    out.add(c.exchange(new byte[0]));
                }
                written.get();
                return out;
            }
        }
    }
}
