/**
 * Maat's search front-end, a standard Jakarta Servlet 6 web application: {@code app} holds the
 * framework-free front-end (sessions, search fan-out, personalization, document view, MAL access,
 * history), {@code web} the servlets, pages and JSON API over it.
 */
package org.maat.frontend;
