package org.maat.core.task;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.policy.Conduit;
import org.maat.policy.store.PolicyStore;

/**
 * The one checkpoint every index entry an indexer task writes crosses before any {@code IndexWriter} sees it: the
 * sequential indexer's and an in-place update's through their {@link IndexSink}, the MapReduce reducers' entry by
 * entry. An entry is the Lucene document task code (a {@code DocumentMapper}) made of a {@link LabelledDocument} the
 * runtime handed the task ({@link #issue}: the indexer's {@link DocumentReader}, an update's caller, a reducer);
 * {@link #admit} compares it with the index format ({@link IndexFields#document}) built from that source document,
 * and returns that freshly built entry to write, so the writer never sees an object task code made.
 *
 * <p>What it guarantees: <em>an entry holds only its own document's content.</em>
 * <ul>
 *   <li>Its source is a document the runtime issued to the task (the same object, so task code cannot forge one with
 *       other content), and each issue admits one entry.</li>
 *   <li>Content fields are exact copies of the source: {@code id} (a stored {@code StringField} and its sorted doc
 *       value) is the document's id, {@code title}, {@code body} and {@code date} its title, body and date, each present
 *       exactly once with the format's Lucene field class and type and a plain string value (no token stream or
 *       reader, no subclass that could produce its own tokens).</li>
 *   <li>No other field: no name outside the format, no extra copy of a format field.</li>
 *   <li>The metadata fields are copies that may be wrong, each restricted to a small domain: {@code owner} (stored
 *       field and doc value, equal to each other) is the document's owner or the owner of some conduit of the
 *       store; {@code template} is the canonical name of an {@link AccessTemplate}, and {@code access},
 *       {@code mal} and {@code censored} are its base and flags.</li>
 * </ul>
 * A refusal is an {@link IndexEntryRefusedException} naming the document and the field, never a value.
 *
 * <p>What it does not guarantee: that the metadata copies are right. A buggy or hostile task may give an entry another
 * owner or template from those domains, a few bits per entry; search results are checked by the monitor against the
 * conduits' real policies, which bounds what that can release. Which documents a task adds and in what order is the
 * task's (the sink routes each entry by its id and counts the entries itself). Documents issued and never admitted
 * stay remembered until the check is dropped (one run); a document issued twice may have two entries.
 */
public final class IndexEntryCheck {

    /** Every field name of the index format: anything else is refused without being named. */
    private static final Set<String> FORMAT = Set.of(IndexFields.ID, IndexFields.OWNER, IndexFields.ACCESS,
            IndexFields.MAL, IndexFields.CENSORED, IndexFields.TITLE, IndexFields.DATE, IndexFields.BODY,
            IndexFields.TEMPLATE);

    private final Supplier<Set<String>> storeOwners;
    /** Documents issued and not yet admitted, by identity, with how often each was issued. */
    private final Map<LabelledDocument, Integer> issued = new IdentityHashMap<>();
    private Set<String> owners;

    IndexEntryCheck(Supplier<Set<String>> storeOwners) {
        this.storeOwners = Objects.requireNonNull(storeOwners, "storeOwners");
    }

    /**
     * The check of entries of documents of {@code store}: an owner other than the document's own must own some
     * conduit of it. The set of owners is read once, at the first entry that needs it (an indexer that copies each
     * document's own owner never reads it).
     */
    public static IndexEntryCheck ownersOf(PolicyStore store) {
        Objects.requireNonNull(store, "store");
        return new IndexEntryCheck(() -> {
            try (Stream<Conduit> all = store.conduits()) {
                return all.map(Conduit::owner).collect(Collectors.toUnmodifiableSet());
            }
        });
    }

    /**
     * Records that the runtime hands {@code document} to the task: its entry may then be admitted, once. Returns
     * {@code document}.
     */
    public synchronized LabelledDocument issue(LabelledDocument document) {
        issued.merge(Objects.requireNonNull(document, "document"), 1, Integer::sum);
        return document;
    }

    /**
     * The entry to write for {@code source}: the index format's entry of {@code source} with {@code entry}'s
     * metadata copies, if {@code entry} is exactly that; throws {@link IndexEntryRefusedException} otherwise.
     */
    public Document admit(LabelledDocument source, Document entry) {
        synchronized (this) {
            if (!issued.containsKey(source)) {
                // Not named: a forged source's id is the task's text.
                throw new IndexEntryRefusedException(null, null, "it is the entry of a document the runtime did not"
                        + " hand to the task, or of one whose entry was written already");
            }
            issued.computeIfPresent(source, (document, times) -> times == 1 ? null : times - 1);
        }
        String id = source.document().id();
        Map<String, Integer> copies = new HashMap<>();
        for (IndexableField field : entry.getFields()) {
            if (!FORMAT.contains(field.name())) {
                throw new IndexEntryRefusedException(id, null, "it has a field outside the index format");
            }
            copies.merge(field.name(), 1, Integer::sum);
        }
        String owner = owner(source, entry);
        AccessTemplate template = template(id, entry);
        Document expected = IndexFields.document(source, owner, template);
        Map<String, Integer> format = new HashMap<>();
        expected.getFields().forEach(field -> format.merge(field.name(), 1, Integer::sum));
        for (String name : FORMAT) {
            if (!Objects.equals(copies.get(name), format.get(name))) {
                throw new IndexEntryRefusedException(id, name, "its field " + name + " is missing or repeated");
            }
        }
        for (IndexableField field : expected.getFields()) {
            if (entry.getFields().stream().noneMatch(candidate -> sameField(field, candidate))) {
                throw new IndexEntryRefusedException(id, field.name(), notACopy(field.name()));
            }
        }
        return expected;
    }

    /** The owner copy: the stored field, equal to the document's owner or to an owner of the store. */
    private String owner(LabelledDocument source, Document entry) {
        String id = source.document().id();
        String owner = plainString(single(id, entry, IndexFields.OWNER, StringField.class))
                .orElseThrow(() -> refusedAsNotACopy(id, IndexFields.OWNER));
        if (!owner.equals(source.conduit().owner()) && !knownOwners().contains(owner)) {
            throw new IndexEntryRefusedException(id, IndexFields.OWNER,
                    "its owner is neither the document's owner nor the owner of any conduit of the store");
        }
        return owner;
    }

    /** The template copy: the doc value, the canonical name of an access template. */
    private static AccessTemplate template(String id, Document entry) {
        IndexableField field = single(id, entry, IndexFields.TEMPLATE, SortedDocValuesField.class);
        BytesRef value = field.binaryValue();
        if (value == null || !field.fieldType().equals(SortedDocValuesField.TYPE)) {
            throw refusedAsNotACopy(id, IndexFields.TEMPLATE);
        }
        String name;
        try {
            name = value.utf8ToString();
        } catch (RuntimeException invalidUtf8) {
            name = "";
        }
        String decoded = name;
        return AccessTemplate.ofCanonicalName(name)
                .filter(t -> new BytesRef(decoded).bytesEquals(value)) // not a lossy decoding of invalid UTF-8
                .orElseThrow(() -> new IndexEntryRefusedException(id, IndexFields.TEMPLATE,
                        "its template is not the name of an access template"));
    }

    private static IndexableField single(String id, Document entry, String name, Class<? extends Field> kind) {
        List<IndexableField> fields = entry.getFields().stream()
                .filter(field -> field.name().equals(name) && field.getClass() == kind).toList();
        if (fields.size() != 1) {
            throw new IndexEntryRefusedException(id, name, "its field " + name + " is missing or repeated");
        }
        return fields.get(0);
    }

    /** The value of a field that holds a plain string and nothing else a writer would index instead. */
    private static Optional<String> plainString(IndexableField indexable) {
        Field field = (Field) indexable; // single() admits only the format's Field classes
        return field.readerValue() != null || field.tokenStreamValue() != null
                ? Optional.empty() : Optional.ofNullable(field.stringValue());
    }

    /**
     * Whether {@code candidate} is {@code expected}: the same class (so the same way of producing tokens), name,
     * Lucene field type and value, and no reader or token stream in place of the value.
     */
    private static boolean sameField(IndexableField expected, IndexableField candidate) {
        return candidate.getClass() == expected.getClass() // every class of the format is a Field
                && candidate.name().equals(expected.name())
                && candidate.fieldType().equals(expected.fieldType())
                && candidate.readerValue() == null
                && ((Field) candidate).tokenStreamValue() == null
                && Objects.equals(candidate.stringValue(), expected.stringValue())
                && Objects.equals(candidate.binaryValue(), expected.binaryValue())
                && Objects.equals(candidate.numericValue(), expected.numericValue());
    }

    private static IndexEntryRefusedException refusedAsNotACopy(String id, String name) {
        return new IndexEntryRefusedException(id, name, notACopy(name));
    }

    private static String notACopy(String name) {
        return switch (name) {
            case IndexFields.ID, IndexFields.TITLE, IndexFields.BODY, IndexFields.DATE ->
                    "its field " + name + " is not an exact copy of the document's " + name;
            case IndexFields.OWNER -> "its field owner is not one plain owner name, the same as stored and as doc value";
            case IndexFields.TEMPLATE -> "its field template is not one plain template name";
            default -> "its field " + name + " does not match its template";
        };
    }

    private synchronized Set<String> knownOwners() {
        if (owners == null) {
            owners = storeOwners.get();
        }
        return owners;
    }
}
