package org.maat.encdb.review;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plain H2's _ROWID_ of a table keyed by one integer column is the key; so is the split's when the key is plaintext. */
class SplitRowIdOfPlaintextKeyTest {

    @TempDir
    Path dir;

    @Test
    void rowIdOfAPlaintextIntegerPrimaryKeyIsTheKey() throws Exception {
        try (Pair db = new Pair(dir)) {
            db.both("CREATE TABLE P (ID INTEGER PRIMARY KEY COMMENT 'maat:plaintext', NAME VARCHAR(20))",
                    "INSERT INTO P VALUES (10, 'ann'), (20, 'bob'), (30, 'carla')");
            db.same("SELECT _ROWID_ AS RID, ID FROM P WHERE UPPER(NAME) <> 'X' ORDER BY ID");
            db.same("SELECT P._ROWID_, NAME FROM P WHERE LENGTH(NAME) = 3 ORDER BY 1");
        }
    }
}
