package org.maat.bench.atrest;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import org.maat.atrest.AtRestVolume;

/**
 * Where a workload's file lives: plain {@link FileChannel}s (the baseline) or an encrypted volume. One is chosen per
 * measured configuration and handed to the workload, which does the same I/O through either.
 */
public sealed interface Storage permits Storage.Plain, Storage.Volume {

    FileChannel open(Path file, OpenOption... options) throws IOException;

    /** Unencrypted I/O: the JDK's own file channel. */
    record Plain() implements Storage {
        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            return FileChannel.open(file, options);
        }
    }

    /** I/O through an encrypted volume's channels. */
    record Volume(AtRestVolume volume) implements Storage {
        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            return volume.open(file, options);
        }
    }
}
