package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A view with constants in its conditions (as sqllogictest's index/view scripts create them) answers as plain
 * H2 does, also after the database is reopened, and its text, constants included, is not in H2 in plaintext.
 */
class SealedViewTextTest {

    private static final String VIEW = "CREATE VIEW view_1 AS SELECT pk, col0 FROM tab0 WHERE col0 > 4711 OR col1 = 'quartz'";
    private static final String QUERY = "SELECT pk FROM view_1 WHERE col0 < 9000 ORDER BY pk";

    @TempDir
    Path dir;

    @Test
    void aViewWithConstantsAnswersAsH2AndItsTextIsSealed() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE tab0(pk INTEGER PRIMARY KEY, col0 INTEGER, col1 VARCHAR(10))",
                    "INSERT INTO tab0 VALUES (1, 100, 'quartz'), (2, 5000, 'x'), (3, 9500, 'y'), (4, 4711, 'z')",
                    VIEW);
            assertThat(Pair.answer(db.enc, QUERY)).isEqualTo(Pair.answer(db.plain, QUERY));
            List<String> stored = storedViewTexts();
            assertThat(stored).hasSize(1);
            assertThat(stored.get(0)).doesNotContain("4711").doesNotContain("quartz").doesNotContain("TAB0")
                    .doesNotContainIgnoringCase("col0");
        }
        try (Pair reopened = new Pair(dir)) {
            assertThat(Pair.answer(reopened.enc, QUERY)).isEqualTo(Pair.answer(reopened.plain, QUERY));
        }
    }

    /** What H2 itself holds as the text of the driver's views (read past the driver). */
    private List<String> storedViewTexts() throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection raw = DriverManager.getConnection("jdbc:h2:" + dir.resolve("enc"));
                Statement st = raw.createStatement();
                ResultSet rs = st.executeQuery("SELECT SQL_TEXT FROM MAAT.VIEWS")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
