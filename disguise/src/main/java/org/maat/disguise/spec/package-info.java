/**
 * Disguise specifications: one JSON file per disguise saying, per table (JDBC) or data kind (search
 * data), which of the principal's rows to remove, which columns to modify and which references to
 * decorrelate to a fresh pseudoprincipal. A malformed file is refused with FILE:LINE:COLUMN and what
 * is wrong. The format is documented in the README ("Disguise specifications").
 */
package org.maat.disguise.spec;
