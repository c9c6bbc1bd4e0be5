// HtmlPage: what the host's server-rendered pages share (the status page, the
// account pages): HTML escaping and the strict Content-Security-Policy of a
// page with no scripts and no external assets whose one inline style block
// is allowed by its hash.
#pragma once

#include <string>
#include <string_view>

namespace ipfacts::pipeline {

/// `s` with & < > " ' as character references: safe in text and quoted attributes.
std::string htmlEscape(std::string_view s);

/// "default-src 'none'; style-src 'sha256-…'; …; form-action <form_action>; frame-ancestors 'none'":
/// nothing loads but `style` (by its hash) and same-origin or data: images; forms
/// post only where `form_action` says ("'none'" for a page without forms, "'self'").
std::string inlineStylePolicy(std::string_view style, std::string_view form_action);

}  // namespace ipfacts::pipeline
