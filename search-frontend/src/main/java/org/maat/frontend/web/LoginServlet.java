package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.UserSession;

/**
 * Sign-in: {@code POST /api/login} takes {@code user} and {@code password} as form fields or as a JSON
 * object ({@code Content-Type: application/json}) and answers {@code {"user","region","roles","token"}}
 * with a new session cookie; {@code token} is the session's request token, which every later
 * state-changing request carries ({@link WebCheckpoint}). Wrong credentials are 401; too many failures
 * are 429 with {@code Retry-After} ({@link LoginThrottle}), before the password is checked. {@code /login}
 * is the page. A sign-in always starts a new session (the old one, if any, ends), so a session id fixed
 * before sign-in is worthless. On a server that serves only the ERP pages, the accounts are those of
 * {@code maat.accounts}; the session then has no search.
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
            String user;
            String password;
            if (x.jsonBody()) {
                Map<String, String> fields = x.jsonFields("user", "password");
                user = fields.get("user");
                password = fields.get("password");
            } else {
                user = x.param("user");
                password = x.param("password");
            }
            SignedIn signedIn = signIn(x, user, password);
            if (signedIn == null) {
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
            session.setAttribute(SignedIn.SESSION_ATTRIBUTE, signedIn);
            if (x.api()) {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("user", signedIn.user());
                body.put("region", signedIn.search() == null ? null : signedIn.search().region().orElse(null));
                body.put("roles", signedIn.roles().stream().sorted().toList());
                body.put("token", signedIn.token());
                x.json(200, body);
            } else {
                x.redirect("/");
            }
        });
    }

    /**
     * 429 when the throttle says {@code user} at {@code address} must wait: before every password check, at sign-in
     * and where a signed-in user confirms a disguise with their password, so no route checks guesses unthrottled.
     */
    static void waitIfThrottled(SignIn accounts, String user, String address) {
        Optional<Duration> wait = accounts.throttle().attempt(user, address);
        if (wait.isPresent()) {
            long seconds = (wait.get().toMillis() + 999) / 1000;
            throw RequestException.tooManyRequests("too many failed password checks for " + user
                    + " or from this address: retry in " + seconds + " s", seconds);
        }
    }

    /** The sign-in of {@code user}, or null when the credentials are wrong; 429 when the throttle says wait. */
    private static SignedIn signIn(Exchange x, String user, String password) {
        if (user == null || user.isBlank() || password == null) {
            return null;
        }
        if (user.length() > 100) {
            throw RequestException.badRequest("a user name has at most 100 characters");
        }
        SignIn accounts = x.signIn();
        String address = x.settings().clientAddress(x.request());
        waitIfThrottled(accounts, user, address);
        SignedIn signedIn;
        if (x.searches()) {
            Optional<String> region = x.settings().region(x.request());
            Optional<UserSession> search = x.frontend().login(user, password, region.orElse(null));
            signedIn = search.map(s -> SignedIn.start(user, accounts.roles().of(user), s)).orElse(null);
        } else {
            signedIn = accounts.store() != null && accounts.store().authenticate(user, password)
                    ? SignedIn.start(user, accounts.roles().of(user), null) : null;
        }
        if (signedIn != null) {
            accounts.throttle().succeeded(user, address);
        } else {
            accounts.throttle().failed(user, address);
        }
        return signedIn;
    }
}
