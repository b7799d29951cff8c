/**
 * The WebSubmit-shaped workload of the Edna evaluation (users, lectures, questions, one answer per
 * user and question): a deterministic generator ({@link org.maat.bench.websubmit.WebSubmitData}) and
 * its batched loader ({@link org.maat.bench.websubmit.WebSubmitLoader}) over the sample schema of
 * {@code maat-disguise}.
 */
package org.maat.bench.websubmit;
