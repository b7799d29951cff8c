package org.maat.disguise.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The two tables a JDBC database keeps its disguises in, beside the application's tables so that one
 * transaction covers both. Their columns are {@code maat:plaintext} for Maat's encrypted layer: a bag is
 * already sealed, a locator key is a hash, and a public key is public. Plain H2 keeps the annotation
 * as an ordinary comment.
 */
final class VaultTables {

    static final String BAGS = "MAAT_DISGUISE_BAGS";
    static final String PRINCIPALS = "MAAT_DISGUISE_PRINCIPALS";

    private VaultTables() {
    }

    /** Creates the tables if absent (committed at once: DDL would commit a disguise's transaction anyway). */
    static void createIfAbsent(Connection conn) throws SQLException {
        create(conn, BAGS, "CREATE TABLE " + BAGS + " ("
                + "LOCATOR_KEY VARCHAR(64) COMMENT 'maat:plaintext' NOT NULL, "
                + "SEALED VARBINARY(100000000) COMMENT 'maat:plaintext' NOT NULL, "
                + "PRIMARY KEY (LOCATOR_KEY))");
        create(conn, PRINCIPALS, "CREATE TABLE " + PRINCIPALS + " ("
                + "PRINCIPAL VARCHAR(1000) COMMENT 'maat:plaintext' NOT NULL, "
                + "PUBLIC_KEY VARCHAR(100) COMMENT 'maat:plaintext' NOT NULL, "
                + "PRIMARY KEY (PRINCIPAL))");
    }

    private static void create(Connection conn, String table, String ddl) throws SQLException {
        if (exists(conn, table)) {
            return;
        }
        try (Statement st = conn.createStatement()) {
            st.execute(ddl);
        }
    }

    /** Asked by a query rather than DatabaseMetaData: the encrypted layer's metadata shows physical tables. */
    private static boolean exists(Connection conn, String table) {
        try (Statement st = conn.createStatement()) {
            st.executeQuery("SELECT COUNT(*) FROM " + table).close();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
