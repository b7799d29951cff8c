package org.maat.core.search;

import java.util.Collections;
import java.util.List;

/**
 * Test scaffolding beside {@link TokenStreamTrojan}, not part of it: the trojans planted, so a test can disarm them
 * for the test classes that run after it on its thread. A static collection, which the rules on task code refuse;
 * {@code TokenStreamTrojanRulesTest} checks the trojan without it.
 */
public final class PlantedTrojans {

    public static final List<TokenStreamTrojan.Trojan> PLANTED = Collections.synchronizedList(new java.util.ArrayList<>());

    private PlantedTrojans() {
    }
}
