package org.maat.cli.options;

import org.maat.server.Topology;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --topology T} of the HTTP benchmarks, which serve their own data in-process: 2servers or
 * 4servers. Each command chooses its default ({@link #TopologyOption(String)}); picocli shows it.
 */
public final class TopologyOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--topology", paramLabel = "T",
            description = "Shard servers: 2servers or 4servers. Default: ${DEFAULT-VALUE}.")
    String topology;

    public TopologyOption(String defaultTopology) {
        this.topology = defaultTopology;
    }

    /** The parsed topology; bad usage (exit 2) when it names none. */
    public Topology topology() {
        try {
            return Topology.parse(topology);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), e.getMessage());
        }
    }
}
