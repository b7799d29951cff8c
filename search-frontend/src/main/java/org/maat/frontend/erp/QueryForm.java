package org.maat.frontend.erp;

import java.util.List;

/**
 * What a page shows of one ERP query: its name, URL path segment, what it asks, whether it is sent
 * by POST (the writes Q16-Q18) or GET, and a field per parameter.
 *
 * @param path the segment after {@code /erp/}, e.g. {@code q10r}
 */
public record QueryForm(String query, String path, String description, boolean write, List<Field> fields) {

    public QueryForm {
        fields = List.copyOf(fields);
    }

    /**
     * One parameter's field.
     *
     * @param type        what a value must be: {@code text}, {@code integer}, {@code decimal} or {@code date}
     * @param value       what the request gave, or empty
     * @param placeholder what leaving it blank binds: the seeded default, or how a value is drawn
     */
    public record Field(String name, String type, String value, String placeholder) {
    }
}
