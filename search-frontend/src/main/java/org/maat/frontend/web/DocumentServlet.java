package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.conduit.Document;

/**
 * Document view, a checked read: {@code GET /api/doc?id=d12} answers {@code {"id","title","date","body"}},
 * 403 when the monitor refuses, 404 for an unknown id; {@code /doc?id=} is the page.
 */
@WebServlet({"/doc", "/api/doc"})
public final class DocumentServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            Document doc = x.frontend().document(x.user(), x.param("id"));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("id", doc.id());
            body.put("title", doc.title());
            body.put("date", doc.date());
            body.put("body", doc.body());
            if (x.api()) {
                x.json(200, body);
            } else {
                x.page(200, "doc", body);
            }
        });
    }
}
