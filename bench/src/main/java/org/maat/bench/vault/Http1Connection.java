package org.maat.bench.vault;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One HTTP/1.1 connection of the load generator over a connected plain or TLS socket: writes a
 * prepared request in one write (one TLS record) and reads the answer's status and body (Content-Length
 * or chunked). No header objects, no string building per request: the generator must cost far less than
 * what it measures (the report prints its share of the CPU). Not thread-safe: one client thread owns it.
 */
final class Http1Connection implements Closeable {

    /** An answer: the status and the body bytes; {@code reusable} is false when the server closes. */
    record Answer(int status, byte[] body, boolean reusable) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket tcp;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int limit;

    /** {@code socket} is {@code tcp} itself, or the TLS socket layered over it (already handshaken). */
    Http1Connection(Socket tcp, Socket socket) throws IOException {
        this.tcp = tcp;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    /** Sends {@code request} (a whole HTTP/1.1 request) and reads its answer. */
    Answer exchange(byte[] request) throws IOException {
        out.write(request);
        out.flush();
        return read();
    }

    private Answer read() throws IOException {
        String statusLine = line();
        if (statusLine.length() < 12 || !statusLine.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean close = statusLine.startsWith("HTTP/1.0");
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = h.substring(0, colon).trim();
            String value = h.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                chunked = value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                close |= value.equalsIgnoreCase("close");
            }
        }
        byte[] body;
        if (chunked) {
            body = chunkedBody();
        } else if (length >= 0) {
            body = bytes((int) length);
        } else {
            body = untilEof();
            close = true;
        }
        return new Answer(status, body, !close);
    }

    private byte[] chunkedBody() throws IOException {
        byte[] body = new byte[0];
        while (true) {
            String sizeLine = line();
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!line().isEmpty()) {
                    // trailers: none expected, none kept
                }
                return body;
            }
            byte[] chunk = bytes(size);
            byte[] joined = Arrays.copyOf(body, body.length + size);
            System.arraycopy(chunk, 0, joined, body.length, size);
            body = joined;
            line();
        }
    }

    private byte[] bytes(int n) throws IOException {
        byte[] b = new byte[n];
        int at = 0;
        while (at < n) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed " + (n - at) + " bytes before the end of the body");
            }
            int take = Math.min(n - at, limit - pos);
            System.arraycopy(buf, pos, b, at, take);
            pos += take;
            at += take;
        }
        return b;
    }

    private byte[] untilEof() throws IOException {
        byte[] b = new byte[0];
        while (pos < limit || fill()) {
            int take = limit - pos;
            b = Arrays.copyOf(b, b.length + take);
            System.arraycopy(buf, pos, b, b.length - take, take);
            pos = limit;
        }
        return b;
    }

    /** One header line without its CRLF (ISO-8859-1, as HTTP/1.1 headers are). */
    private String line() throws IOException {
        StringBuilder s = null;
        while (true) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed in the answer's head");
            }
            int start = pos;
            while (pos < limit && buf[pos] != '\n') {
                pos++;
            }
            boolean found = pos < limit;
            int end = pos;
            if (found) {
                pos++;
            }
            if (s == null && found) {
                if (end > start && buf[end - 1] == '\r') {
                    end--;
                }
                return new String(buf, start, end - start, StandardCharsets.ISO_8859_1);
            }
            if (s == null) {
                s = new StringBuilder();
            }
            s.append(new String(buf, start, end - start, StandardCharsets.ISO_8859_1));
            if (found) {
                int n = s.length();
                if (n > 0 && s.charAt(n - 1) == '\r') {
                    s.setLength(n - 1);
                }
                return s.toString();
            }
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    /**
     * Closes the TCP socket at once, with a reset (linger 0) and without TLS close_notify: after a
     * request per connection, thousands of sockets a second would otherwise wait in TIME_WAIT and use up
     * loopback's ephemeral ports within one series.
     */
    void abort() throws IOException {
        tcp.setSoLinger(true, 0);
        tcp.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
