package org.maat.disguise.search;

import java.util.List;
import java.util.Map;
import org.maat.core.conduit.Document;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.PolicyId;

/**
 * The records a search disguise keeps in its sealed bag and writes into its journal entry: plain
 * values that Jackson maps, converted to and from core's types here and nowhere else.
 */
final class SearchRecords {

    private SearchRecords() {
    }

    /** A policy-store conduit. */
    record ConduitRecord(String id, String name, String owner, long policy, Map<String, String> attributes) {
        ConduitRecord {
            attributes = Map.copyOf(attributes);
        }

        static ConduitRecord of(Conduit c) {
            return new ConduitRecord(c.id(), c.name(), c.owner(), c.policy().value(), c.attributes());
        }

        Conduit toConduit() {
            return new Conduit(id, name, owner, new PolicyId(policy), attributes);
        }

        ConduitRecord ownedBy(String newOwner) {
            return new ConduitRecord(id, name, newOwner, policy, attributes);
        }
    }

    /** A fact of the policy store, e.g. {@code friend(u3, u7)}. */
    record FactRecord(String relation, List<String> args) {
        FactRecord {
            args = List.copyOf(args);
        }

        static FactRecord of(Fact f) {
            return new FactRecord(f.relation(), f.args());
        }

        Fact toFact() {
            return new Fact(relation, args);
        }
    }

    /** A document's contents in the conduit store. */
    record DocumentRecord(String id, String title, String date, String body) {
        static DocumentRecord of(Document d) {
            return new DocumentRecord(d.id(), d.title(), d.date(), d.body());
        }

        Document toDocument() {
            return new Document(id, title, date, body);
        }
    }

    /** A document with its conduit: what a removal keeps, and what the index is given to (re-)add. */
    record LabelledRecord(ConduitRecord conduit, DocumentRecord document) {
    }

    /** A file of a user's profile directory, by its path relative to {@code profile/USER}. */
    record ProfileFile(String path, byte[] content) {
    }

    /**
     * The lines a disguise took out of another user's search history ({@code profile/USER/history}) because they
     * name a document it removed (the front-end's {@code {"time":...,"view":"dN"}}), with what puts them back.
     *
     * @param user   whose history it is
     * @param lines  the lines taken out, in file order, each with its index in the file as it was then
     * @param byTime whether each line goes back after the last line no later than it (true when that gave the file
     *               back exactly when they were taken out: a history in time order, as the front-end writes it),
     *               rather than at its index ({@link HistoryLines})
     */
    record WithdrawnViews(String user, List<WithdrawnLine> lines, boolean byTime) {
        WithdrawnViews {
            lines = List.copyOf(lines);
        }
    }

    /** One line of a history, with its newline, and its index in the file when it was taken out. */
    record WithdrawnLine(int at, byte[] bytes) {
    }

    /**
     * A reveal's rewrite of one user's history: {@code views}, then each of {@code more}, put back into the file as
     * it was when the reveal was planned ({@code fromLength} bytes hashing to {@code fromHash}), giving {@code to};
     * lines the user appended since stay after it. A roll-forward finds {@code to} at the start of the file and does
     * nothing. One rewrite a user: the lines of the bag and those handed back by other users' reveals
     * ({@link ReturnMail}) go in together.
     */
    record HistoryRewrite(WithdrawnViews views, long fromLength, String fromHash, byte[] to, List<WithdrawnViews> more) {
        HistoryRewrite {
            more = more == null ? List.of() : List.copyOf(more); // absent from journal entries written before it
        }
    }

    /**
     * A watch filed under a document that a disguise took because it removed the document ({@link Departures}), with
     * the private key of its <em>return</em>: the public half is filed under the token, and a reveal of another user
     * that leaves out history lines naming the document seals them to it, for this disguise's reveal to put back.
     */
    record TakenWatch(String token, String document, String returnKey) {
    }

    /** A pseudoprincipal this disguise created, and its private key: whoever opens the bag speaks for it. */
    record SpeaksFor(String pseudoprincipal, String privateKey) {
    }

    /**
     * A document whose owner a disguise replaced by a pseudoprincipal; {@code conduit} is as it was, and
     * {@code contentHash} the SHA-256 of its contents then, so a reveal sees an edit made since.
     */
    record Decorrelation(ConduitRecord conduit, String pseudoprincipal, String contentHash) {
    }

    /** The hex SHA-256 of a document's title, date and body: what tells an edited document. */
    static String contentHash(Document d) {
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            for (String part : List.of(d.title(), d.date(), d.body())) {
                byte[] bytes = part.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                sha.update(java.nio.ByteBuffer.allocate(4).putInt(bytes.length).array());
                sha.update(bytes);
            }
            return java.util.HexFormat.of().formatHex(sha.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
