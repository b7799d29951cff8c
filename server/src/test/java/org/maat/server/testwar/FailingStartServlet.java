package org.maat.server.testwar;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;

/** Packed into a test WAR: a web application that cannot start (say, a missing data directory). */
@WebServlet(urlPatterns = "/broken", loadOnStartup = 1)
public class FailingStartServlet extends HttpServlet {

    @Override
    public void init() throws ServletException {
        throw new ServletException("maat.data /nowhere is not a data directory");
    }
}
