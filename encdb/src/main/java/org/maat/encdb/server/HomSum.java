package org.maat.encdb.server;

import java.sql.SQLException;
import java.sql.Types;
import org.h2.api.AggregateFunction;
import org.maat.encdb.onion.PaillierPublicKey;

/**
 * SUM over HOM (Paillier) ciphertexts inside H2: the product of the group's ciphertexts modulo
 * {@code n^2}, which is a ciphertext of the sum of their plaintexts. Called with the ciphertext column
 * and {@code n^2} as a second argument, e.g.
 * <pre>
 * CREATE AGGREGATE MAAT_HOM_SUM FOR "org.maat.encdb.server.HomSum";
 * SELECT DEPARTMENT_ID_EQ, MAAT_HOM_SUM(SALARY_ADD, CAST(? AS VARBINARY)) FROM EMPLOYEES GROUP BY DEPARTMENT_ID_EQ;
 * </pre>
 * (H2 cannot infer the type of a bare {@code ?} argument of a user-defined aggregate: cast it, or
 * inline n^2 as a {@code X'...'} literal.)
 * NULL ciphertexts are skipped and a group with no non-NULL value sums to NULL, as SQL's SUM does; the
 * driver gets AVG as this sum divided by COUNT. H2 makes one instance per group, so no state is shared.
 */
public final class HomSum implements AggregateFunction {

    private PaillierPublicKey key;
    private byte[] sum;

    @Override
    public int getType(int[] inputTypes) throws SQLException {
        if (inputTypes.length != 2) {
            throw new SQLException("HOM sum takes two arguments (ciphertext, n^2), got " + inputTypes.length);
        }
        return Types.VARBINARY;
    }

    @Override
    public void add(Object value) throws SQLException {
        Object[] args = (Object[]) value;
        byte[] ct = ServerFunctions.bytes(args[0]);
        if (ct == null) {
            return;
        }
        try {
            if (key == null) {
                key = ServerFunctions.publicKey((byte[]) args[1]);
            }
            // A lone ciphertext passes through unchecked; the client's decryption checks it.
            sum = sum == null ? ct.clone() : key.add(sum, ct);
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage(), e);
        }
    }

    @Override
    public Object getResult() {
        return sum;
    }
}
