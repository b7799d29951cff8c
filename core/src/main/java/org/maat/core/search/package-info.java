/**
 * Search task code: query composition, the session filter, top-k retrieval over shards, the search
 * task that writes a result list of conduit ids, and snippets fetched with checked reads. It
 * reaches data only through its task context; the monitor checks everything it outputs.
 */
package org.maat.core.search;
