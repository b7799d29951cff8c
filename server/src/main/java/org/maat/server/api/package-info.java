/** A client of the front-end's JSON API, as the demo and the HTTP benchmark use it. */
package org.maat.server.api;
