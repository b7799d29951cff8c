package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.access.AccessExplanation;
import org.maat.frontend.app.RequestException;

/**
 * "Why can't I see this document": {@code GET /api/why-not?id=d12} answers, for the document's owner,
 * {@code {"id",...AccessJson}}: the monitor's explanation of the owner's read and who may read it. For any
 * other id, owned by someone else or by no one, one answer: 403 {@code {"error":"refused","message":
 * Frontend.NOT_EXPLAINED}}, the same for both. {@code /why-not?id=} is the page (a form, then the answer,
 * 403 with the same message when refused); {@code /why-not} alone is the form.
 */
@WebServlet({"/why-not", "/api/why-not"})
public final class WhyNotServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            var user = x.user();
            String id = x.param("id");
            if (id == null || id.isBlank()) {
                if (x.api()) {
                    throw RequestException.badRequest("name the document with id=");
                }
                x.page(200, "why-not", Map.of("id", ""));
                return;
            }
            if (x.api()) {
                AccessExplanation access = x.frontend().whyNot(user, id);
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("id", access.id());
                body.putAll(AccessJson.of(access));
                x.json(200, body);
                return;
            }
            Map<String, Object> page = new HashMap<>();
            page.put("id", id);
            try {
                page.put("access", x.frontend().whyNot(user, id));
                x.page(200, "why-not", page);
            } catch (RequestException refused) {
                if (refused.status() != 403) {
                    throw refused;
                }
                page.put("refusal", refused.getMessage());
                x.page(403, "why-not", page);
            }
        });
    }
}
