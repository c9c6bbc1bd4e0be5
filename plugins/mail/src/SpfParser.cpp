#include "SpfParser.h"

#include "MailText.h"
#include "SpfMacro.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include <algorithm>

namespace ipfacts::mail {
namespace {

constexpr size_t kMaxTerms = 200;  // a record is at most a few kB; more terms than this is not mail policy

bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// RFC 7208 12: name = ALPHA *( ALPHA / DIGIT / "-" / "_" / "." )
bool isModifierName(std::string_view s) {
    if (s.empty() || !isAlpha(s[0])) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return isAlpha(c) || isDigit(c) || c == '-' || c == '_' || c == '.'; });
}

// "/24" -> 24 within [0, max]; nullopt for anything else (leading zeros refused, as the ABNF does).
std::optional<int> cidrNumber(std::string_view digits, int max) {
    if (digits.empty() || digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), isDigit)) return std::nullopt;
    if (digits.size() > 1 && digits[0] == '0') return std::nullopt;
    const int n = std::stoi(std::string(digits));
    if (n > max) return std::nullopt;
    return n;
}

class TermReader {
public:
    TermReader(SpfRecord& record, size_t number, std::string_view text)
        : record_(record), number_(number), text_(text) {}

    void read() {
        SpfTerm term;
        term.text = std::string(text_);
        const size_t eq = text_.find('=');
        const size_t stop = text_.find_first_of(":/");
        if (eq != std::string_view::npos && (stop == std::string_view::npos || eq < stop) &&
            isModifierName(text_.substr(0, eq)))
            readModifier(term, text_.substr(0, eq), text_.substr(eq + 1));
        else
            readDirective(term);
        (term.modifier ? record_.modifiers : record_.terms).push_back(std::move(term));
    }

private:
    void error(const std::string& why) {
        record_.errors.push_back("term " + std::to_string(number_) + " '" + std::string(text_) + "': " + why);
    }

    // domain-spec = macro-string domain-end (RFC 7208 7.1): any visible
    // character but a lone '%' ("a:foo:bar/baz.example.com" is a name), then
    // a macro-expand or "." toplabel [ "." ].
    void checkDomainSpec(SpfTerm& term, std::string_view spec) {
        if (spec.empty()) return error(term.name + " needs a domain");
        if (std::optional<std::string> why = macroStringError(spec)) return error(*why);
        term.hasMacro = hasMacroExpand(spec);
        if (spec.back() == '}' && term.hasMacro) return;  // ends in a macro-expand
        if (spec.find('%') == std::string_view::npos) {
            if (std::optional<std::string> why = plainNameError(spec)) return error(*why);
        }
        std::string_view name = spec;
        if (name.size() > 1 && name.back() == '.') name.remove_suffix(1);
        const size_t dot = name.rfind('.');
        if (dot == std::string_view::npos)
            return error(term.hasMacro
                             ? "'" + std::string(spec) + "' does not end in a top-level label or a macro"
                             : "'" + std::string(spec) + "' is a single label; SPF domains end in a top-level label");
        if (std::optional<std::string> why = topLabelError(name.substr(dot + 1)))
            return error("'" + std::string(spec) + "' " + *why);
    }

    // A name without macros is looked up as written: DNS length limits hold.
    static std::optional<std::string> plainNameError(std::string_view spec) {
        std::string_view name = spec;
        if (name.back() == '.') name.remove_suffix(1);
        if (name.empty() || name.size() > kMaxDnsNameBytes)
            return "'" + std::string(spec) + "' is not a domain name: empty or longer than 253 bytes";
        for (std::string_view label : splitOn(name, '.')) {
            if (label.empty()) return "'" + std::string(spec) + "' is not a domain name: it has an empty label";
            if (label.size() > kMaxDnsLabelBytes)
                return "'" + std::string(spec) + "' is not a domain name: a label is longer than 63 bytes";
        }
        return std::nullopt;
    }

    // toplabel = ( *alphanum ALPHA *alphanum ) / ( 1*alphanum "-" *( alphanum / "-" ) alphanum )
    static std::optional<std::string> topLabelError(std::string_view top) {
        const auto alphanum = [](char c) { return isAlpha(c) || isDigit(c); };
        if (top.empty() || !std::all_of(top.begin(), top.end(), [&](char c) { return alphanum(c) || c == '-'; }))
            return std::string("does not end in a top-level label (letters, digits and inner hyphens)");
        if (top.front() == '-' || top.back() == '-')
            return std::string("ends in a top-level label that starts or ends with '-' (RFC 7208 7.1)");
        if (std::all_of(top.begin(), top.end(), isDigit))
            return std::string("ends in a numeric label (an address belongs in ip4:)");
        return std::nullopt;
    }

    void readModifier(SpfTerm& term, std::string_view name, std::string_view value) {
        term.modifier = true;
        term.name = lowered(name);
        term.value = std::string(value);
        if (term.name == "redirect" || term.name == "exp") {
            term.countsTowardLimit = term.name == "redirect";
            if (record_.modifierNamed(term.name)) error(term.name + " may appear only once (RFC 7208 6)");
            checkDomainSpec(term, value);
            return;
        }
        term.known = false;
        if (std::optional<std::string> why = macroStringError(value)) error(*why);
        term.hasMacro = hasMacroExpand(value);
    }

    // Splits a trailing dual-cidr-length ("/24", "//64", "/24//64") off
    // `rest`. Only a trailing "/" or "//" followed by digits is one: a "/"
    // elsewhere belongs to the domain-spec (RFC 7208 5.3, 5.4, 7.1).
    bool takeDualCidr(SpfTerm& term, std::string_view& rest) {
        if (std::optional<std::string_view> digits = trailingLength(rest, "//")) {
            term.cidr6 = cidrNumber(*digits, 128);
            if (!term.cidr6)
                return error("'//" + std::string(*digits) + "' is not an IPv6 prefix length (0-128)"), false;
            rest.remove_suffix(digits->size() + 2);
        }
        if (std::optional<std::string_view> digits = trailingLength(rest, "/")) {
            term.cidr4 = cidrNumber(*digits, 32);
            if (!term.cidr4) return error("'/" + std::string(*digits) + "' is not an IPv4 prefix length (0-32)"), false;
            rest.remove_suffix(digits->size() + 1);
        }
        return true;
    }

    // The digits after a final `slashes` ("/" or "//") at the end of `rest`;
    // "/" alone does not match the end of "//64".
    static std::optional<std::string_view> trailingLength(std::string_view rest, std::string_view slashes) {
        size_t start = rest.size();
        while (start > 0 && isDigit(rest[start - 1])) --start;
        if (start == rest.size() || start < slashes.size()) return std::nullopt;
        if (rest.substr(start - slashes.size(), slashes.size()) != slashes) return std::nullopt;
        if (slashes.size() == 1 && start >= 2 && rest[start - 2] == '/') return std::nullopt;
        return rest.substr(start);
    }

    void readNetwork(SpfTerm& term, std::string_view rest, int version) {
        if (rest.empty() || rest[0] != ':')
            return error(term.name + " needs a network, such as " +
                         (version == 4 ? "ip4:192.0.2.0/24" : "ip6:2001:db8::/32"));
        rest.remove_prefix(1);
        const size_t slash = rest.find('/');
        if (slash != std::string_view::npos) {
            std::optional<int>& length = version == 4 ? term.cidr4 : term.cidr6;
            length = cidrNumber(rest.substr(slash + 1), version == 4 ? 32 : 128);
            if (!length)
                return error("'" + std::string(rest.substr(slash)) + "' is not a prefix length (0-" +
                             (version == 4 ? "32" : "128") + ")");
            rest = rest.substr(0, slash);
        }
        term.value = std::string(rest);
        std::optional<Address> a = parseAddress(rest);
        if (!a || a->version != version || (version == 4 && rest.find(':') != std::string_view::npos))
            error("'" + std::string(rest) + "' is not an IPv" + std::to_string(version) + " address");
    }

    void readDirective(SpfTerm& term) {
        std::string_view rest = text_;
        if (!rest.empty() && (rest[0] == '+' || rest[0] == '-' || rest[0] == '~' || rest[0] == '?')) {
            term.qualifier = rest[0];
            rest.remove_prefix(1);
        }
        const size_t end = rest.find_first_of(":/");
        term.name = lowered(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
        const std::string& n = term.name;
        term.countsTowardLimit = n == "include" || n == "a" || n == "mx" || n == "ptr" || n == "exists";
        if (n == "all") {
            if (!rest.empty()) error("all takes no value");
        } else if (n == "ip4" || n == "ip6") {
            readNetwork(term, rest, n == "ip4" ? 4 : 6);
        } else if (n == "include" || n == "exists") {
            if (rest.empty() || rest[0] != ':') return error(n + " needs a domain, as in " + n + ":example.com");
            term.value = std::string(rest.substr(1));
            checkDomainSpec(term, rest.substr(1));
        } else if (n == "a" || n == "mx" || n == "ptr") {
            if (n != "ptr" && !takeDualCidr(term, rest)) return;
            if (!rest.empty() && rest[0] == '/') return error("'" + std::string(rest) + "' is not a prefix length");
            if (!rest.empty()) {
                if (rest[0] != ':') return error("unexpected '" + std::string(rest) + "'");
                term.value = std::string(rest.substr(1));
                checkDomainSpec(term, rest.substr(1));
            }
            if (n == "ptr")
                record_.notes.push_back("term " + std::to_string(number_) +
                                        " 'ptr': deprecated, SHOULD NOT be used (RFC 7208 5.5)");
        } else if (n.empty()) {
            error("a qualifier without a mechanism");
        } else {
            term.countsTowardLimit = false;
            error("'" + n + "' is not a mechanism (all include a mx ptr ip4 ip6 exists)");
        }
    }

    SpfRecord& record_;
    size_t number_;
    std::string_view text_;
};

}  // namespace

bool isSpfRecord(std::string_view text) {
    if (text.size() < 6 || lowered(text.substr(0, 6)) != "v=spf1") return false;
    return text.size() == 6 || text[6] == ' ';
}

SpfRecord parseSpf(std::string_view text) {
    SpfRecord record;
    record.raw = std::string(text);
    if (!isSpfRecord(text)) {
        record.errors.push_back("the record does not start with 'v=spf1' followed by a space");
        return record;
    }
    record.version = "spf1";
    size_t number = 0;
    for (size_t i = 6; i < text.size();) {
        if (text[i] != ' ') {
            record.errors.push_back("terms are separated by spaces only (found " +
                                    std::string(text[i] == '\t' ? "a tab" : "another character") + ")");
            break;
        }
        while (i < text.size() && text[i] == ' ') ++i;
        if (i >= text.size()) break;
        size_t end = text.find(' ', i);
        if (end == std::string_view::npos) end = text.size();
        if (++number > kMaxTerms) {
            record.errors.push_back("more than " + std::to_string(kMaxTerms) + " terms; the rest is not read");
            break;
        }
        TermReader(record, number, text.substr(i, end - i)).read();
        i = end;
    }
    if (const SpfTerm* all = record.all(); all && record.modifierNamed("redirect"))
        record.notes.push_back("redirect=" + record.modifierNamed("redirect")->value.value_or("") +
                               " is ignored because the record has an 'all' term (RFC 7208 6.1)");
    for (size_t k = 0; k + 1 < record.terms.size(); ++k)
        if (record.terms[k].name == "all") {
            record.notes.push_back("terms after '" + record.terms[k].text + "' are never reached");
            break;
        }
    record.valid = record.errors.empty();
    return record;
}

}  // namespace ipfacts::mail
