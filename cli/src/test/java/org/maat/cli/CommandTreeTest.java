package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CommandTreeTest {

    private static List<CommandLine> all(CommandLine root) {
        List<CommandLine> out = new ArrayList<>(List.of(root));
        root.getSubcommands().values().forEach(sub -> out.addAll(all(sub)));
        return out;
    }

    @Test
    void everyCommandHasHelpThatRendersCleanly() {
        PrintStream realErr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (CommandLine cl : all(Main.commandLine())) {
                StringWriter out = new StringWriter();
                cl.usage(new PrintWriter(out, true));
                assertThat(out.toString()).as(cl.getCommandSpec().qualifiedName())
                        .contains("Usage: " + cl.getCommandSpec().qualifiedName())
                        .contains("--help");
                assertThat(cl.getCommandSpec().usageMessage().description()).as(cl.getCommandSpec().qualifiedName())
                        .isNotEmpty();
            }
        } finally {
            System.setErr(realErr);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).as("picocli warnings").isEmpty();
    }

    @Test
    void unknownCommandsAndFlagsAreUsageErrors() {
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute("frobnicate")).isEqualTo(2);
        assertThat(cl.execute("search", "--bogus")).isEqualTo(2);
        assertThat(cl.execute()).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown command 'frobnicate'").contains("Missing command");
    }
}
