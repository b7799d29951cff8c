package org.maat.encdb.schema;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

/**
 * What the encrypted database exposes to H2, per column and onion: the current layer and what
 * exposing it reveals ({@link Layer#leakage()}), plus, per column, the weakest layer exposed so far.
 * Built from a catalog snapshot, so it states exactly what the physical columns hold.
 */
public record LayerReport(List<Entry> entries) {

    /** One onion of one column; {@code pinned} names the key constraint that fixed the layer, if any. */
    public record Entry(String table, String column, Onion onion, Layer layer, String pinned) {
        public String leakage() {
            return layer.leakage();
        }
    }

    public LayerReport {
        entries = List.copyOf(entries);
    }

    /** The report of every encrypted column in {@code snapshot}, by table, column and onion. */
    public static LayerReport of(CatalogSnapshot snapshot) {
        List<Entry> entries = new ArrayList<>();
        snapshot.tables().values().stream().sorted(Comparator.comparing(EncryptedTable::name)).forEach(t -> {
            for (EncryptedColumn c : t.columns()) {
                for (Onion o : c.onions()) {
                    entries.add(new Entry(t.name(), c.name(), o, c.layer(o), o == Onion.EQ ? c.pinned() : null));
                }
            }
        });
        return new LayerReport(entries);
    }

    /** The entry for one column's onion, or null. */
    public Entry entry(String table, String column, Onion onion) {
        return entries.stream().filter(e -> e.table().equals(table) && e.column().equals(column)
                && e.onion() == onion).findFirst().orElse(null);
    }

    /** Entries whose layer is not their onion's outermost one (what queries or keys have peeled). */
    public List<Entry> exposedBelowOutermost() {
        return entries.stream().filter(e -> e.layer() != e.onion().layers().get(0)).toList();
    }

    /**
     * The weakest layer a column exposes: the lowest layer among its onions, ranked by leakage
     * (RND and HOM reveal nothing but lengths; SEARCH reveals searched words; DET and JOIN equality;
     * OPE order).
     */
    public Layer weakest(String table, String column) {
        return entries.stream().filter(e -> e.table().equals(table) && e.column().equals(column))
                .map(Entry::layer).max(Comparator.comparingInt(LayerReport::exposure)).orElse(null);
    }

    /** A fixed-width text table: one line per column with its weakest layer and its leakage. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-34s %-22s %-7s %s%n", "COLUMN", "ONIONS", "WEAKEST", "LEAKS"));
        String last = null;
        for (Entry e : entries) {
            String col = e.table() + "." + e.column();
            if (col.equals(last)) {
                continue;
            }
            last = col;
            StringBuilder onions = new StringBuilder();
            for (Entry o : entries) {
                if (o.table().equals(e.table()) && o.column().equals(e.column())) {
                    onions.append(onions.length() == 0 ? "" : " ").append(o.onion()).append('=').append(o.layer());
                }
            }
            Layer weakest = weakest(e.table(), e.column());
            String pinned = entries.stream().filter(o -> o.table().equals(e.table()) && o.column().equals(e.column())
                    && o.pinned() != null).map(o -> " [fixed by " + o.pinned() + "]").findFirst().orElse("");
            sb.append(String.format("%-34s %-22s %-7s %s%s%n", col, onions, weakest, weakest.leakage(), pinned));
        }
        return sb.toString();
    }

    private static int exposure(Layer l) {
        return switch (l) {
            case RND, HOM -> 0;
            case SEARCH -> 1;
            case DET -> 2;
            case JOIN -> 3;
            case OPE -> 4;
        };
    }
}
