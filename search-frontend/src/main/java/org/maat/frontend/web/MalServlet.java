package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.UserSession;

/**
 * The employees' mandatory access logging: {@code POST /api/mal} (form parameters {@code id},
 * {@code reason}) appends the access to the MAL log and answers 204; the page {@code /mal?id=} asks
 * for the reason and, once it is logged, opens the document.
 */
@WebServlet({"/mal", "/api/mal"})
public final class MalServlet extends HttpServlet {

    /** The reason form (employees only); the API records by POST only. */
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            if (x.api()) {
                x.requirePost();
            }
            UserSession user = x.user();
            if (!x.frontend().isEmployee(user)) {
                throw RequestException.refused("only employees record accesses in the mandatory access log");
            }
            String id = x.param("id");
            x.page(200, "mal", Map.of("id", id == null ? "" : id));
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            String id = x.param("id");
            x.frontend().recordMalAccess(x.user(), id, x.param("reason"));
            if (x.api()) {
                x.noContent();
            } else {
                x.redirect("/doc?id=" + URLEncoder.encode(id, StandardCharsets.UTF_8));
            }
        });
    }
}
