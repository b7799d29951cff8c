package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.UserSession;

/**
 * Sign-in: {@code POST /api/login} (form parameters {@code user}, {@code password}) answers
 * {@code {"user","region"}} with a new session cookie, 401 on bad credentials; {@code /login} is the
 * page. A sign-in always starts a new session (the old one, if any, ends), so a session id fixed
 * before sign-in is worthless.
 */
@WebServlet({"/login", "/api/login"})
public final class LoginServlet extends HttpServlet {

    /** The sign-in page; the API signs in by POST only. */
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            if (x.api()) {
                x.requirePost();
            }
            x.page(200, "login", Map.of("name", ""));
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            String user = x.param("user");
            Optional<String> region = x.settings().region(request);
            Optional<UserSession> signedIn = x.frontend().login(user, x.param("password"), region.orElse(null));
            if (signedIn.isEmpty()) {
                if (x.api()) {
                    throw RequestException.unauthorized("unknown user or wrong password");
                }
                x.page(401, "login", Map.of("message", "Unknown user or wrong password.",
                        "name", user == null ? "" : user));
                return;
            }
            HttpSession old = request.getSession(false);
            if (old != null) {
                old.invalidate();
            }
            HttpSession session = request.getSession(true);
            session.setMaxInactiveInterval(x.settings().sessionMinutes() * 60);
            session.setAttribute(Exchange.USER_SESSION, signedIn.get());
            if (x.api()) {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("user", signedIn.get().user());
                body.put("region", signedIn.get().region().orElse(null));
                x.json(200, body);
            } else {
                x.redirect("/");
            }
        });
    }
}
