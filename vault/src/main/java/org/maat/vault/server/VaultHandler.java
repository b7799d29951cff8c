package org.maat.vault.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maat.vault.StrictJson;
import org.maat.vault.acs.AccessControl;
import org.maat.vault.acs.TokenGrant;
import org.maat.vault.ss.Storage;
import org.maat.vault.token.Action;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenVerifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vault's HTTP API (PROTOCOL.md) on one server: routes {@code /acs/...} to its {@link AccessControl} and
 * {@code /ss/...} to its {@link Storage}, the caller being the fingerprint of its TLS client certificate
 * ({@link ClientIdentity}). Every answer is JSON; every error is {@code {"error", "message"}}: 400
 * {@code malformed-json} for a body that is not JSON or names a key twice, 401 {@code no-client-certificate} for a call that needs an
 * identity when the connection has none, 403 {@code unknown-client} for one whose certificate vault.json does not
 * list (on the storage server's routes too), 404 {@code not-found} for other paths, 405 {@code method-not-allowed}
 * (with {@code Allow}), 413 {@code too-large} beyond {@link #MAX_BODY_BYTES}, 500 {@code failed} for a failure of
 * the server (logged here with its stack trace, which the answer never carries).
 */
final class VaultHandler extends Handler.Abstract {

    static final String JSON_TYPE = "application/json";
    /** Request bodies are small JSON documents; a share of a 16 KB secret fits many times over. */
    static final int MAX_BODY_BYTES = 64 * 1024;
    /**
     * How much of a refused (too large) body is read and dropped before the 413: closing a connection whose
     * unread bytes are still arriving makes TCP send a reset, which can destroy the answer before the client
     * reads it. A body larger than this is cut, and its client may see the connection reset instead.
     */
    static final int DRAINED_BYTES = 1024 * 1024;
    static final String TOKENS_HEADER = "X-Maat-Tokens";

    private static final Logger LOG = LoggerFactory.getLogger(VaultHandler.class);
    private static final ObjectMapper JSON = StrictJson.mapper();

    private final AccessControl acs;
    private final Storage ss;
    private final String name;
    private final List<Route> routes = new ArrayList<>();

    VaultHandler(AccessControl acs, Storage ss, String name) {
        super(InvocationType.BLOCKING);
        this.acs = acs;
        this.ss = ss;
        this.name = name;
        route("GET", "/acs/noop", false, call -> Answer.EMPTY_OK);
        route("POST", "/acs/verifiers", true, call -> Answer.of(201, object().put("id",
                acs.createVerifier(call.caller, call.body()))));
        route("PUT", "/acs/permissions/*", true, call -> Answer.of(
                acs.setPermissions(call.caller, call.param(0), call.body(), call.tokens()) ? 201 : 200,
                object().put("object", call.param(0))));
        route("GET", "/acs/permissions/*", true, call -> Answer.of(200, acs.permissions(call.caller, call.param(0))));
        route("POST", "/acs/tokens", true, this::requestToken);
        route("GET", "/acs/tokens/requests/*", true, call -> grant(acs.poll(call.caller, call.param(0))));
        route("POST", "/acs/tokens/requests/*/approve", true, call -> {
            List<String> waitingFor = acs.approve(call.caller, call.param(0));
            ObjectNode body = object().put("request", call.param(0));
            waitingFor.forEach(body.putArray("waitingFor")::add);
            return Answer.of(200, body);
        });
        route("GET", "/ss/noop", false, call -> Answer.EMPTY_OK);
        route("PUT", "/ss/collections/*", true, call -> Answer.of(
                ss.createCollection(call.caller, call.param(0), call.body(), call.tokens()) ? 201 : 200,
                object().put("collection", call.param(0))));
        route("PUT", "/ss/collections/*/secrets/*", true, call -> {
            ss.putSecret(call.caller, call.param(0), call.param(1), call.body(), call.tokens());
            return Answer.of(201, object().put("collection", call.param(0)).put("secret", call.param(1)));
        });
        route("GET", "/ss/collections/*/secrets/*", true, call -> Answer.of(200,
                ss.getSecret(call.caller, call.param(0), call.param(1), call.tokens())));
        route("GET", "/ss/collections/*", true, call -> Answer.of(200, ss.describeCollection(call.param(0))));
        // A delete without an epoch is decided here (the collection's deciding server); with one, it applies the
        // deciding server's decision (Storage, SecretSlot).
        route("DELETE", "/ss/collections/*/secrets/*", true, call -> {
            ObjectNode body = object().put("collection", call.param(0)).put("secret", call.param(1));
            Long epoch = call.epoch();
            if (epoch == null) {
                Storage.Deletion deletion = ss.deleteSecret(call.caller, call.param(0), call.param(1), call.after(),
                        call.tokens());
                body.put("epoch", deletion.epoch()).put("put", deletion.put()).put("removed", deletion.removed());
                deletion.puts().forEach(body.putArray("puts")::add);
                return Answer.of(200, body);
            }
            String puts = call.query("put"); // the puts deleted on the deciding server, comma-separated
            ss.applyDeletion(call.caller, call.param(0), call.param(1), epoch,
                    puts == null || puts.isEmpty() ? List.of() : List.of(puts.split(",", -1)), call.tokens());
            return Answer.of(200, body.put("epoch", epoch));
        });
        // What a delete's client asks every server first, to decide the delete above what they applied.
        route("GET", "/ss/collections/*/secrets/*/epoch", true, call -> Answer.of(200, object()
                .put("collection", call.param(0)).put("secret", call.param(1))
                .put("epoch", ss.epoch(call.caller, call.param(0), call.param(1), call.tokens()))));
        // Two-phase put (Storage, SecretSlot): stage on every server, commit, or abort a put that failed.
        route("PUT", "/ss/collections/*/secrets/*/puts/*", true, call -> {
            Storage.Staged staged = ss.stageShare(call.caller, call.param(0), call.param(1), call.param(2),
                    call.body(), call.tokens());
            return Answer.of(staged.fresh() ? 201 : 200, putAnswer(call).put("epoch", staged.epoch()));
        });
        route("POST", "/ss/collections/*/secrets/*/puts/*/commit", true, call -> {
            Long epoch = call.epoch();
            if (epoch == null) {
                Storage.Decision decision = ss.commitPut(call.caller, call.param(0), call.param(1), call.param(2),
                        call.after(), call.tokens());
                return Answer.of(decision.fresh() ? 201 : 200, putAnswer(call).put("epoch", decision.epoch()));
            }
            return Answer.of(ss.applyCommit(call.caller, call.param(0), call.param(1), call.param(2), epoch,
                    call.tokens()) ? 201 : 200, putAnswer(call).put("epoch", epoch));
        });
        route("GET", "/ss/collections/*/secrets/*/puts/*", true, call -> Answer.of(200,
                ss.getPutShare(call.caller, call.param(0), call.param(1), call.param(2), call.tokens())));
        route("DELETE", "/ss/collections/*/secrets/*/puts/*", true, call -> {
            ss.abortPut(call.caller, call.param(0), call.param(1), call.param(2), call.tokens());
            return Answer.of(200, putAnswer(call));
        });
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Answer answer;
        try {
            answer = dispatch(request, response);
        } catch (Refusal refusal) {
            answer = Answer.of(refusal);
        } catch (RuntimeException e) {
            LOG.error("{}: {} {} failed", name, request.getMethod(), Request.getPathInContext(request), e);
            answer = Answer.error(500, "failed", name + " failed: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        response.setStatus(answer.status());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON_TYPE);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, answer.body().length);
        if (answer.status() == 413) {
            // The rest of the body stays unread, so Jetty closes the connection; say so, or a client reuses it.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
        }
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
        return true;
    }

    private Answer dispatch(Request request, Response response) {
        String[] path = Request.getPathInContext(request).split("/", -1);
        Set<String> allowed = new TreeSet<>();
        for (Route route : routes) {
            List<String> params = route.match(path);
            if (params == null) {
                continue;
            }
            if (!route.method.equals(request.getMethod())) {
                allowed.add(route.method);
                continue;
            }
            String caller = route.needsIdentity ? ClientIdentity.fingerprint(request) : null;
            if (route.needsIdentity && caller == null) {
                throw Refusal.unauthorized("no-client-certificate", "this call needs a TLS client certificate "
                        + "issued by the vault's CA, and the connection has none");
            }
            if (route.needsIdentity) {
                // A client removed from vault.json is refused everywhere, not only by the ACS: its unexpired
                // tokens must not keep reading shares after the restart that revoked it.
                acs.account(caller);
            }
            return route.endpoint.answer(new Call(request, caller, params));
        }
        if (allowed.isEmpty()) {
            return Answer.error(404, "not-found", "no such vault API path: " + Request.getPathInContext(request));
        }
        response.getHeaders().put(HttpHeader.ALLOW, String.join(", ", allowed));
        return Answer.error(405, "method-not-allowed", Request.getPathInContext(request) + " takes "
                + String.join(" or ", allowed) + ", not " + request.getMethod());
    }

    private Answer requestToken(Call call) {
        JsonNode body = call.body();
        String object = text(body, "object");
        Action action = Action.parse(text(body, "action"));
        JsonNode ttl = body.get("ttl");
        // canConvertToLong first: longValue() of 2^64 + 300 is 300.
        if (ttl != null && (!ttl.isIntegralNumber() || !ttl.canConvertToLong())) {
            throw Refusal.badRequest("bad-ttl", "'ttl' is a number of seconds, 1.."
                    + org.maat.vault.token.TokenSigner.MAX_TTL_SECONDS + ", not " + ttl);
        }
        return grant(acs.requestToken(call.caller, object, action,
                ttl == null ? org.maat.vault.token.TokenSigner.DEFAULT_TTL_SECONDS : ttl.longValue()));
    }

    private static Answer grant(TokenGrant grant) {
        if (grant.isIssued()) {
            return Answer.of(200, object().put("token", grant.token()).put("expires", grant.expires())
                    .put("owner", grant.owner()));
        }
        ObjectNode body = object().put("request", grant.request());
        ArrayNode waitingFor = body.putArray("waitingFor");
        grant.waitingFor().forEach(waitingFor::add);
        return Answer.of(202, body);
    }

    private static ObjectNode putAnswer(Call call) {
        return object().put("collection", call.param(0)).put("secret", call.param(1)).put("put", call.param(2));
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || !value.isTextual()) {
            throw Refusal.badRequest("bad-request", "the body needs the text field '" + field + "'");
        }
        return value.textValue();
    }

    private static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    private void route(String method, String pattern, boolean needsIdentity, Endpoint endpoint) {
        routes.add(new Route(method, pattern.split("/", -1), needsIdentity, endpoint));
    }

    /** What a route does with a call. */
    private interface Endpoint {
        Answer answer(Call call);
    }

    /** A method and a path pattern whose {@code *} segments are the call's parameters. */
    private record Route(String method, String[] pattern, boolean needsIdentity, Endpoint endpoint) {

        /** The parameters if {@code path} matches, else null. */
        List<String> match(String[] path) {
            if (path.length != pattern.length) {
                return null;
            }
            List<String> params = new ArrayList<>(2);
            for (int i = 0; i < path.length; i++) {
                if (pattern[i].equals("*")) {
                    if (path[i].isEmpty()) {
                        return null;
                    }
                    params.add(path[i]);
                } else if (!pattern[i].equals(path[i])) {
                    return null;
                }
            }
            return params;
        }
    }

    /** One request as a route sees it: the caller's fingerprint, the path's parameters, its body and tokens. */
    private static final class Call {
        final Request request;
        final String caller;
        final List<String> params;

        Call(Request request, String caller, List<String> params) {
            this.request = request;
            this.caller = caller;
            this.params = params;
        }

        String param(int index) {
            return params.get(index);
        }

        /** The query parameter {@code name}, or null; 400 {@code bad-request} if it is given twice. */
        String query(String name) {
            List<String> values = Request.extractQueryParameters(request).getValues(name);
            if (values == null || values.isEmpty()) {
                return null;
            }
            if (values.size() > 1) {
                throw Refusal.badRequest("bad-request", "the query names '" + name + "' twice");
            }
            return values.get(0);
        }

        /** The {@code epoch} of a decision this call applies (a positive integer), or null: the call decides. */
        Long epoch() {
            String text = query("epoch");
            if (text == null) {
                return null;
            }
            try {
                long epoch = Long.parseLong(text);
                if (epoch > 0) {
                    return epoch;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw Refusal.badRequest("bad-request", "'epoch' is a positive integer, not '" + text + "'");
        }

        /**
         * The {@code after} query parameter of a deciding commit or delete: the highest epoch its client met on the
         * collection's servers (0 when absent); bounded so that the next epoch cannot overflow.
         */
        long after() {
            String text = query("after");
            if (text == null) {
                return 0;
            }
            try {
                long after = Long.parseLong(text);
                if (after >= 0 && after < Long.MAX_VALUE / 2) {
                    return after;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw Refusal.badRequest("bad-request", "'after' is an epoch, an integer from 0 to " + (Long.MAX_VALUE / 2 - 1)
                    + ", not '" + text + "'");
        }

        /** Reads and drops what is left of the body, up to {@link #DRAINED_BYTES}; a failure to read ends it. */
        private void drain() {
            byte[] chunk = new byte[16 * 1024];
            try {
                java.io.InputStream in = Request.asInputStream(request);
                for (long read = 0; read < DRAINED_BYTES; ) {
                    int n = in.read(chunk, 0, (int) Math.min(chunk.length, DRAINED_BYTES - read));
                    if (n < 0) {
                        return;
                    }
                    read += n;
                }
            } catch (IOException e) {
                // the client stopped sending: nothing left to drain
            }
        }

        List<String> tokens() {
            return TokenVerifier.parseHeader(request.getHeaders().get(TOKENS_HEADER));
        }

        /** The JSON body: 413 beyond the limit, 400 if it is missing or not a JSON object. */
        JsonNode body() {
            long declared = request.getLength();
            if (declared > MAX_BODY_BYTES) {
                drain();
                throw tooLarge(declared);
            }
            byte[] bytes;
            try {
                bytes = Request.asInputStream(request).readNBytes(MAX_BODY_BYTES + 1);
            } catch (IOException e) {
                throw Refusal.badRequest("bad-request", "the request body could not be read: " + e.getMessage());
            }
            if (bytes.length > MAX_BODY_BYTES) {
                drain();
                throw tooLarge(bytes.length);
            }
            if (bytes.length == 0) {
                throw Refusal.badRequest("malformed-json", "this call needs a JSON object as its body");
            }
            JsonNode node;
            try {
                node = JSON.readTree(bytes);
            } catch (JsonProcessingException e) {
                throw Refusal.badRequest("malformed-json", "the body is not JSON: "
                        + e.getOriginalMessage());
            } catch (IOException e) {
                throw Refusal.badRequest("malformed-json", "the body is not JSON: " + e.getMessage());
            }
            if (node == null || !node.isObject()) {
                throw Refusal.badRequest("malformed-json", "the body must be a JSON object");
            }
            return node;
        }

        private static Refusal tooLarge(long size) {
            return new Refusal(413, "too-large", "the body has " + size + " bytes; the vault takes at most "
                    + MAX_BODY_BYTES);
        }
    }
}
