package org.maat.vault.client;

import java.util.ArrayList;
import java.util.List;
import org.maat.vault.VaultException;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;

/**
 * How a put spreads a secret: threshold {@code k} of {@code n} shares, one per server, and the token
 * {@code quorum} the collection's storage servers require from its ACSs (its ACSs are the same n servers).
 * Zero means the default, Tutamen's: every server of the vault, k = n, quorum = n. {@code servers}
 * (ids), when not null, chooses the servers; otherwise the first n of vault.json.
 */
public record PutOptions(int k, int n, int quorum, List<Integer> servers) {

    public PutOptions {
        servers = servers == null ? null : List.copyOf(servers);
    }

    /** All servers, k = n, quorum = n. */
    public static PutOptions defaults() {
        return new PutOptions(0, 0, 0, null);
    }

    /** k of n shares on the first n servers, tokens from {@code quorum} of their ACSs. */
    public static PutOptions of(int k, int n, int quorum) {
        return new PutOptions(k, n, quorum, null);
    }

    /** These options on the servers with these ids (n becomes their number). */
    public PutOptions onServers(List<Integer> ids) {
        return new PutOptions(k, ids.size(), quorum, ids);
    }

    /** The servers, k and quorum these options give in {@code config}; a VaultException says what does not fit. */
    Placement place(VaultConfig config) {
        List<ServerEndpoint> chosen = new ArrayList<>();
        if (servers != null) {
            if (n != 0 && n != servers.size()) {
                throw new VaultException("put options name " + servers.size() + " servers but n = " + n);
            }
            for (int id : servers) {
                ServerEndpoint server = config.server(id);
                if (chosen.contains(server)) {
                    throw new VaultException("put options name server " + id + " twice");
                }
                chosen.add(server);
            }
        } else {
            int count = n == 0 ? config.servers().size() : n;
            if (count > config.servers().size()) {
                throw new VaultException("cannot put " + count + " shares: the vault has "
                        + config.servers().size() + " servers (" + config.serverIds() + ")");
            }
            chosen.addAll(config.servers().subList(0, count));
        }
        int shares = chosen.size();
        int threshold = k == 0 ? shares : k;
        int tokens = quorum == 0 ? shares : quorum;
        if (shares < 1 || threshold < 1 || threshold > shares) {
            throw new VaultException("cannot split " + threshold + "-of-" + shares + ": need 1 <= k <= n");
        }
        if (tokens < 1 || tokens > shares) {
            throw new VaultException("token quorum " + tokens + " is not between 1 and the " + shares + " servers");
        }
        return new Placement(List.copyOf(chosen), threshold, tokens);
    }

    /** Resolved options: the servers (n = their number), k and quorum. */
    record Placement(List<ServerEndpoint> servers, int k, int quorum) {
        int n() {
            return servers.size();
        }
    }
}
