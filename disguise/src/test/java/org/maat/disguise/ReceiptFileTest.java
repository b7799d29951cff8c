package org.maat.disguise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.store.Locator;

class ReceiptFileTest {

    private final Receipt receipt = new Receipt("websubmit-delete-account", "alice@example.org", Locator.random(),
            Instant.parse("2026-11-25T23:40:01.123456Z"), 21, 0);

    @Test
    void aWrittenReceiptReadsBackEqualAndIsOwnerOnly(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("receipt.json");
        ReceiptFile.write(f, receipt);
        assertThat(ReceiptFile.read(f)).isEqualTo(receipt);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------");
    }

    @Test
    void anExistingFileIsNeverOverwritten(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("receipt.json");
        Files.writeString(f, "keep me");
        assertThatThrownBy(() -> ReceiptFile.write(f, receipt)).isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("never overwritten");
        assertThat(Files.readString(f)).isEqualTo("keep me");
    }

    @Test
    void malformedReceiptsSayWhatIsWrong() {
        String good = ReceiptFile.text(receipt);
        assertThat(ReceiptFile.parse(good)).isEqualTo(receipt);
        assertThatThrownBy(() -> ReceiptFile.parse("{")).hasMessageStartingWith("not a receipt: not JSON");
        assertThatThrownBy(() -> ReceiptFile.parse(good.replace("\"changes\"", "\"chnages\"")))
                .hasMessage("not a receipt: unknown field \"chnages\"");
        assertThatThrownBy(() -> ReceiptFile.parse(good.replace("maat-loc1.", "loc.")))
                .hasMessageContaining("not a disguise locator");
        assertThatThrownBy(() -> ReceiptFile.parse("{\"disguise\": \"d\"}")).hasMessage("not a receipt: missing \"principal\"");
    }
}
