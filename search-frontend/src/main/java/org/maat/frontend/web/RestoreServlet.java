package org.maat.frontend.web;

import jakarta.servlet.annotation.MultipartConfig;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.disguise.RevealReport;

/**
 * Restoring a disguised account; no session needed, since the account may be gone.
 * {@code GET /restore} is the form; {@code POST /restore} or {@code POST /api/account/restore} takes the
 * receipt ({@code receipt} as text, or the file {@code receiptFile}) and the user's key ({@code key}: the
 * recovery phrase or the key file's text, or the file {@code keyFile}), form-encoded or
 * {@code multipart/form-data}, and restores what the disguise changed. JSON:
 * {@code {"disguise","principal","restored","recorrelated","pseudoprincipalsRemoved"}}; refusals are 400
 * (malformed receipt or key), 403 (the key does not open the receipt's bag, or the bag was altered or
 * restored already) and 409 with {@code "conflicts"} (data changed since the disguise); nothing changes
 * on a refusal.
 */
@WebServlet({"/restore", "/api/account/restore"})
@MultipartConfig(maxFileSize = Exchange.UPLOAD_LIMIT, maxRequestSize = 4L * Exchange.UPLOAD_LIMIT)
public final class RestoreServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            if (x.api()) {
                x.requirePost();
            }
            x.disguises();
            x.page(200, "restore", Map.of());
        });
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange.serve(request, response, x -> {
            RevealReport report = x.disguises().restore(x.textOrUpload("receipt", "receiptFile"),
                    x.textOrUpload("key", "keyFile"));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("disguise", report.disguise());
            body.put("principal", report.principal());
            body.put("restored", report.restored());
            body.put("recorrelated", report.recorrelated());
            body.put("pseudoprincipalsRemoved", report.pseudoprincipalsRemoved());
            if (x.api()) {
                x.json(200, body);
            } else {
                x.page(200, "restored", body);
            }
        });
    }
}
