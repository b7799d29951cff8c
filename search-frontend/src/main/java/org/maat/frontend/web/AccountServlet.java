package org.maat.frontend.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.disguise.Receipt;
import org.maat.disguise.ReceiptFile;
import org.maat.frontend.app.AccountDisguises;
import org.maat.frontend.app.AccountDisguises.Kind;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.UserSession;

/**
 * The signed-in user's account: its disguise key, and deleting or anonymizing it.
 * <ul>
 *   <li>{@code GET /account}: the page, with a form for each;</li>
 *   <li>{@code POST /account/key}, {@code POST /api/account/key}: makes a key pair, registers its public
 *       key and shows the recovery phrase and the key file once (JSON {@code {"user","publicKey",
 *       "recoveryPhrase","privateKey"}}); Maat keeps neither;</li>
 *   <li>{@code GET /account/delete}, {@code /account/anonymize}: the confirmation form;
 *       {@code POST} them (or {@code /api/account/delete}, {@code /api/account/anonymize}) with the
 *       {@code password}: applies the disguise, ends the user's sessions and answers the receipt (JSON: the
 *       receipt itself, to be saved as a file), which Maat does not keep.</li>
 * </ul>
 * Changes are POST only (a GET under {@code /api/} is 405), each with the session's token and from this
 * site ({@link WebCheckpoint}), and a disguise asks for the password again. Errors as
 * {@link AccountDisguises} and {@link Exchange} say.
 */
@WebServlet({"/account", "/account/*", "/api/account/*"})
public final class AccountServlet extends HttpServlet {

    private static final String KEY = "key";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            String segment = segment(request); // an unknown path is 404 whatever the method
            if (x.api()) {
                x.requirePost();
            }
            x.disguises();
            UserSession user = x.user();
            if (segment == null) {
                x.page(200, "account", Map.of());
            } else if (segment.equals(KEY)) {
                x.redirect("/account");
            } else {
                Kind kind = Kind.of(segment);
                x.page(200, "account-disguise", Map.of("kind", kind.segment(), "done", kind.done(),
                        "name", user.user()));
            }
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            AccountDisguises disguises = x.disguises();
            UserSession user = x.user();
            String segment = segment(request);
            if (segment == null) {
                throw new RequestException(405, "method-not-allowed", "POST to /account/key, /account/delete or "
                        + "/account/anonymize");
            }
            if (segment.equals(KEY)) {
                AccountDisguises.IssuedKey key = disguises.createKey(user);
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("user", key.user());
                body.put("publicKey", key.publicKey());
                body.put("recoveryPhrase", key.recoveryPhrase());
                body.put("privateKey", key.privateKey());
                if (x.api()) {
                    x.json(200, body);
                } else {
                    body.put("keyDownload", DataUrl.of("text/plain", key.privateKey() + "\n"));
                    x.page(200, "account-key", body);
                }
                return;
            }
            Kind kind = Kind.of(segment);
            // The password is checked again here: as throttled as at sign-in, or a stolen session could guess it.
            String password = x.param("password");
            boolean checked = password != null && !password.isEmpty();
            SignIn accounts = x.signIn();
            String address = x.settings().clientAddress(x.request());
            if (checked) {
                LoginServlet.waitIfThrottled(accounts, user.user(), address);
            }
            Receipt receipt;
            try {
                receipt = disguises.disguise(user, kind, password);
            } catch (RequestException e) {
                if (checked && e.status() == 403) {
                    accounts.throttle().failed(user.user(), address); // a wrong password (the only 403 here)
                } else if (checked) {
                    accounts.throttle().succeeded(user.user(), address); // refused for another reason after it
                }
                throw e;
            }
            if (checked) {
                accounts.throttle().succeeded(user.user(), address);
            }
            HttpSession session = request.getSession(false);
            if (session != null) {
                session.invalidate();
            }
            String text = ReceiptFile.text(receipt);
            if (x.api()) {
                x.jsonText(200, text);
            } else {
                Map<String, Object> page = new HashMap<>();
                page.put("done", kind.done());
                page.put("receipt", text);
                page.put("receiptDownload", DataUrl.of("application/json", text));
                page.put("receiptName", "maat-receipt-" + receipt.disguise() + ".json");
                page.put("changes", receipt.changes());
                x.page(200, "account-receipt", page);
            }
        });
    }

    /** The segment after {@code /account/} ({@code key}, {@code delete}, ...), or null for the account page itself. */
    private static String segment(HttpServletRequest request) {
        String info = request.getPathInfo();
        if (info == null || info.equals("/")) {
            if (request.getServletPath().startsWith("/api/")) {
                throw RequestException.notFound("no such API: " + request.getRequestURI()
                        + " (POST /api/account/key, /delete, /anonymize or /restore)");
            }
            return null;
        }
        String segment = info.substring(1);
        if (segment.contains("/") || !(segment.equals(KEY) || segment.equals("delete") || segment.equals("anonymize"))) {
            throw RequestException.notFound("no such account page: " + request.getRequestURI());
        }
        return segment;
    }
}
