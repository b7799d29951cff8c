package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;

/**
 * Sign-out: {@code POST /api/logout} answers 204; {@code /logout} (GET or POST) returns to the
 * sign-in page. Ending the session discards its monitor task ({@link FrontendStartup#sessionDestroyed}).
 */
@WebServlet({"/logout", "/api/logout"})
public final class LogoutServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            if (x.api()) {
                x.requirePost();
            }
            logout(x);
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, LogoutServlet::logout);
    }

    private static void logout(Exchange x) throws IOException {
        HttpSession session = x.request().getSession(false);
        if (session != null) {
            session.invalidate();
        }
        if (x.api()) {
            x.noContent();
        } else {
            x.redirect("/login");
        }
    }
}
