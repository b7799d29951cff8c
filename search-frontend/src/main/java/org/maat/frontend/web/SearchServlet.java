package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.UserSession;

/**
 * Search: {@code GET /api/search?q=TEXT&k=10} answers
 * {@code {"query","hits":[{"id","title","snippet","score"}]}}; {@code /search?q=} is the page.
 */
@WebServlet({"/search", "/api/search"})
public final class SearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            UserSession user = x.user();
            String q = x.param("q");
            int k = x.intParam("k", 10, 1, Frontend.MAX_K);
            if (!x.api() && q == null) {
                x.page(200, "search", Map.of("query", "", "hits", List.of(), "searched", false));
                return;
            }
            SearchResult result = x.frontend().search(user, q, k);
            if (x.api()) {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("query", result.query());
                body.put("hits", result.hits());
                x.json(200, body);
            } else {
                Map<String, Object> page = new HashMap<>();
                page.put("query", result.query());
                page.put("hits", result.hits());
                page.put("searched", true);
                x.page(200, "search", page);
            }
        });
    }
}
