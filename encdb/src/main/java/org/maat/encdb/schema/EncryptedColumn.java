package org.maat.encdb.schema;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

/**
 * One logical column of an encrypted table and its onion state: which onions it has, the current
 * (outermost remaining) layer of each, its join group (the label of the key its JOIN layer shares with
 * the columns it joins), its search mode, and, when a key constraint fixes its Eq onion at DET or
 * JOIN, the constraint's name. A plaintext column has no onions and is stored under its own name.
 *
 * <p>Physical columns have opaque names derived from the ordinal: {@code C3_EQ}, {@code C3_ORD},
 * {@code C3_ADD}, {@code C3_SRCH} and the per-row IV {@code C3_IV} shared by the Eq and Ord onions
 * (their RND layers use different keys).
 *
 * @param type null only for a plaintext column whose type the layer does not model
 * @param search {@code keyword} or {@code substring(m,n)} when the column has a Search onion
 * @param pinned why the Eq onion cannot sit at RND (e.g. {@code PRIMARY KEY EMP_EMP_ID_PK}), or null
 */
public record EncryptedColumn(String table, String name, int ordinal, ColumnType type, boolean nullable,
        boolean plaintext, Map<Onion, Layer> layers, String joinGroup, String search, String pinned) {

    public EncryptedColumn {
        EnumMap<Onion, Layer> copy = new EnumMap<>(Onion.class);
        copy.putAll(layers);
        layers = Collections.unmodifiableMap(copy);
    }

    /** {@code TABLE.COLUMN}: the label its keys are derived from. */
    public String qualifiedName() {
        return table + "." + name;
    }

    public boolean has(Onion onion) {
        return layers.containsKey(onion);
    }

    public Set<Onion> onions() {
        return layers.keySet();
    }

    /** Current layer of an onion the column has. */
    public Layer layer(Onion onion) {
        Layer l = layers.get(onion);
        if (l == null) {
            throw new IllegalArgumentException(qualifiedName() + " has no " + onion + " onion");
        }
        return l;
    }

    /** Whether the onion has been peeled down to {@code target} or further. */
    public boolean reached(Onion onion, Layer target) {
        return onion.layers().indexOf(layer(onion)) >= onion.layers().indexOf(target);
    }

    /** Whether any onion's current layer is RND, so rows carry an IV. */
    public boolean needsIv() {
        return layers.get(Onion.EQ) == Layer.RND || layers.get(Onion.ORD) == Layer.RND;
    }

    public EncryptedColumn withLayer(Onion onion, Layer layer) {
        EnumMap<Onion, Layer> copy = new EnumMap<>(Onion.class);
        copy.putAll(layers);
        copy.put(onion, layer);
        return new EncryptedColumn(table, name, ordinal, type, nullable, plaintext, copy, joinGroup, search, pinned);
    }

    public EncryptedColumn withJoinGroup(String group) {
        return new EncryptedColumn(table, name, ordinal, type, nullable, plaintext, layers, group, search, pinned);
    }

    public EncryptedColumn withPinned(String reason) {
        return new EncryptedColumn(table, name, ordinal, type, nullable, plaintext, layers, joinGroup, search, reason);
    }

    /** Physical column holding an onion, or the column itself when plaintext. */
    public String physical(Onion onion) {
        return switch (onion) {
            case EQ -> "C" + ordinal + "_EQ";
            case ORD -> "C" + ordinal + "_ORD";
            case ADD -> "C" + ordinal + "_ADD";
            case SEARCH -> "C" + ordinal + "_SRCH";
        };
    }

    /** Physical IV column. */
    public String ivColumn() {
        return "C" + ordinal + "_IV";
    }

    /** Physical name of a plaintext column. */
    public String plainColumn() {
        return Identifiers.quote(name);
    }
}
