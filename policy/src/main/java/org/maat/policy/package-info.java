/**
 * Maat's policy layer: the policy language ({@code lang}), its evaluator ({@code eval}), the standard
 * policy templates ({@code templates}), the reference monitor ({@code monitor}), the policy store
 * ({@code store}) and the mandatory access log ({@code mal}).
 */
package org.maat.policy;
