/**
 * The one reading of SQL text below the parser: {@link org.maat.encdb.lex.SqlLexer} cuts a statement into
 * code, string literals, quoted names and comments exactly where H2's own tokenizer does, for every part of
 * the driver that looks at SQL as text (statement admission, sign runs, split rendering, declared types).
 */
package org.maat.encdb.lex;
