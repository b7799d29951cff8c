package org.maat.core.task;

import org.maat.core.conduit.Document;
import org.maat.policy.Conduit;

/** A document with its conduit (owner, policy, attributes), as a task handle returns it after the gate saw the read. */
public record LabelledDocument(Conduit conduit, Document document) {
}
