package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.frontend.app.SearchHistory;

/**
 * The user's own search history: {@code GET /api/history} answers {@code {"queries":[{"query","time"}]}},
 * oldest first; {@code /history} is the page (newest first).
 */
@WebServlet({"/history", "/api/history"})
public final class HistoryServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            List<Map<String, Object>> queries = new ArrayList<>();
            for (SearchHistory.Entry e : x.frontend().queries(x.user())) {
                Map<String, Object> q = new LinkedHashMap<>();
                q.put("query", e.query());
                q.put("time", e.time().toString());
                queries.add(q);
            }
            if (x.api()) {
                x.json(200, Map.of("queries", queries));
            } else {
                List<Map<String, Object>> newestFirst = new ArrayList<>(queries);
                java.util.Collections.reverse(newestFirst);
                x.page(200, "history", Map.of("queries", newestFirst));
            }
        });
    }
}
