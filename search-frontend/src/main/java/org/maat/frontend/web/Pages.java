package org.maat.frontend.web;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * The HTML pages: Thymeleaf templates in {@code templates/} on the web application's class path,
 * rendered with {@code th:text}, so every value is HTML-escaped. Thread-safe; templates are parsed once.
 */
final class Pages {

    private final TemplateEngine engine = new TemplateEngine();

    Pages() {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver(Pages.class.getClassLoader());
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        resolver.setCacheable(true);
        engine.setTemplateResolver(resolver);
    }

    void render(String template, Map<String, Object> variables, Writer out) throws IOException {
        Context context = new Context();
        context.setVariables(variables);
        engine.process(template, context, out);
        out.flush();
    }
}
