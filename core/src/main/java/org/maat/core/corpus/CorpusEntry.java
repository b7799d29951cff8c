package org.maat.core.corpus;

/**
 * One document as a corpus gives it, before it becomes a conduit: its id in the source (empty when
 * the source has none), title, date (as the source writes it) and body text.
 */
public record CorpusEntry(String sourceId, String title, String date, String body) {

    public CorpusEntry {
        sourceId = sourceId == null ? "" : sourceId;
        title = title == null ? "" : title;
        date = date == null ? "" : date;
        body = body == null ? "" : body;
    }
}
