package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.erp.ErpQuery;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.erp.ErpAnswer;
import org.maat.frontend.erp.ErpFrontend;
import org.maat.frontend.erp.QueryForm;

/**
 * The ERP pages, for signed-in accounts; the queries that show salaries or phone numbers and the writes
 * need the role {@code hr} ({@link WebRoutes}, enforced by {@link WebCheckpoint} before this servlet runs):
 * <ul>
 *   <li>{@code GET /erp}: every query, what it asks, its parameters and a form;
 *       {@code GET /api/erp}: the same as JSON;</li>
 *   <li>{@code GET /erp/q7} ... {@code /erp/q15}, {@code /erp/q10r}: executes the query with the given
 *       parameters (left out: the query's seeded default) and shows the form again with the result
 *       table, row count, backend and time; under {@code /api/erp/} the JSON
 *       {@code {"query","backend","parameters","columns","rows","rowCount","updateCount","elapsedMillis"}};</li>
 *   <li>{@code /erp/q16} (insert), {@code q17} (update), {@code q18} (delete): {@code GET} shows the form
 *       only, {@code POST} (form-encoded, with the session's token) executes; {@code GET} under
 *       {@code /api/erp/} is 405.</li>
 * </ul>
 * A read query takes GET only (405 otherwise). Errors as {@link ErpFrontend} and {@link Exchange} say.
 */
@WebServlet({"/erp", "/erp/*", "/api/erp", "/api/erp/*"})
public final class ErpServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            ErpFrontend erp = x.erp();
            String segment = segment(request);
            if (segment == null) {
                index(x, erp);
                return;
            }
            ErpQuery query = ErpFrontend.query(segment);
            if (!query.modifies()) {
                answer(x, erp, query, x.params());
            } else if (x.api()) {
                throw new RequestException(405, "method-not-allowed", query + " changes data: POST it, "
                        + "form-encoded, to " + request.getServletPath() + "/" + ErpFrontend.path(query));
            } else {
                Map<String, Object> page = new HashMap<>();
                page.put("form", erp.form(query, x.params()));
                page.put("backend", erp.backend());
                x.page(200, "erp-query", page);
            }
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            ErpFrontend erp = x.erp();
            String segment = segment(request);
            if (segment == null) {
                throw new RequestException(405, "method-not-allowed", "the ERP index takes GET");
            }
            ErpQuery query = ErpFrontend.query(segment);
            if (!query.modifies()) {
                throw new RequestException(405, "method-not-allowed", query + " reads data: use GET");
            }
            answer(x, erp, query, x.params());
        });
    }

    private static void answer(Exchange x, ErpFrontend erp, ErpQuery query, Map<String, String> given)
            throws IOException {
        ErpAnswer answer = erp.execute(query, given);
        if (x.api()) {
            x.json(200, answer.json());
        } else {
            Map<String, Object> page = new HashMap<>();
            page.put("form", erp.form(query, given));
            page.put("backend", erp.backend());
            page.put("answer", answer);
            x.page(200, "erp-query", page);
        }
    }

    private static void index(Exchange x, ErpFrontend erp) throws IOException {
        List<QueryForm> forms = erp.forms();
        if (x.api()) {
            List<Map<String, Object>> queries = new ArrayList<>();
            for (QueryForm f : forms) {
                Map<String, Object> q = new LinkedHashMap<>();
                q.put("query", f.query());
                q.put("path", "/api/erp/" + f.path());
                q.put("method", f.write() ? "POST" : "GET");
                q.put("description", f.description());
                q.put("parameters", f.fields().stream().map(field -> {
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("name", field.name());
                    p.put("type", field.type());
                    p.put("blank", field.placeholder());
                    return p;
                }).toList());
                queries.add(q);
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("backend", erp.backend());
            body.put("employees", erp.database().employees());
            body.put("queries", queries);
            x.json(200, body);
        } else {
            x.page(200, "erp", Map.of("forms", forms, "backend", erp.backend(),
                    "employees", erp.database().employees()));
        }
    }

    /** The query segment of the path ({@code q7}), or null for the index; 404 for deeper paths. */
    private static String segment(HttpServletRequest request) {
        String info = request.getPathInfo();
        if (info == null || info.equals("/")) {
            return null;
        }
        String segment = info.substring(1);
        if (segment.contains("/")) {
            throw RequestException.notFound("no such ERP page: " + request.getRequestURI());
        }
        return segment;
    }
}
