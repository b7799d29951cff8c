package org.maat.frontend.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A {@code data:} URL holding a small text, for a page's download link ({@code <a download>}) of
 * something the server must not keep: a receipt, a private key. The text travels in the page itself.
 */
final class DataUrl {

    private DataUrl() {
    }

    static String of(String mediaType, String text) {
        // URLEncoder writes form encoding: a space is '+', which a data URL would keep as a plus sign.
        return "data:" + mediaType + ";charset=utf-8," + URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
