// PageParts: what the front page (`/`) and the target pages (`/8.8.8.8`,
// `/example.com`) share, so both read alike: the head with the one inline
// style block, the lookup form, and the facts of a report or a lookup, each in
// an element whose data-field names its JSON path and data-value holds the
// JSON's text (as on /status). No scripts, no external assets.
#pragma once

#include <Poco/JSON/Object.h>

#include <string>
#include <string_view>

namespace ipfacts::front {

/// "<!DOCTYPE html>..." up to and including "<main>", titled `title`.
std::string pageStart(std::string_view title);

/// "</main></body></html>".
std::string pageEnd();

/// The lookup form: a GET of `/?q=...`, which the front door redirects to
/// `/<q>` (no script). `value` fills the field (escaped here).
std::string lookupForm(std::string_view value = "");

/// <dt>label</dt><dd data-field data-value>shown</dd> for the member at
/// `path` ("network.tls") of `o`, its text after `prefix`; null or absent
/// shows `if_null`.
std::string fact(const Poco::JSON::Object::Ptr& o, const char* label, const std::string& path,
                 const std::string& prefix = "", const char* if_null = "unknown");

/// The location facts with their accuracy label, as a section.
std::string locationSection(const Poco::JSON::Object::Ptr& o);

/// The owner of the address's network, as a section; `connection` adds this
/// connection's protocol and TLS version (the caller's own page).
std::string networkSection(const Poco::JSON::Object::Ptr& o, bool connection);

/// The `reasons` object as a list, as a section; "" when there is none.
std::string reasonsSection(const Poco::JSON::Object::Ptr& o);

/// The JSON text parsed; null when it does not parse.
Poco::JSON::Object::Ptr parseObjectOrNull(const std::string* text);

/// `s` percent-encoded for a path segment or a query value: RFC 3986's
/// unreserved characters and ':' stay (so an IPv6 address reads as itself).
std::string percentEncode(const std::string& s);

/// The Content-Security-Policy the pages are sent with: the style by its
/// hash, no script, forms only to this origin (the lookup form).
const std::string& pagePolicy();

}  // namespace ipfacts::front
