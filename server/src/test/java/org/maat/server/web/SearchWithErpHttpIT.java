package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.server.Topology;

/** One front-end serving search and the ERP pages side by side; and one serving search alone. */
class SearchWithErpHttpIT {

    @TempDir
    Path dir;

    @Test
    void searchAndErpPagesAreServedTogether() throws IOException, SQLException {
        Path db = dir.resolve("erp");
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(db, ErpDatabase.Kind.PLAIN, 3, 100));
        try (ServedSite site = ServedSite.start(Files.createDirectories(dir.resolve("site")), Topology.TWO_SERVERS, c -> c.withErp(db))) {
            ApiClient client = new ApiClient(site.url());
            assertThat(client.login("u1", site.password("u1")).status()).isEqualTo(200);
            assertThat(client.get("api/search?q=budget").status()).isEqualTo(200);
            assertThat(client.get("api/erp/q9").status()).as("no salaries or phones: any account").isEqualTo(200);
            assertThat(client.get("api/erp/q12").status()).as("salaries: human resources only").isEqualTo(403);
            assertThat(client.get("erp").body()).contains("href=\"/erp\"").contains("signed in as");
            ApiClient hr = new ApiClient(site.url());
            assertThat(hr.login("e0", site.password("e0")).json().get("roles").toString()).isEqualTo("[\"hr\"]");
            ApiClient.Reply q12 = hr.get("api/erp/q12");
            assertThat(q12.status()).as(q12.body()).isEqualTo(200);
            assertThat(q12.json().get("rows")).hasSize(1);
        }
    }

    @Test
    void withoutAnErpDatabaseTheErpPagesAreNotFoundAndSayWhy() throws IOException {
        try (ServedSite site = ServedSite.start(Files.createDirectories(dir.resolve("site")), Topology.TWO_SERVERS, c -> c)) {
            ApiClient client = new ApiClient(site.url());
            assertThat(client.get("api/erp/q7").status()).as("no session").isEqualTo(401);
            assertThat(client.login("e0", site.password("e0")).status()).isEqualTo(200);
            ApiClient.Reply api = client.get("api/erp/q7");
            assertThat(api.status()).isEqualTo(404);
            assertThat(api.json().get("message").asText()).isEqualTo("ERP pages are not configured (set maat.erp)");
            ApiClient.Reply page = client.get("erp");
            assertThat(page.status()).isEqualTo(404);
            assertThat(page.body()).contains("ERP pages are not configured");
        }
    }
}
