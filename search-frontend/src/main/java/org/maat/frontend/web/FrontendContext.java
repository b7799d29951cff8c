package org.maat.frontend.web;

import jakarta.servlet.ServletContext;
import java.util.concurrent.Semaphore;
import org.maat.frontend.app.Frontend;

/**
 * What the servlets share, kept as one servlet context attribute by {@link FrontendStartup}: the
 * front-end, the web settings, the page renderer and the permits that bound concurrent requests.
 */
record FrontendContext(Frontend frontend, WebSettings settings, Pages pages, Semaphore permits) {

    static final String ATTRIBUTE = FrontendContext.class.getName();

    static FrontendContext of(ServletContext servletContext) {
        Object value = servletContext.getAttribute(ATTRIBUTE);
        if (!(value instanceof FrontendContext context)) {
            throw new IllegalStateException("the Maat front-end did not start (see the log of its deployment)");
        }
        return context;
    }
}
