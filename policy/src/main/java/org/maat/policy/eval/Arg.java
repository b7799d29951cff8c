package org.maat.policy.eval;

import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.Term;

/** A compiled term: a constant, a field read from the context, or a variable slot of the frame. */
final class Arg {

    enum Kind { CONSTANT, FIELD, VARIABLE }

    final Kind kind;
    final String constant;
    final Term.Field field;
    final int slot;
    final String text;

    private Arg(Kind kind, String constant, Term.Field field, int slot, String text) {
        this.kind = kind;
        this.constant = constant;
        this.field = field;
        this.slot = slot;
        this.text = text;
    }

    static Arg constant(String value, Term source) {
        return new Arg(Kind.CONSTANT, value, null, -1, PolicyPrinter.print(source));
    }

    static Arg field(Term.Field field) {
        return new Arg(Kind.FIELD, null, field, -1, PolicyPrinter.print(field));
    }

    static Arg variable(int slot, String name) {
        return new Arg(Kind.VARIABLE, null, null, slot, name);
    }

    /** The value, or null for an unbound variable (or a field the context lacks). */
    String value(Frame frame) {
        return switch (kind) {
            case CONSTANT -> constant;
            case VARIABLE -> frame.slots[slot];
            case FIELD -> frame.field(field);
        };
    }

    /** The argument as written, with its current value when it has one: {@code K="bob"}. */
    String describe(Frame frame) {
        if (kind == Kind.CONSTANT) {
            return text;
        }
        String v = value(frame);
        return text + "=" + (v == null ? "?" : '"' + v + '"');
    }
}
