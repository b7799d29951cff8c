package org.maat.bench.websubmit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.List;
import org.maat.erp.HrSchema;

/**
 * Creates the WebSubmit sample schema of {@code maat-disguise} ({@value #SCHEMA}) on a connection and
 * loads a {@link WebSubmitData} into it with batched inserts, committing once per batch. The
 * connection's auto-commit setting is restored afterwards.
 */
public final class WebSubmitLoader {

    /** The sample schema, a class-path resource of maat-disguise. */
    public static final String SCHEMA = "/org/maat/disguise/websubmit/schema.sql";

    private final int batchSize;

    public WebSubmitLoader(int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("a batch holds at least one row, not " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /** Creates the schema and inserts every row of {@code data}; returns the rows inserted. */
    public long load(Connection conn, WebSubmitData data) throws SQLException {
        boolean autoCommit = conn.getAutoCommit();
        try {
            try (Statement st = conn.createStatement()) {
                for (String sql : schemaStatements()) {
                    st.execute(sql);
                }
            }
            conn.setAutoCommit(false);
            long rows = insert(conn, "INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, ?, ?)",
                    data.userRows());
            rows += insert(conn, "INSERT INTO LECTURES (ID, LABEL) VALUES (?, ?)", data.lectureRows().iterator());
            rows += insert(conn, "INSERT INTO QUESTIONS (LEC, Q, QUESTION) VALUES (?, ?, ?)",
                    data.questionRows().iterator());
            rows += insert(conn, "INSERT INTO ANSWERS (EMAIL, LEC, Q, ANSWER, SUBMITTED_AT) VALUES (?, ?, ?, ?, ?)",
                    data.answerRows());
            return rows;
        } finally {
            conn.setAutoCommit(autoCommit);
        }
    }

    private long insert(Connection conn, String sql, Iterator<Object[]> rows) throws SQLException {
        long count = 0;
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            while (rows.hasNext()) {
                Object[] row = rows.next();
                for (int i = 0; i < row.length; i++) {
                    ps.setObject(i + 1, row[i]);
                }
                ps.addBatch();
                if (++count % batchSize == 0) {
                    ps.executeBatch();
                    conn.commit();
                }
            }
            ps.executeBatch();
            conn.commit();
        }
        return count;
    }

    /** The schema's statements: each ends with ';' at the end of a line; '--' lines are comments. */
    static List<String> schemaStatements() {
        String text;
        try (InputStream in = WebSubmitLoader.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException("missing class-path resource " + SCHEMA + " (maat-disguise)");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SCHEMA, e);
        }
        return HrSchema.split(text);
    }
}
