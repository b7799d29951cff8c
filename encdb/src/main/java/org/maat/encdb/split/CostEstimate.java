package org.maat.encdb.split;

import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;

/**
 * System R's selectivity guesses (Selinger et al., 1979) for the conditions a scan can push: equality
 * 1/10, range 1/3, BETWEEN 1/4, LIKE 1/10, IN with k values k/10, IS NULL 1/10; AND multiplies, OR adds
 * (minus the overlap). The cost of a scan is its estimated rows times the columns it ships: what H2
 * sends and the client decrypts.
 */
final class CostEstimate {

    private CostEstimate() {
    }

    /** Fraction of rows {@code condition} keeps. */
    static double selectivity(Expression condition) {
        Expression e = condition;
        if (e instanceof Parenthesis p) {
            return selectivity(p.getExpression());
        }
        if (e instanceof AndExpression a) {
            return selectivity(a.getLeftExpression()) * selectivity(a.getRightExpression());
        }
        if (e instanceof OrExpression o) {
            double l = selectivity(o.getLeftExpression());
            double r = selectivity(o.getRightExpression());
            return Math.min(1, l + r - l * r);
        }
        if (e instanceof NotExpression n) {
            return 1 - selectivity(n.getExpression());
        }
        if (e instanceof EqualsTo) {
            return 0.1;
        }
        if (e instanceof NotEqualsTo) {
            return 0.9;
        }
        if (e instanceof ComparisonOperator) {
            return 1.0 / 3;
        }
        if (e instanceof Between) {
            return 0.25;
        }
        if (e instanceof LikeExpression l) {
            return l.isNot() ? 0.9 : 0.1;
        }
        if (e instanceof IsNullExpression n) {
            return n.isNot() ? 0.9 : 0.1;
        }
        if (e instanceof InExpression in) {
            double s = in.getRightExpression() instanceof ExpressionList<?> list ? Math.min(1, list.size() * 0.1) : 0.5;
            return in.isNot() ? 1 - s : s;
        }
        return 0.5;
    }

    /** Fraction kept by the OR of occurrences, each the AND of its conditions. */
    static double selectivity(List<List<Expression>> occurrences) {
        double none = 1;
        for (List<Expression> conjuncts : occurrences) {
            double s = 1;
            for (Expression c : conjuncts) {
                s *= selectivity(c);
            }
            none *= 1 - s;
        }
        return 1 - none;
    }
}
