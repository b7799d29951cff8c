/**
 * What Maat tells a person about access to one document: the monitor's explanation of their read and, for
 * the owner alone, who may read it. Shared by the front-end's pages and {@code maat policy explain}.
 */
package org.maat.core.access;
