package org.maat.frontend.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.access.AccessExplanation;

/**
 * An {@link AccessExplanation} as the JSON API gives it: {@code "owner","template","why":{"monitored",
 * "allowed","rule","because":[...],"failures":[...]}} and, for the owner only, {@code "readers":[...]}.
 */
final class AccessJson {

    private AccessJson() {
    }

    static Map<String, Object> of(AccessExplanation access) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("owner", access.owner());
        out.put("template", access.template());
        Map<String, Object> why = new LinkedHashMap<>();
        why.put("monitored", access.decision().isPresent());
        why.put("allowed", access.allowed());
        why.put("rule", access.grantingRule().orElse(null));
        why.put("because", access.because());
        why.put("failures", access.failures());
        out.put("why", why);
        access.readers().ifPresent(r -> out.put("readers", r.lines()));
        return out;
    }
}
