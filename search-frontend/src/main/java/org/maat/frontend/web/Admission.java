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
 * Bounds the requests served at once to {@code maat.maxConcurrent}: a request beyond it is answered
 * 503 at once with {@code Retry-After}, rather than queued without bound.
 */
@WebFilter("/*")
public final class Admission extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        FrontendContext context = FrontendContext.of(request.getServletContext());
        if (!context.permits().tryAcquire()) {
            Exchange.serve(request, response, x -> {
                throw RequestException.unavailable("the server is busy: too many requests at once; retry shortly");
            });
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            context.permits().release();
        }
    }
}
