package org.maat.bench.vault;

/**
 * The operations Tutamen measures (section "Performance"), with its figure on a c4.large
 * (2 vCPUs, the size of the machine the goals are set for) and this project's goal where it sets one.
 * Tutamen's Python client does not say whether it reused connections; its HTTPS at a sixth of its HTTP
 * suggests a handshake per request, so its figures stand beside both of ours.
 */
enum Operation {

    GET_TOKEN("get-token", "POST /acs/tokens, verifier: account membership only", "~30 (c4.large) to ~130 (c4.4xlarge)",
            new Goal(ConnectionMode.REUSE, 2_000)),
    FETCH_SECRET("fetch-secret", "GET /ss/collections/C/secrets/S, read token reused (cached by the SS)",
            "~70 (c4.large) to ~180", new Goal(ConnectionMode.REUSE, 5_000)),
    NOOP_MTLS("noop-mtls", "GET /acs/noop with a client certificate (mutual TLS)", "~50",
            new Goal(ConnectionMode.FRESH, 300)),
    NOOP_TLS("noop-tls", "GET /acs/noop without a client certificate (TLS only)", "~75", null),
    HTTPS_STATIC("https-static", "a static page from Jetty over TLS (the vault's server certificate)", "~90", null),
    HTTP_STATIC("http-static", "a static page from Jetty over plain HTTP", "~550", null);

    /** A rate to reach with one connection mode. */
    record Goal(ConnectionMode mode, double perSecond) {
    }

    private final String id;
    private final String description;
    private final String published;
    private final Goal goal;

    Operation(String id, String description, String published, Goal goal) {
        this.id = id;
        this.description = description;
        this.published = published;
        this.goal = goal;
    }

    String id() {
        return id;
    }

    String description() {
        return description;
    }

    /** Tutamen's requests per second, as it states them. */
    String published() {
        return published;
    }

    /** The goal for this operation in {@code mode}, or null. */
    Goal goal(ConnectionMode mode) {
        return goal != null && goal.mode() == mode ? goal : null;
    }

    static Operation named(String id) {
        for (Operation o : values()) {
            if (o.id.equals(id)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown series '" + id + "'; choose from " + ids());
    }

    static String ids() {
        StringBuilder s = new StringBuilder();
        for (Operation o : values()) {
            s.append(s.length() == 0 ? "" : ", ").append(o.id);
        }
        return s.toString();
    }
}
