package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The home page (signed in only: {@link WebCheckpoint} sends others to {@code /login}): the search form; a
 * server that serves only the ERP pages redirects to their index.
 */
@WebServlet("")
public final class HomeServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            if (!x.searches()) {
                x.redirect("/erp");
            } else {
                x.page(200, "search", Map.of("query", "", "hits", List.of(), "searched", false));
            }
        });
    }
}
