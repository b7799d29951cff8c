package org.maat.server.testwar;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.TreeSet;

/** Packed into a test WAR: shows the context init parameters the launcher gave, one per line. */
@WebServlet("/config")
public class ConfigEchoServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain;charset=UTF-8");
        StringBuilder out = new StringBuilder();
        for (String name : new TreeSet<>(Collections.list(getServletContext().getInitParameterNames()))) {
            if (name.startsWith("maat.")) {
                out.append(name).append('=').append(getServletContext().getInitParameter(name)).append('\n');
            }
        }
        response.getWriter().write(out.toString());
    }
}
