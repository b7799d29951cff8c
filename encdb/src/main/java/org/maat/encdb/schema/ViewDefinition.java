package org.maat.encdb.schema;

/** A view created through the driver: its name and defining SELECT, expanded into queries that use it. */
public record ViewDefinition(String name, String selectSql) {
}
