package org.maat.frontend.web;

import jakarta.servlet.ServletContext;
import org.maat.frontend.app.AccountDisguises;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.erp.ErpFrontend;

/**
 * What the servlets share, kept as one servlet context attribute by {@link FrontendStartup}: the
 * search front-end (null when only the ERP pages are served), the ERP pages (null when not
 * configured), the account disguises (null unless search runs over an index served here), the web
 * settings, the page renderer, the gate that bounds concurrent requests and what sign-in needs.
 */
record FrontendContext(Frontend frontend, ErpFrontend erp, AccountDisguises disguises, WebSettings settings, Pages pages,
                       AdmissionGate admission, SignIn signIn) {

    static final String ATTRIBUTE = FrontendContext.class.getName();

    static FrontendContext of(ServletContext servletContext) {
        Object value = servletContext.getAttribute(ATTRIBUTE);
        if (!(value instanceof FrontendContext context)) {
            throw new IllegalStateException("the Maat front-end did not start (see the log of its deployment)");
        }
        return context;
    }
}
