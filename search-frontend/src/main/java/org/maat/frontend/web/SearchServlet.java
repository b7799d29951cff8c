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
 * Search: {@code GET /api/search?q=TEXT&start=0&k=10} answers
 * {@code {"query","start","k","total","totalExact","previous","next","hits":[{"rank","id","title","snippet",
 * "highlights":[{"text","match"}]}]}}: hits in rank order with no score, {@code snippet} the passage as plain
 * text and {@code highlights} the same passage in spans, the query's matches flagged; {@code previous} and
 * {@code next} the start of the neighbouring pages, or null. {@code /search?q=&start=&k=} is the page, the
 * matches in {@code <mark>} (text escaped, then wrapped) and Previous/Next links. A malformed or
 * out-of-range {@code start} or {@code k} is a 400 with a message.
 */
@WebServlet({"/search", "/api/search"})
public final class SearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            UserSession user = x.user();
            String q = x.param("q");
            int k = x.intParam("k", 10, 1, Frontend.MAX_K);
            int start = x.intParam("start", 0, 0, Frontend.MAX_DEPTH - 1);
            if (!x.api() && q == null) {
                x.page(200, "search", Map.of("query", "", "searched", false));
                return;
            }
            SearchResult result = x.frontend().search(user, q, start, k, x.history());
            if (x.api()) {
                x.json(200, json(result));
            } else {
                Map<String, Object> page = new HashMap<>();
                page.put("query", result.query());
                page.put("result", result);
                page.put("searched", true);
                x.page(200, "search", page);
            }
        });
    }

    private static Map<String, Object> json(SearchResult result) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("query", result.query());
        body.put("start", result.start());
        body.put("k", result.k());
        body.put("total", result.total());
        body.put("totalExact", result.totalExact());
        body.put("previous", result.hasPrevious() ? result.previousStart() : null);
        body.put("next", result.hasNext() ? result.nextStart() : null);
        body.put("hits", result.hits().stream().map(h -> {
            Map<String, Object> hit = new LinkedHashMap<>();
            hit.put("rank", h.rank());
            hit.put("id", h.id());
            hit.put("title", h.title());
            hit.put("snippet", h.snippet().text());
            hit.put("highlights", h.snippet().spans());
            return hit;
        }).toList());
        return body;
    }
}
