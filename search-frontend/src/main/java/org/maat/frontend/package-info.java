/** Placeholder so the module compiles; replaced by the module's first classes. */
package org.maat.frontend;
