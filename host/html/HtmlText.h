// HtmlText: what the host's server-rendered pages (/status, /, /api-keys) share: text
// escaped for HTML, and the Content-Security-Policy that allows nothing but
// the page's one inline style block, by its hash.
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::html {

/// `s` with & < > " ' escaped: safe in element text and in quoted attributes.
std::string escape(std::string_view s);

/// "default-src 'none'; style-src 'sha256-<hash of style>'; img-src 'self' data:;
/// base-uri 'none'; form-action <form_action>; frame-ancestors 'none'": no script,
/// no external asset, no inline style but `style`, no framing; forms post nowhere
/// ('none'), or only to this origin ("'self'", the account pages).
std::string strictPolicy(std::string_view style, std::string_view form_action = "'none'");

/// "'sha256-<base64 of SHA-256 of text>'": a CSP source allowing exactly
/// that inline block (a page's own script or style).
std::string hashSource(std::string_view text);

}  // namespace ipfacts::html
