package org.maat.policy.lang;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.maat.policy.templates.PolicyTemplates;
import org.maat.policy.templates.StandardPolicy;

/** Properties of the parser and printer over generated policies and generated garbage. */
class PolicyLanguageProperties {

    @Property(tries = 500)
    void printedPolicyParsesBackToItself(@ForAll("policies") Policy policy) {
        String text = PolicyPrinter.print(policy);
        assertThat(PolicyParser.parse(text)).isEqualTo(policy);
        assertThat(PolicyPrinter.print(PolicyParser.parse(text))).isEqualTo(text);
    }

    @Property(tries = 2000)
    void randomTextOnlyEverFailsWithASyntaxError(@ForAll @StringLength(max = 80) String text) {
        parseExpectingOnlySyntaxErrors(text);
    }

    @Property(tries = 2000)
    void randomTokenSoupOnlyEverFailsWithASyntaxError(@ForAll("tokenSoup") String text) {
        parseExpectingOnlySyntaxErrors(text);
    }

    @Property(tries = 3000)
    void mutatedValidPoliciesOnlyEverFailWithASyntaxError(@ForAll("templateTexts") String valid,
                                                          @ForAll @IntRange(min = 0, max = 10_000) int at,
                                                          @ForAll @IntRange(min = 0, max = 3) int kind,
                                                          @ForAll("mutationText") String insert) {
        int pos = at % (valid.length() + 1);
        String mutated = switch (kind) {
            case 0 -> valid.substring(0, pos) + insert + valid.substring(pos);
            case 1 -> valid.substring(0, pos) + valid.substring(Math.min(valid.length(), pos + insert.length() + 1));
            case 2 -> valid.substring(0, pos);
            default -> valid.substring(pos) + valid.substring(0, pos);
        };
        parseExpectingOnlySyntaxErrors(mutated);
    }

    private static void parseExpectingOnlySyntaxErrors(String text) {
        try {
            ParsedPolicy parsed = PolicyParser.parseWithPositions(text);
            // A text that parses must also survive the checker and the printer.
            PolicyChecker.check(parsed);
            assertThat(PolicyParser.parse(PolicyPrinter.print(parsed.policy()))).isEqualTo(parsed.policy());
        } catch (PolicySyntaxError expected) {
            assertThat(expected.line()).isPositive();
            assertThat(expected.column()).isPositive();
        }
    }

    @Provide
    Arbitrary<String> templateTexts() {
        return Arbitraries.of(StandardPolicy.values()).flatMap(t -> Arbitraries.of(
                PolicyTemplates.text(t, false),
                t.isDocumentPolicy() ? PolicyTemplates.text(t, true) : PolicyTemplates.text(t, false)));
    }

    @Provide
    Arbitrary<String> mutationText() {
        return Arbitraries.of("(", ")", ";", ",", ".", "\"", ":-", "not", "and", "or", "until", "#", "\n",
                "this.", "X", "ONLY_CND_IDS+", "-1", "é", "\\", " ");
    }

    @Provide
    Arbitrary<String> tokenSoup() {
        return mutationText().list().ofMaxSize(25).map(l -> String.join(" ", l));
    }

    @Provide
    Arbitrary<Policy> policies() {
        return rule().list().ofMaxSize(4).map(Policy::new);
    }

    private Arbitrary<Rule> rule() {
        Arbitrary<Permission> permission = Arbitraries.of(Permission.class);
        return Combinators.combine(permission, expr(3), Arbitraries.of(Release.class).injectNull(0.5))
                .as(Rule::new);
    }

    private Arbitrary<Expr> expr(int depth) {
        if (depth == 0) {
            return leaf();
        }
        Arbitrary<Expr> sub = Arbitraries.lazy(() -> expr(depth - 1));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, leaf()),
                net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(Expr.Or::new)),
                net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(Expr.And::new)),
                net.jqwik.api.Tuple.of(1, sub.map(Expr.Not::new)));
    }

    private Arbitrary<Expr> leaf() {
        Arbitrary<Expr> constant = Arbitraries.of(true, false).map(Expr.Const::new);
        Arbitrary<String> name = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6)
                .filter(s -> !PolicyParser.KEYWORDS.contains(s));
        Arbitrary<Expr> atom = Combinators.combine(name, term().list().ofMaxSize(3)).as(Expr.Atom::new);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, constant), net.jqwik.api.Tuple.of(5, atom));
    }

    private Arbitrary<Term> term() {
        Arbitrary<Term> variable = Arbitraries.strings().withCharRange('A', 'Z').ofMinLength(1).ofMaxLength(3)
                .filter(s -> !s.startsWith("ONLY_CND_IDS")).map(Term.Variable::new);
        Arbitrary<Term> string = Arbitraries.strings().ofMaxLength(8).map(Term.Str::new);
        Arbitrary<Term> number = Arbitraries.bigDecimals().between(new BigDecimal("-1000"), new BigDecimal("1000"))
                .ofScale(2).map(Term.Num::new);
        Arbitrary<Term> field = Combinators.combine(Arbitraries.of(Term.Scope.class),
                Arbitraries.of(List.of("id", "owner", "read", "region", "name", "until", "x1")))
                .as(Term.Field::new);
        return Arbitraries.oneOf(variable, string, number, field);
    }
}
