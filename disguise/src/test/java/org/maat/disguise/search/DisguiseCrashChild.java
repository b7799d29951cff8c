package org.maat.disguise.search;

import java.nio.file.Files;
import java.nio.file.Path;
import org.maat.core.data.DataDir;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.store.Locator;

/**
 * The child JVM of {@link SearchDisguiseCrashIT}: opens the data as the command line does, applies or
 * reveals a disguise, prints each step's name as it is done, and at the step named {@code stop} waits to
 * be killed (so the SIGKILL lands exactly after that step).
 *
 * <p>Arguments: {@code apply-delete|apply-anonymize|reveal DATA INDEX USER KEY-FILE LOCATOR-FILE STOP}.
 */
public final class DisguiseCrashChild {

    private DisguiseCrashChild() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        DataDir data = DataDir.at(Path.of(args[1]));
        Path index = Path.of(args[2]);
        String user = args[3];
        PrivateKey key = PrivateKey.parse(Files.readString(Path.of(args[4])));
        Path locatorFile = Path.of(args[5]);
        String stop = args[6];
        try (SearchDisguises disguises = SearchDisguises.open(data, index)) {
            disguises.observedBy(step -> {
                System.out.println(step);
                System.out.flush();
                if (step.equals(stop)) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    System.exit(3); // never reached: the parent kills the JVM while it sleeps
                }
            });
            switch (mode) {
                case "apply-delete" -> disguises.apply(SearchDisguisesTest.DELETE, user, PrincipalProof.none());
                case "apply-anonymize" -> disguises.apply(SearchDisguisesTest.ANONYMIZE, user, PrincipalProof.none());
                case "reveal" -> disguises.reveal(Locator.parse(Files.readString(locatorFile)), key);
                default -> throw new IllegalArgumentException(mode);
            }
        }
        System.out.println("done");
    }
}
