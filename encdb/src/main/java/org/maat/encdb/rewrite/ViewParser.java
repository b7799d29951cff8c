package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.maat.encdb.schema.ViewDefinition;

/** Parses (once) the SELECT of a view created through the driver; views must be single SELECTs. */
final class ViewParser {

    private static final Map<String, PlainSelect> PARSED = new ConcurrentHashMap<>();

    private ViewParser() {
    }

    static PlainSelect parse(ViewDefinition view) throws SQLException {
        PlainSelect ps = PARSED.get(view.selectSql());
        if (ps == null) {
            Statement st = StatementParser.parse(view.selectSql());
            if (!(st instanceof PlainSelect p)) {
                throw Unsupported.construct("view " + view.name() + " that is not a single SELECT");
            }
            ps = p;
            if (PARSED.size() < 1000) {
                PARSED.put(view.selectSql(), ps);
            }
        }
        return ps;
    }
}
