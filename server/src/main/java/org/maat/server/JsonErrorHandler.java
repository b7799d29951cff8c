package org.maat.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.maat.core.shard.ShardProtocol;

/**
 * The error body Jetty itself writes (a request shed by its {@code QoSHandler}, a malformed request
 * line, an oversized header) as the project's JSON error, {@code {"error":CODE,"message":...}}, never
 * Jetty's HTML page and never a stack trace: {@code unavailable} for 503, {@code not-found},
 * {@code method-not-allowed}, {@code bad-request} for other 4xx, {@code failed} for other 5xx.
 */
final class JsonErrorHandler extends ErrorHandler {

    private static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, ShardProtocol.CONTENT_TYPE);

    @Override
    protected void generateResponse(Request request, Response response, int status, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(JSON);
        SecurityHeadersHandler.apply(response.getHeaders()); // Jetty may have answered before any handler ran
        if (status == HttpStatus.SERVICE_UNAVAILABLE_503) {
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
        }
        response.write(true, ByteBuffer.wrap(body(status, message)), callback);
    }

    static byte[] body(int status, String detail) {
        String code = status == HttpStatus.SERVICE_UNAVAILABLE_503 ? "unavailable"
                : status == HttpStatus.NOT_FOUND_404 ? "not-found"
                : status == HttpStatus.METHOD_NOT_ALLOWED_405 ? "method-not-allowed"
                : status < 500 ? ShardProtocol.BAD_REQUEST : ShardProtocol.FAILED;
        String message = status == HttpStatus.SERVICE_UNAVAILABLE_503
                ? "the server is busy: too many requests at once; retry shortly"
                : detail == null || detail.isBlank() ? HttpStatus.getMessage(status) : detail;
        return ShardProtocol.writeError(code, message);
    }
}
