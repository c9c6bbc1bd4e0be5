// BrowserRequest: what the account handlers read from a request a browser
// sent — a header, the form body, a cookie, whether HTML is wanted — and the
// cross-site check every account POST passes.
#pragma once

#include "host/pipeline/Exchange.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::account {

/// The first header named `name` (any case).
std::optional<std::string_view> headerOf(const pipeline::HttpRequest& r, std::string_view name);

/// The application/x-www-form-urlencoded body as name → value (the last of a
/// repeated name wins); nullopt when the type is another or an escape is malformed.
std::optional<std::map<std::string, std::string>> formOf(const pipeline::HttpRequest& r);

/// The value of cookie `name`, if sent.
std::optional<std::string> cookieOf(const pipeline::HttpRequest& r, std::string_view name);

/// The caller's Accept names text/html (a browser): errors come back as pages.
bool wantsHtml(const pipeline::HttpRequest& r);

/// The POST comes from this service's own pages, or from no page at all (a
/// script): Sec-Fetch-Site, when sent, is same-origin or none; without it,
/// Origin, when sent, names the host the request was sent to. Browsers send one
/// or both on every cross-site POST, so a foreign page's form is refused.
bool sameOriginPost(const pipeline::HttpRequest& r);

/// A usable e-mail address (one @, a dotted domain, no spaces or controls,
/// well-formed UTF-8, at most 254 bytes), trimmed; nullopt otherwise.
std::optional<std::string> emailAddress(std::string_view text);

/// Well-formed UTF-8: no stray or missing continuation byte, no overlong form, no surrogate.
bool validUtf8(std::string_view s);

}  // namespace ipfacts::account
