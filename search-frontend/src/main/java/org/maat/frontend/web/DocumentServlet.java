package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.conduit.Document;
import org.maat.frontend.app.Frontend;

/**
 * Document view, a checked read: {@code GET /api/doc?id=d12} answers {@code {"id","title","date","body",
 * "owner","template","why":{...},"readers":[...]}} ({@link AccessJson}; {@code readers} for the owner only),
 * 403 when the monitor refuses, 404 for an unknown id; {@code /doc?id=} is the page, with "Why you can see
 * this" (the rule and literals that allowed the read, as the monitor explains it) and, for the owner, "Who
 * can read this".
 */
@WebServlet({"/doc", "/api/doc"})
public final class DocumentServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            Frontend.Viewed viewed = x.frontend().view(x.user(), x.param("id"), x.history());
            Document doc = viewed.document();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("id", doc.id());
            body.put("title", doc.title());
            body.put("date", doc.date());
            body.put("body", doc.body());
            if (x.api()) {
                body.putAll(AccessJson.of(viewed.access()));
                x.json(200, body);
            } else {
                body.put("access", viewed.access());
                x.page(200, "doc", body);
            }
        });
    }
}
