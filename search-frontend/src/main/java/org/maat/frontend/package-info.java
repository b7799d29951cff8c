/**
 * Maat's search front-end, a standard Jakarta Servlet 6 web application: {@code config} holds the
 * configuration contract (setting names, defaults, validation) that the launchers share with it,
 * {@code app} the framework-free front-end (sessions, search fan-out, personalization, document view,
 * MAL access, history), {@code web} the servlets, pages and JSON API over it.
 */
package org.maat.frontend;
