package org.maat.frontend.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.maat.frontend.app.AccountDisguises;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.UserSession;
import org.maat.frontend.erp.ErpFrontend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request and its response, for servlets that serve both a page and the JSON API: paths under
 * {@code /api/} answer JSON, others HTML. Errors become the status with {@code {"error","message"}}
 * or the error page; an unexpected exception is logged and answered 500 with a plain message, never
 * a stack trace.
 */
final class Exchange {

    private static final Logger LOG = LoggerFactory.getLogger(Exchange.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final FrontendContext context;

    Exchange(HttpServletRequest request, HttpServletResponse response) {
        this.request = request;
        this.response = response;
        this.context = FrontendContext.of(request.getServletContext());
    }

    /** The body of a servlet method, with the exchange; may throw anything, which {@link #serve} answers. */
    interface Handler {
        void handle(Exchange x) throws Exception;
    }

    /** Runs {@code handler}, answering its errors (see the class comment). */
    static void serve(HttpServletRequest request, HttpServletResponse response, Handler handler) throws IOException {
        Exchange x = new Exchange(request, response);
        try {
            handler.handle(x);
        } catch (RequestException e) {
            x.fail(e);
        } catch (Exception e) {
            LOG.error("request {} {} failed", request.getMethod(), request.getRequestURI(), e);
            x.fail(new RequestException(500, "internal", "the server failed to answer this request; "
                    + "the error is in its log"));
        }
    }

    boolean api() {
        return request.getServletPath().startsWith("/api/");
    }

    HttpServletRequest request() {
        return request;
    }

    HttpServletResponse response() {
        return response;
    }

    /** The search front-end; 404 when this server serves only the ERP pages. */
    Frontend frontend() {
        if (context.frontend() == null) {
            throw RequestException.notFound("search is not configured on this server (set maat.data and maat.shards); "
                    + "it serves the ERP pages under /erp");
        }
        return context.frontend();
    }

    /** The account disguises; 404 when this server does not offer them. */
    AccountDisguises disguises() {
        frontend();
        if (context.disguises() == null) {
            throw RequestException.notFound("account deletion and restore are not offered here: the front-end "
                    + "updates an index only when its shards run in the same server (maat serve --index)");
        }
        return context.disguises();
    }

    boolean searches() {
        return context.frontend() != null;
    }

    /** The ERP pages; 404 when not configured. */
    ErpFrontend erp() {
        if (context.erp() == null) {
            throw RequestException.notFound("ERP pages are not configured (set maat.erp)");
        }
        return context.erp();
    }

    /**
     * The request's parameters with a value, each given once (blank ones count as left out), but the
     * session's request token; 400 when one is given twice or the form cannot be read.
     */
    Map<String, String> params() {
        Map<String, String[]> all;
        try {
            all = request.getParameterMap();
        } catch (RuntimeException e) {
            throw RequestException.badRequest("the request's parameters could not be read: " + e.getMessage());
        }
        Map<String, String> out = new LinkedHashMap<>();
        all.forEach((name, values) -> {
            if (name.equals(WebCheckpoint.TOKEN_FIELD)) {
                return; // the session's request token, checked and used up by WebCheckpoint
            }
            List<String> given = Arrays.stream(values).filter(v -> !v.isBlank()).distinct().toList();
            if (given.size() > 1) {
                throw RequestException.badRequest("parameter " + name + " is given more than once");
            }
            if (!given.isEmpty()) {
                out.put(name, given.get(0));
            }
        });
        return out;
    }

    WebSettings settings() {
        return context.settings();
    }

    SignIn signIn() {
        return context.signIn();
    }

    /** Whether the request's body is JSON ({@code Content-Type: application/json}, any parameters). */
    boolean jsonBody() {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).split(";", 2)[0].strip().equals("application/json");
    }

    /**
     * The text fields {@code names} of a JSON object body (each null when absent); 400 when the body is not a
     * JSON object within {@link #UPLOAD_LIMIT} bytes, or one of the fields is not text.
     */
    Map<String, String> jsonFields(String... names) {
        com.fasterxml.jackson.databind.JsonNode body;
        try {
            byte[] bytes = request.getInputStream().readNBytes(UPLOAD_LIMIT + 1);
            if (bytes.length > UPLOAD_LIMIT) {
                throw RequestException.badRequest("the JSON body is larger than " + UPLOAD_LIMIT + " bytes");
            }
            body = JSON.readTree(bytes);
        } catch (IOException e) {
            throw RequestException.badRequest("the body is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (body == null || !body.isObject()) {
            throw RequestException.badRequest("the body must be a JSON object");
        }
        Map<String, String> out = new HashMap<>();
        for (String name : names) {
            com.fasterxml.jackson.databind.JsonNode value = body.get(name);
            if (value != null && !value.isNull() && !value.isTextual()) {
                throw RequestException.badRequest("'" + name + "' must be a JSON string");
            }
            out.put(name, value == null || value.isNull() ? null : value.textValue());
        }
        return out;
    }

    /** A request parameter, or null; 400 when the request's form cannot be read (cut short, malformed). */
    String param(String name) {
        try {
            return request.getParameter(name);
        } catch (RuntimeException e) {
            // The container's own exception types (e.g. a body cut short): not a server failure.
            throw RequestException.badRequest("the request's parameters could not be read: " + e.getMessage());
        }
    }

    /**
     * Text the user pasted into the field {@code name}, or else uploaded as the file part {@code file}
     * of a {@code multipart/form-data} form (the servlet must be {@code @MultipartConfig}); null when
     * neither was given, 400 when both were, or the upload is not UTF-8 text within the size limit.
     */
    String textOrUpload(String name, String file) {
        String typed = param(name);
        String uploaded = null;
        String type = request.getContentType();
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            try {
                Part part = request.getPart(file);
                if (part != null && part.getSize() > 0) {
                    if (part.getSize() > UPLOAD_LIMIT) {
                        throw RequestException.badRequest(file + " is larger than " + UPLOAD_LIMIT + " bytes");
                    }
                    try (InputStream in = part.getInputStream()) {
                        uploaded = StandardCharsets.UTF_8.newDecoder()
                                .decode(ByteBuffer.wrap(in.readAllBytes())).toString();
                    } catch (CharacterCodingException e) {
                        throw RequestException.badRequest(file + " is not a text file");
                    }
                }
            } catch (IOException | ServletException | IllegalStateException e) {
                throw RequestException.badRequest("the uploaded " + file + " could not be read: " + e.getMessage());
            }
        }
        boolean hasTyped = typed != null && !typed.isBlank();
        if (hasTyped && uploaded != null) {
            throw RequestException.badRequest("give " + name + " either as text or as a file, not both");
        }
        return hasTyped ? typed : uploaded;
    }

    /** Largest file a form may upload (receipts and key files are a few hundred bytes). */
    static final int UPLOAD_LIMIT = 65_536;

    /** A whole-number parameter in {@code [min, max]}, or {@code fallback} when absent. */
    int intParam(String name, int fallback, int min, int max) {
        String value = param(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw RequestException.badRequest(name + " must be a whole number from " + min + " to " + max);
    }

    /** Whether this request may add to the user's history, as {@link WebCheckpoint} decided it. */
    Frontend.History history() {
        return Boolean.TRUE.equals(request.getAttribute(WebCheckpoint.RECORDS_HISTORY))
                ? Frontend.History.RECORD : Frontend.History.SKIP;
    }

    /**
     * The sign-in {@link WebCheckpoint} established for this request, or null (a public route, no session, or
     * a session ended since).
     */
    SignedIn signedIn() {
        // Still open: an account disguise during this request ends the user's sessions, and its page is signed out.
        return request.getAttribute(SignedIn.REQUEST_ATTRIBUTE) instanceof SignedIn s && s.open() ? s : null;
    }

    /**
     * The signed-in user's search session, as {@link WebCheckpoint} established it (404 when this server does
     * not search). Only routes the checkpoint admits signed-in reach here; a 401 means a route of
     * {@link WebRoutes} is declared public by mistake.
     */
    UserSession user() {
        frontend();
        SignedIn user = signedIn();
        if (user == null || user.search() == null) {
            throw RequestException.unauthorized("sign in first (POST /api/login with user and password)");
        }
        return user.search();
    }

    void requirePost() {
        if (!request.getMethod().equals("POST")) {
            throw new RequestException(405, "method-not-allowed", request.getServletPath() + " takes POST");
        }
    }

    void json(int status, Object body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        JSON.writeValue(response.getWriter(), body);
    }

    /** Answers {@code json}, already JSON text (e.g. a receipt in the one form its owner writes it). */
    void jsonText(int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(json);
    }

    void noContent() {
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    void page(int status, String template, Map<String, Object> variables) throws IOException {
        Map<String, Object> all = new HashMap<>(variables);
        SignedIn signedIn = signedIn();
        UserSession user = signedIn == null ? null : signedIn.search();
        all.putIfAbsent("user", signedIn == null ? null : signedIn.user());
        all.putIfAbsent("token", signedIn == null ? null : signedIn.token());
        all.putIfAbsent("region", user == null ? null : user.region().orElse(null));
        all.putIfAbsent("employee", user != null && frontend().isEmployee(user));
        all.putIfAbsent("searches", searches());
        all.putIfAbsent("erpPages", context.erp() != null);
        all.putIfAbsent("accountPages", context.disguises() != null);
        all.put("base", request.getContextPath());
        response.setStatus(status);
        response.setContentType("text/html");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        context.pages().render(template, all, response.getWriter());
    }

    void redirect(String path) throws IOException {
        response.sendRedirect(request.getContextPath() + path);
    }

    void fail(RequestException e) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        SecurityHeaders.apply(response);
        if (e.status() == 503) {
            response.setHeader("Retry-After", "1");
        }
        e.retryAfterSeconds().ifPresent(s -> response.setHeader("Retry-After", Long.toString(s)));
        if (api()) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", e.code());
            body.put("message", e.getMessage());
            if (!e.details().isEmpty()) {
                body.put("conflicts", e.details());
            }
            json(e.status(), body);
        } else {
            Map<String, Object> vars = new HashMap<>();
            vars.put("status", e.status());
            vars.put("code", e.code());
            vars.put("message", e.getMessage());
            vars.put("details", e.details());
            String id = param("id");
            vars.put("docId", id != null && id.matches("d[0-9]{1,18}") ? id : null);
            page(e.status(), "error", vars);
        }
    }
}
