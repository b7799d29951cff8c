package org.maat.frontend.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The container's error page (WEB-INF/web.xml): errors raised outside the servlets (an unknown path,
 * a malformed request the container rejected) get the same JSON or HTML shape as the servlets'
 * errors, with no stack trace.
 */
@WebServlet("/error")
public final class ErrorServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 404;
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri == null ? request.getRequestURI() : uri.toString();
        String message = switch (status) {
            case 404 -> "no such page: " + path;
            case 405 -> "this method is not allowed on " + path;
            case 400 -> "malformed request";
            case 503 -> "the server is unavailable; retry shortly";
            default -> status >= 500 ? "the server failed to answer this request" : "the request failed";
        };
        String errorCode = status == 404 ? "not-found" : status >= 500 ? "internal" : "bad-request";
        response.setStatus(status);
        SecurityHeaders.apply(response);
        response.setCharacterEncoding("UTF-8");
        if (path.startsWith(request.getContextPath() + "/api/")) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", errorCode);
            body.put("message", message);
            response.setContentType("application/json");
            new com.fasterxml.jackson.databind.ObjectMapper().writeValue(response.getWriter(), body);
        } else {
            response.setContentType("text/html");
            FrontendContext.of(request.getServletContext()).pages().render("error",
                    Map.of("status", status, "code", errorCode, "message", message,
                            "base", request.getContextPath()), response.getWriter());
        }
    }
}
