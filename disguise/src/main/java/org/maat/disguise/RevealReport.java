package org.maat.disguise;

/** What a reveal restored: rows or items put back, references re-pointed, pseudoprincipals removed. */
public record RevealReport(String disguise, String principal, int restored, int recorrelated,
                           int pseudoprincipalsRemoved) {
}
