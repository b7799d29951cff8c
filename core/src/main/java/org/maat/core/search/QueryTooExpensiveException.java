package org.maat.core.search;

/**
 * A query refused before it runs because it would cost too much ({@link QueryBudget}); the message
 * says which limit and by how much. A bad request: HTTP 400, exit code 2.
 */
public final class QueryTooExpensiveException extends IllegalArgumentException {

    public QueryTooExpensiveException(String message) {
        super(message);
    }
}
