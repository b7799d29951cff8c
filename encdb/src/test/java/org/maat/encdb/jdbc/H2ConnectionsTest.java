package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The layer opens H2 without the JVM-wide driver registry, as it must in a process where a web
 * application removed the H2 driver from DriverManager on undeployment (maat demo: the front-end
 * WAR runs on embedded Jetty before the ERP part).
 */
@Isolated
class H2ConnectionsTest {

    @TempDir
    Path dir;

    @Test
    void plainAndEncryptedConnectionsOpenWhenDriverManagerHasNoH2Driver() throws Exception {
        List<Driver> removed = new ArrayList<>();
        for (Driver d : Collections.list(DriverManager.getDrivers())) {
            if (d instanceof org.h2.Driver) {
                DriverManager.deregisterDriver(d);
                removed.add(d);
            }
        }
        try {
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:h2:mem:gone")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("No suitable driver");
            try (Connection c = H2Connections.open("jdbc:h2:" + dir.resolve("plain"));
                    Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 40 + 2")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(42);
            }
            Properties p = new Properties();
            p.setProperty(MaatDriver.KEY_FILE, dir.resolve("master.key").toString());
            p.setProperty(MaatDriver.CREATE_KEY, "true");
            try (Connection c = new MaatDriver().connect("jdbc:maat:h2:" + dir.resolve("encrypted"), p);
                    Statement st = c.createStatement()) {
                st.execute("CREATE TABLE T (ID INTEGER NOT NULL, NAME VARCHAR(10), CONSTRAINT PK PRIMARY KEY (ID))");
                st.execute("INSERT INTO T (ID, NAME) VALUES (1, 'one')");
                try (ResultSet rs = st.executeQuery("SELECT NAME FROM T WHERE ID = 1")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("one");
                }
            }
        } finally {
            for (Driver d : removed) {
                DriverManager.registerDriver(d);
            }
        }
    }

    @Test
    void aUrlThatIsNotH2IsRefusedWithItsName() {
        assertThatThrownBy(() -> H2Connections.open("jdbc:postgresql://x/y")).isInstanceOf(SQLException.class)
                .hasMessageContaining("not an H2 URL: jdbc:postgresql://x/y");
    }
}
