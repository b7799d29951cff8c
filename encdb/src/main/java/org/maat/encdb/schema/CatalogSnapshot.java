package org.maat.encdb.schema;

import java.util.List;
import java.util.Map;

/**
 * An immutable view of the encrypted schema at one catalog version. Plans are built against a
 * snapshot and are valid while the catalog's version is unchanged.
 */
public record CatalogSnapshot(long version, Map<String, EncryptedTable> tables, Map<String, ViewDefinition> views,
        Map<String, RoutineDefinition> routines, Map<String, TriggerDefinition> triggers) {

    public CatalogSnapshot {
        tables = Map.copyOf(tables);
        views = Map.copyOf(views);
        routines = Map.copyOf(routines);
        triggers = Map.copyOf(triggers);
    }

    public EncryptedTable table(String name) {
        return tables.get(name);
    }

    public ViewDefinition view(String name) {
        return views.get(name);
    }

    /** Triggers on {@code table} for {@code event} (INSERT, UPDATE or DELETE). */
    public List<TriggerDefinition> triggers(String table, String event) {
        return triggers.values().stream()
                .filter(t -> t.table().equals(table) && t.events().contains(event))
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toList();
    }
}
