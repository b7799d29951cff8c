package org.maat.disguise.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.store.Locator;

/**
 * The child JVM of {@link KilledMidOperationIT}: applies websubmit-delete-account to a principal, or
 * reveals a locator, on a file database, printing {@code STMT n} and pausing before each statement so
 * that the parent can kill it between two statements of the transaction; {@code DONE} after commit.
 *
 * <p>Arguments: JDBC URL, {@code apply PRINCIPAL} or {@code reveal LOCATOR}, private key text, pause ms.
 */
public final class DisguiseChild {

    private DisguiseChild() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String op = args[1];
        String target = args[2];
        PrivateKey key = PrivateKey.parse(args[3]);
        long pause = Long.parseLong(args[4]);
        int[] n = {0};
        StatementObserver observer = sql -> {
            System.out.println("STMT " + (++n[0]));
            System.out.flush();
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try (Connection conn = DriverManager.getConnection(url);
             JdbcDisguises disguises = new JdbcDisguises(conn, false, observer)) {
            if (op.equals("apply")) {
                Receipt r = disguises.apply(DisguiseSpecs.builtin("websubmit-delete-account"), target, PrincipalProof.none());
                System.out.println("LOCATOR " + r.locator().toText());
            } else {
                disguises.reveal(Locator.parse(target), key);
            }
            System.out.println("DONE " + n[0]);
            System.out.flush();
        }
    }
}
