package org.maat.cli.serve;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.maat.core.shard.ShardSecret;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Where {@code maat shard} and {@code maat serve --shards} get the deployment's shard secret: the
 * file given (read, or created with a fresh secret, mode 0600, when absent, so whichever command
 * starts first makes it), else the environment variable {@value ShardSecret#ENVIRONMENT}. Never a
 * command-line value, which {@code ps} would show.
 */
final class ShardSecretOption {

    private ShardSecretOption() {
    }

    /**
     * @param file   the file option's value, or null
     * @param option the option's name, for messages
     * @throws ParameterException (exit 2) when neither is given, or the secret cannot be read
     */
    static ShardSecret resolve(Path file, String option, CommandSpec spec, Map<String, String> environment) {
        try {
            if (file != null) {
                return ShardSecret.readOrCreate(file);
            }
            String value = environment.get(ShardSecret.ENVIRONMENT);
            if (value != null) {
                return ShardSecret.parse(value, ShardSecret.ENVIRONMENT);
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
        throw new ParameterException(spec.commandLine(), "give " + option + " FILE (created, mode 0600, if absent) "
                + "or set " + ShardSecret.ENVIRONMENT + ": shards answer only requests signed with the secret that "
                + "front-end and shards share");
    }
}
