package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class H2CipherTest {

    @Test
    void theCipherComesFromTheUrlsSettingsOrTheProperties() {
        assertThat(H2Cipher.of("jdbc:h2:file:erp/hr;CIPHER=AES", new Properties())).isEqualTo("AES");
        assertThat(H2Cipher.of("jdbc:h2:./hr;MODE=Oracle; cipher = AES ;IFEXISTS=TRUE", new Properties()))
                .isEqualTo("AES");
        Properties p = new Properties();
        p.setProperty("cipher", "AES");
        assertThat(H2Cipher.of("jdbc:h2:file:erp/hr", p)).isEqualTo("AES");
        assertThat(H2Cipher.of("jdbc:h2:file:erp/hr;MODE=Oracle", new Properties())).isNull();
    }
}
