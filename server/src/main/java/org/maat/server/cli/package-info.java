/** The server module's commands: {@code maat serve}, {@code maat shard} and {@code maat bench serve}. */
package org.maat.server.cli;
