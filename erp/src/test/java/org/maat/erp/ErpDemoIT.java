package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErpDemoIT {

    @TempDir
    Path dir;

    @Test
    void demoShowsEveryQueryAnsweredAlikeTheLayerReportAndNoLeak() throws SQLException {
        StringWriter text = new StringWriter();
        boolean ok = new ErpDemo(new PrintWriter(text)).run(dir);
        String out = text.toString();
        assertThat(ok).as(out).isTrue();
        for (ErpQuery q : ErpQuery.values()) {
            assertThat(out).containsPattern("(?m)^" + q.name() + " +\\d+ +[\\d.]+ +[\\d.]+  yes ");
        }
        assertThat(out).contains("EMPLOYEES.SALARY", "none found", "Bulk-encrypted");
    }
}
