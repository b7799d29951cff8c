package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.accounts.AccountStore;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.policy.Conduit;

/**
 * A disguise and its reveal over a data directory encrypted at rest under the Selective model, whose private
 * documents' policies require ChaCha20 while the volume writes ChaCha8: the documents the reveal puts back into
 * the conduit store are sealed as their policies require, not under the write cipher. Checked on the volume's
 * own account of the blocks that hold each restored record's bytes.
 */
class SearchDisguisesAtRestTest {

    @TempDir
    Path dir;

    @Test
    void deleteThenRevealRestoresPrivateRecordsUnderTheCipherTheirPolicyRequires() throws Exception {
        Path root = Files.createDirectories(dir.resolve("data-15"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        DataDir data = TestData.generate(dir, SearchFixture.DOCUMENTS, 15,
                TestData.SPEC.withAtRest(PopulationSpec.parseAtRest("private=chacha20,public=chacha8")));
        assertThat(data.root()).isEqualTo(root);
        IndexLayout index = TestData.index(data, root.resolve("index"), 2);

        PrivateKey key = PrincipalKeys.generate();
        List<String> secrets;
        try (DataSet set = DataSet.openForChanges(data);
             SearchDisguises disguises = new SearchDisguises(set, AccountStore.open(data), index,
                     Monitoring.REFERENCE_MONITOR)) {
            String owner = ownerOfAPrivateDocument(set);
            secrets = privateDocumentsOf(set, owner);
            padWithUnrequiredBlocks(set, owner);
            disguises.register(owner, key.publicKey());
            SearchReceipt receipt = disguises.disguise(SearchDisguisesTest.DELETE, owner, PrincipalProof.none());
            set.refreshDocuments();
            assertThat(set.documents().get(secrets.get(0))).as("deleted").isEmpty();
            disguises.reveal(receipt.receipt().locator(), key);
        }
        // A fresh reader: the restored records' ciphers are what is checked here, not the live view's refresh.
        try (ConduitStore documents = ConduitStore.open(data.documents())) {
            for (String id : secrets) {
                Document restored = documents.get(id).orElseThrow();
                assertThat(ciphersHolding(volume, data, restored.body())).as("blocks of restored private " + id)
                        .isNotEmpty().containsOnly(Ciphers.CHACHA20);
            }
        }
    }

    /**
     * Ends the store with blocks that hold only bytes requiring nothing (another user's document, restored with a
     * long body), so that the records a reveal appends get only what they themselves require: the block a
     * generated store ends with may already require ChaCha20 for an earlier private record.
     */
    private static void padWithUnrequiredBlocks(DataSet set, String owner) throws IOException {
        String other;
        try (Stream<Conduit> all = set.policies().conduits()) {
            other = all.filter(c -> !c.owner().equals(owner) && set.engine().minimumAtRest(c.policy()).isEmpty())
                    .map(Conduit::id).sorted().findFirst()
                    .orElseThrow(() -> new IllegalStateException("no document without an at-rest requirement"));
        }
        try (ConduitStoreEditor edit = set.editDocuments()) {
            Document d = edit.remove(other);
            edit.restore(new Document(d.id(), d.title(), d.date(), d.body() + " filler".repeat(1500)), null);
            edit.commit();
        }
        set.refreshDocuments();
    }

    /** The owner of the first document whose policy requires ChaCha20 at rest. */
    private static String ownerOfAPrivateDocument(DataSet set) {
        try (Stream<Conduit> all = set.policies().conduits()) {
            return all.filter(c -> requiresChaCha20(set, c)).map(Conduit::owner).sorted().findFirst()
                    .orElseThrow(() -> new IllegalStateException("no document requiring chacha20 in the test data"));
        }
    }

    private static List<String> privateDocumentsOf(DataSet set, String owner) {
        try (Stream<Conduit> all = set.policies().conduits()) {
            return all.filter(c -> c.owner().equals(owner) && requiresChaCha20(set, c)).map(Conduit::id).sorted()
                    .toList();
        }
    }

    private static boolean requiresChaCha20(DataSet set, Conduit c) {
        return set.engine().minimumAtRest(c.policy()).equals(Optional.of(Ciphers.CHACHA20.name()));
    }

    /** The ciphers of the blocks holding {@code text}'s bytes, in whichever segment holds it. */
    private static List<AtRestCipher> ciphersHolding(AtRestVolume volume, DataDir data, String text)
            throws IOException {
        List<Path> segments;
        try (Stream<Path> s = Files.list(data.documents())) {
            segments = s.filter(p -> p.getFileName().toString().matches("segment-\\d+\\.dat")).sorted().toList();
        }
        for (Path segment : segments) {
            try (EncryptedChannel c = volume.open(segment, StandardOpenOption.READ)) {
                ByteBuffer all = ByteBuffer.allocate((int) c.size());
                while (all.hasRemaining() && c.read(all, all.position()) >= 0) {
                    // positional reads until full
                }
                // One char per byte: indexes are byte positions.
                String needle = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
                int at = new String(all.array(), StandardCharsets.ISO_8859_1).indexOf(needle);
                if (at >= 0) {
                    int end = at + needle.length();
                    return c.blockCiphers().subList(at / volume.blockSize(), (end - 1) / volume.blockSize() + 1);
                }
            }
        }
        throw new AssertionError("no segment holds " + text);
    }
}
