package org.maat.vault.client;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;

/**
 * A vault client in a child JVM, for tests that kill it mid-operation:
 * {@code ClientProcess VAULT_DIR put|delete COLLECTION NAME [HEX K N QUORUM]} opens the vault, prints
 * {@code READY}, waits for a line on standard input, runs the operation and prints {@code DONE} and what
 * happened. A test SIGKILLs it at a random moment after the go.
 */
public final class ClientProcess {

    private ClientProcess() {
    }

    public static void main(String[] args) throws Exception {
        try (VaultClient vault = VaultClient.open(Path.of(args[0]), VaultClient.DEFAULT_CLIENT, Duration.ofSeconds(5),
                Duration.ofSeconds(10))) {
            System.out.println("READY");
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            String outcome;
            try {
                if (args[1].equals("put")) {
                    vault.put(args[2], args[3], HexFormat.of().parseHex(args[4]), PutOptions.of(
                            Integer.parseInt(args[5]), Integer.parseInt(args[6]), Integer.parseInt(args[7])));
                } else {
                    vault.delete(args[2], args[3]);
                }
                outcome = "ok";
            } catch (RuntimeException e) {
                outcome = "failed: " + e.getMessage();
            }
            System.out.println("DONE " + outcome);
            System.out.flush();
        }
    }
}
