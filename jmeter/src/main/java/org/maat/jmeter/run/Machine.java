package org.maat.jmeter.run;

/**
 * What the figures were measured on, as {@code run.json} records it.
 *
 * @param cores  available processors
 * @param jdk    the Java runtime version running the servers
 * @param os     operating system name and version
 * @param jmeter the JMeter version that sent the load
 */
public record Machine(int cores, String jdk, String os, String jmeter) {

    /** This machine, loaded by {@code jmeterVersion}. */
    public static Machine current(String jmeterVersion) {
        return new Machine(Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"), jmeterVersion);
    }
}
