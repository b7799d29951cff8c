/**
 * The inside of an encrypted volume: the file format ({@link org.maat.atrest.file.FileHeader}, slots in
 * {@code BlockFile}), keys ({@link org.maat.atrest.file.VolumeKey}, {@link org.maat.atrest.file.FileKeys}), the
 * configuration ({@link org.maat.atrest.file.VolumeConfig}, {@link org.maat.atrest.file.ConfigFile}), the
 * channel over a file's regions, convergence and the status scan. Only {@code org.maat.atrest} uses it; other
 * modules go through {@link org.maat.atrest.AtRestVolume}.
 */
package org.maat.atrest.file;
