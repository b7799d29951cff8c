package org.maat.core.data;

import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStoreException;
import org.maat.policy.lang.PolicyCheckException;
import org.maat.policy.lang.PolicySyntaxError;
import org.maat.policy.mal.MalLogCorruptedException;

/**
 * The checkpoint between Maat's stores and everything above them: every store a command or server
 * opens ({@code policy.db} and the MAL log in {@link DataSet}, {@code labels.db} and the Lucene shards
 * under the search runtime) is opened, and read while searching, through {@link #reading}, which turns
 * the exceptions that damaged bytes cause in a reader (Lucene's checksum and format errors, H2 MVStore's,
 * a buffer or array read past its end, a stored policy that no longer parses, a MAL chain that does not
 * verify) into one {@link DamagedStoreException} naming the file. So a flipped byte anywhere in a store
 * ends as {@code damaged store: FILE: ...} (exit 2 on the command line), never as a bare
 * {@code BufferUnderflowException}.
 *
 * <p>Guaranteed: an exception of those kinds escaping a read of {@code file} is reported as damage to
 * {@code file}, with the low-level message as the reason and the original as cause; a reader's own
 * {@code damaged store:} message passes unchanged. Not guaranteed: damage a reader does not notice
 * (bytes no checksum covers and no decoder rejects) answers as the bytes say; a file held by another
 * process (a lock) is not damage and passes as it is.
 */
public final class StoreDamage {

    /** A read of a store that may fail on its bytes. */
    @FunctionalInterface
    public interface StoreRead<T> {
        T run() throws IOException;
    }

    /**
     * What readers throw on bytes they cannot decode: Lucene's checksum and format checks, MVStore's, a
     * decoder run past its buffer or array, a stored policy or MAL chain that no longer parses or verifies,
     * a reader's failed assertion.
     */
    private static final List<Class<? extends Throwable>> DAMAGE_KINDS = List.of(CorruptIndexException.class,
            IndexFormatTooNewException.class, IndexFormatTooOldException.class, EOFException.class,
            UTFDataFormatException.class, CharacterCodingException.class, MalLogCorruptedException.class,
            MVStoreException.class, BufferUnderflowException.class, BufferOverflowException.class,
            IndexOutOfBoundsException.class, NegativeArraySizeException.class, ClassCastException.class,
            PolicySyntaxError.class, PolicyCheckException.class,
            // A reader's own consistency assertion (Lucene's, when assertions are enabled, as in tests).
            AssertionError.class);

    private StoreDamage() {
    }

    /** Runs {@code read} of {@code file}; damage it meets is rethrown as {@link DamagedStoreException} naming {@code file}. */
    public static <T> T reading(Path file, StoreRead<T> read) throws IOException {
        try {
            return read.run();
        } catch (IOException | RuntimeException | AssertionError e) {
            DamagedStoreException damaged = damage(file, e);
            if (damaged != null) {
                throw damaged;
            }
            throw e;
        }
    }

    /** The damage {@code failure} shows in {@code file}, or null when it is not a sign of damaged bytes. */
    static DamagedStoreException damage(Path file, Throwable failure) {
        if (failure instanceof DamagedStoreException || String.valueOf(failure.getMessage()).startsWith("damaged store:")) {
            return null; // already names its file
        }
        if (!looksLikeDamage(failure)) {
            return null;
        }
        // A JDK exception's message alone ("Index 8 out of bounds for length 1") does not say what failed.
        String reason = failure.getMessage() == null ? failure.getClass().getSimpleName()
                : failure.getClass().getName().startsWith("java.")
                        ? failure.getClass().getSimpleName() + ": " + failure.getMessage() : failure.getMessage();
        return new DamagedStoreException(file, reason, failure);
    }

    /**
     * Whether {@code failure} is of a kind damaged bytes cause in a reader (it may also be a bug): what
     * makes a caller that cannot tell which file was read check its files ({@code OpenIndex#checkIntegrity}).
     */
    public static boolean looksLikeDamage(Throwable failure) {
        if (failure instanceof MVStoreException mv && mv.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
            return false;
        }
        return looksLikeDamage(failure.getClass());
    }

    /** Whether a failure of type {@code type} is of a kind damaged bytes cause in a reader. */
    public static boolean looksLikeDamage(Class<? extends Throwable> type) {
        return DAMAGE_KINDS.stream().anyMatch(kind -> kind.isAssignableFrom(type));
    }
}
