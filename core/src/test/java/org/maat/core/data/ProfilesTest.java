package org.maat.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfilesTest {

    @TempDir
    Path dir;

    @Test
    void aProfileMovesOutWholeAndBackWhole() throws IOException {
        DataDir data = DataDir.at(dir.resolve("data"));
        Files.createDirectories(data.profile("u3"));
        Files.writeString(data.profile("u3").resolve("history"), "budget\nfishing\n");
        Profiles profiles = new Profiles(data);
        Path away = dir.resolve("data").resolve("staging-x");

        assertThat(profiles.moveOut("u3", away)).isTrue();
        assertThat(profiles.exists("u3")).isFalse();
        assertThat(away.resolve("history")).hasContent("budget\nfishing\n");
        assertThat(profiles.moveOut("u3", dir.resolve("again"))).as("nothing to move").isFalse();

        profiles.moveBack("u3", away);
        assertThat(data.profile("u3").resolve("history")).hasContent("budget\nfishing\n");
        assertThat(away).doesNotExist();
    }

    @Test
    void aMoveOntoAnExistingDirectoryIsRefusedAndMovesNothing() throws IOException {
        DataDir data = DataDir.at(dir.resolve("data"));
        Files.createDirectories(data.profile("u3"));
        Path away = Files.createDirectories(dir.resolve("data").resolve("staging"));
        Profiles profiles = new Profiles(data);
        assertThatThrownBy(() -> profiles.moveOut("u3", away)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(profiles.exists("u3")).isTrue();
        // a profile created again since it was moved out is never overwritten by the old one
        assertThatThrownBy(() -> profiles.moveBack("u3", away)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(away).exists();
        assertThatThrownBy(() -> profiles.moveOut("../x", away)).isInstanceOf(IllegalArgumentException.class);
    }
}
