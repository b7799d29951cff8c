/** The serving part of {@code maat demo}: scripted user sessions against the running server over HTTP. */
package org.maat.server.demo;
