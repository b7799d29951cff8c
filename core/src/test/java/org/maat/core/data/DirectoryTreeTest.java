package org.maat.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.runtime.TestData;
import org.maat.policy.mal.MalLog;

class DirectoryTreeTest {

    @TempDir
    Path dir;

    @Test
    void aCopyHoldsEveryFileAndIsRemovedWholeLeavingTheOriginal() throws IOException {
        Path from = dir.resolve("data");
        Files.createDirectories(from.resolve("profile/u1"));
        Files.writeString(from.resolve("mal.log"), "entry\n");
        Files.writeString(from.resolve("profile/u1/history"), "budget\n");
        Path to = dir.resolve("copy");

        DirectoryTree.copy(from, to);

        assertThat(to.resolve("mal.log")).hasContent("entry");
        assertThat(to.resolve("profile/u1/history")).hasContent("budget");
        DirectoryTree.delete(to);
        assertThat(to).doesNotExist();
        assertThat(from.resolve("profile/u1/history")).exists();
        DirectoryTree.delete(to);
    }

    @Test
    void aCopyNeverOverwritesAFileAlreadyThere() throws IOException {
        Path from = dir.resolve("data");
        Files.createDirectories(from);
        Files.writeString(from.resolve("mal.log"), "new\n");
        Path to = dir.resolve("copy");
        Files.createDirectories(to);
        Files.writeString(to.resolve("mal.log"), "old\n");

        assertThatThrownBy(() -> DirectoryTree.copy(from, to)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(to.resolve("mal.log")).hasContent("old");
    }

    @Test
    void aCopiedDataDirectoryKeepsItsMalLogHeadAndOpens() throws IOException {
        DataDir data = TestData.generate(dir.resolve("data"), 20, 95);
        Path to = dir.resolve("copy");

        DirectoryTree.copy(data.root(), to);

        Path log = DataDir.at(to).malLog();
        assertThat(MalLog.headFile(log)).hasSameBinaryContentAs(MalLog.headFile(data.malLog()));
        assertThat(MalLog.verify(log).describe()).isEqualTo(MalLog.verify(data.malLog()).describe()).startsWith("OK: ");
        try (DataSet copy = DataSet.open(DataDir.at(to))) {
            assertThat(copy.malLog().size()).isPositive();
        }
    }
}
