package org.maat.vault.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The errors Jetty answers itself (a malformed request line, oversized headers, a failure outside the vault's
 * handler, an ambiguous URI such as {@code %2F} or {@code %2E%2E} in a name) as the protocol's JSON error, never
 * Jetty's HTML page, an empty body or a stack trace.
 */
final class JsonErrorHandler extends ErrorHandler {

    /** Jetty writes an error body only for GET, POST and HEAD; the vault's PUT and DELETE need one too. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int status, String message, Throwable cause,
                                    Callback callback) {
        String code = status == HttpStatus.NOT_FOUND_404 ? "not-found"
                : status == HttpStatus.METHOD_NOT_ALLOWED_405 ? "method-not-allowed"
                : status == HttpStatus.PAYLOAD_TOO_LARGE_413 ? "too-large"
                : status == HttpStatus.SERVICE_UNAVAILABLE_503 ? "unavailable"
                : status < 500 ? "bad-request" : "failed";
        String text = message == null || message.isBlank() ? HttpStatus.getMessage(status) : message;
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, VaultHandler.JSON_TYPE);
        response.write(true, ByteBuffer.wrap(Answer.error(status, code, text).body()), callback);
    }
}
