package org.maat.encdb.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.h2.api.Trigger;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.schema.RoutineDefinition;
import org.maat.encdb.schema.SqlValues;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * Procedures and row triggers created through the driver, run on the client: H2 holds only
 * ciphertext, so a Java procedure or an H2 {@link Trigger} must see the decrypted values. Both are
 * given the driver's own connection (the plaintext view), as H2 would give them its session.
 */
final class RoutineEmulation {

    private final MaatConnection owner;
    private final EncryptedDatabase db;

    RoutineEmulation(MaatConnection owner, EncryptedDatabase db) {
        this.owner = owner;
        this.db = db;
    }

    /** The table's triggers for one UPDATE or DELETE, loaded and initialised; the caller fires and closes them. */
    List<Trigger> triggers(List<TriggerDefinition> definitions, boolean delete) throws SQLException {
        List<Trigger> triggers = new ArrayList<>();
        for (TriggerDefinition t : definitions) {
            triggers.add(load(t, delete));
        }
        return triggers;
    }

    private Trigger load(TriggerDefinition t, boolean delete) throws SQLException {
        try {
            Object o = Class.forName(t.javaClass(), true, Thread.currentThread().getContextClassLoader() != null
                    ? Thread.currentThread().getContextClassLoader() : getClass().getClassLoader())
                    .getDeclaredConstructor().newInstance();
            if (!(o instanceof Trigger trigger)) {
                throw new SQLException("trigger class " + t.javaClass() + " does not implement org.h2.api.Trigger");
            }
            trigger.init(owner, "PUBLIC", t.name(), t.table(), t.before(), delete ? Trigger.DELETE : Trigger.UPDATE);
            return trigger;
        } catch (ReflectiveOperationException e) {
            throw new SQLException("cannot load trigger class " + t.javaClass() + ": " + e, "90043", e);
        }
    }

    /** {@code CALL procedure(args)}: the Java method, given this (plaintext-view) connection. */
    Object call(Plan.Call plan, Object[] params) throws SQLException {
        RoutineDefinition r = db.catalog().snapshot().routines().get(plan.routine());
        if (r == null) {
            throw new SQLException("Function \"" + plan.routine() + "\" not found (create it through the driver with "
                    + "CREATE ALIAS)", "90022");
        }
        int dot = r.javaMethod().lastIndexOf('.');
        String cls = r.javaMethod().substring(0, dot);
        String name = r.javaMethod().substring(dot + 1);
        Method method = null;
        try {
            for (Method m : Class.forName(cls).getMethods()) {
                int expected = plan.arguments().size() + (m.getParameterCount() > 0
                        && m.getParameterTypes()[0] == Connection.class ? 1 : 0);
                if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == expected) {
                    method = m;
                }
            }
        } catch (ClassNotFoundException e) {
            throw new SQLException("procedure class not found: " + cls, "90043", e);
        }
        if (method == null) {
            throw new SQLException("no static method " + r.javaMethod() + " taking " + plan.arguments().size()
                    + " arguments", "90087");
        }
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        int a = 0;
        for (int i = 0; i < types.length; i++) {
            args[i] = types[i] == Connection.class ? owner : SqlValues.toArgument(plan.arguments().get(a++).value(params), types[i]);
        }
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof SQLException s) {
                throw s;
            }
            throw new SQLException(r.name() + " failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new SQLException("cannot call " + r.javaMethod() + ": " + e, e);
        }
    }
}
