/**
 * Who may read a conduit, in words: a policy's read rule read back against the facts, for the conduit's
 * owner ("who can read this").
 */
package org.maat.policy.audience;
