package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import org.maat.frontend.app.RequestException;

/**
 * Sign-out, by POST only (GET changes nothing anywhere, so a link or an image cannot sign anyone out):
 * {@code POST /api/logout} answers 204; {@code POST /logout} (the pages' Sign out button) returns to the
 * sign-in page; GET is 405. Both carry the session's token ({@link WebCheckpoint}). Ending the session
 * discards its monitor task ({@link FrontendStartup#sessionDestroyed}).
 */
@WebServlet({"/logout", "/api/logout"})
public final class LogoutServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            throw new RequestException(405, "method-not-allowed", "sign out with POST (the Sign out button)");
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
