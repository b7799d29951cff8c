package org.maat.frontend.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.maat.frontend.app.RequestException;

/**
 * Bounds the requests served at once to {@code maat.maxConcurrent}, with at most
 * {@code maat.maxQueued} more waiting up to {@code maat.maxWaitMillis} for a slot
 * ({@link AdmissionGate}): any other request is answered 503 with {@code Retry-After} and the JSON
 * error (or the error page), rather than queued without bound.
 */
@WebFilter("/*")
public final class Admission extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        FrontendContext context = FrontendContext.of(request.getServletContext());
        boolean admitted;
        try {
            admitted = context.admission().enter();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            Exchange.serve(request, response, x -> {
                throw RequestException.unavailable("the server is busy: too many requests at once; retry shortly");
            });
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            context.admission().leave();
        }
    }
}
