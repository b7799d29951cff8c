package org.maat.disguise.spec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document read with Jackson's streaming parser into nodes that remember where they were
 * written, so that every error about a spec can name its line and column. Duplicate keys are refused
 * here (Jackson's tree model would keep the last silently).
 */
final class JsonTree {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private JsonTree() {
    }

    /** A value and where it starts. */
    sealed interface Node permits Obj, Arr, Text, Other {
        int line();

        int column();

        /** What a value of this kind is called in errors ("an object", "a string", ...). */
        String kind();
    }

    /** An object; {@code keys} holds where each field's name was written. */
    record Obj(Map<String, Node> fields, Map<String, int[]> keys, int line, int column) implements Node {
        public String kind() {
            return "an object";
        }
    }

    record Arr(List<Node> items, int line, int column) implements Node {
        public String kind() {
            return "an array";
        }
    }

    record Text(String value, int line, int column) implements Node {
        public String kind() {
            return "a string";
        }
    }

    /** A number, boolean or null: never valid where a spec expects something, but located for the error. */
    record Other(String kind, int line, int column) implements Node {
    }

    static Node parse(String source, String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new SpecException(source, 1, 1, "empty file (expected a JSON object)");
            }
            Node root = read(source, p);
            if (p.nextToken() != null) {
                JsonLocation at = p.currentTokenLocation();
                throw new SpecException(source, at.getLineNr(), at.getColumnNr(), "more after the top-level object");
            }
            return root;
        } catch (JsonParseException e) {
            JsonLocation at = e.getLocation();
            String problem = e.getOriginalMessage();
            throw new SpecException(source, at == null ? 1 : at.getLineNr(), at == null ? 1 : at.getColumnNr(),
                    "not valid JSON: " + problem);
        } catch (IOException e) {
            throw new SpecException(source, 1, 1, "cannot read: " + e.getMessage());
        }
    }

    private static Node read(String source, JsonParser p) throws IOException {
        JsonLocation at = p.currentTokenLocation();
        int line = at.getLineNr();
        int column = at.getColumnNr();
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, Node> fields = new LinkedHashMap<>();
                Map<String, int[]> keys = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    JsonLocation keyAt = p.currentTokenLocation();
                    String name = p.currentName();
                    if (fields.containsKey(name)) {
                        throw new SpecException(source, keyAt.getLineNr(), keyAt.getColumnNr(),
                                "duplicate key \"" + name + "\" (first at line " + keys.get(name)[0] + ")");
                    }
                    p.nextToken();
                    keys.put(name, new int[] {keyAt.getLineNr(), keyAt.getColumnNr()});
                    fields.put(name, read(source, p));
                }
                return new Obj(fields, keys, line, column);
            }
            case START_ARRAY: {
                List<Node> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(source, p));
                }
                return new Arr(items, line, column);
            }
            case VALUE_STRING:
                return new Text(p.getText(), line, column);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new Other("a number", line, column);
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new Other("a boolean", line, column);
            case VALUE_NULL:
                return new Other("null", line, column);
            default:
                throw new SpecException(source, line, column, "unexpected " + t);
        }
    }
}
