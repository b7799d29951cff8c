package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EncryptedLayerFileTest {

    @Test
    void theLayersSettingsLeaveThePlainUrlAndEveryOtherSettingStays() {
        assertThat(EncryptedLayerFile.plainH2Url("jdbc:maat:h2:file:erp/hr;maat.keyFile=erp/maat.key"))
                .isEqualTo("jdbc:h2:file:erp/hr");
        assertThat(EncryptedLayerFile.plainH2Url("JDBC:MAAT:H2:./hr;MODE=Oracle;MAAT.keySource=file:k;IFEXISTS=TRUE"))
                .isEqualTo("jdbc:h2:./hr;MODE=Oracle;IFEXISTS=TRUE");
    }

    @Test
    void anotherDriverAMemoryOrAServerDatabaseHasNoFileOfThisProcess() {
        assertThat(EncryptedLayerFile.plainH2Url("jdbc:h2:file:erp/hr")).isNull();
        assertThat(EncryptedLayerFile.plainH2Url("jdbc:maat:h2:mem:hr;maat.keyFile=k")).isNull();
        assertThat(EncryptedLayerFile.plainH2Url("jdbc:maat:h2:tcp://localhost/hr;maat.keyFile=k")).isNull();
        assertThat(EncryptedLayerFile.plainH2Url("jdbc:maat:h2:SSL://localhost/hr")).isNull();
    }
}
