/** The search part of {@code maat demo}. */
package org.maat.core.demo;
