package org.maat.policy.eval;

/** What to do once a literal holds: the rest of the conjunction. Returns whether it succeeded. */
@FunctionalInterface
interface Cont {

    Cont SUCCEED = frame -> true;

    boolean run(Frame frame);
}
