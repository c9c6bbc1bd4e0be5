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

    // domain-spec = macro-string domain-end (RFC 7208 7.1)
    void checkDomainSpec(SpfTerm& term, std::string_view spec) {
        if (spec.empty()) return error(term.name + " needs a domain");
        if (std::optional<std::string> why = macroStringError(spec)) return error(*why);
        term.hasMacro = hasMacroExpand(spec);
        if (spec.find('%') != std::string_view::npos) {  // macros or escapes: no plain name to check
            // domain-end: the spec ends in a macro-expand or in "." toplabel
            if (spec.back() == '}') return;
            const size_t dot = spec.rfind('.', spec.size() - (spec.back() == '.' ? 2 : 1));
            if (dot == std::string_view::npos) return error("the domain does not end in a top-level label or a macro");
            std::string_view top = spec.substr(dot + 1);
            if (!top.empty() && top.back() == '.') top.remove_suffix(1);
            if (top.empty() || top.find('%') != std::string_view::npos ||
                std::all_of(top.begin(), top.end(), isDigit))
                return error("the domain does not end in a top-level label or a macro");
            return;
        }
        NameCheck name = checkAsciiName(spec);
        if (!name.ok() || name.ascii == ".") return error("'" + std::string(spec) + "' is not a domain name" +
                                                          (name.ok() ? "" : ": " + name.error));
        const size_t dot = name.ascii.rfind('.');
        if (dot == std::string::npos)
            return error("'" + std::string(spec) + "' is a single label; SPF domains end in a top-level label");
        const std::string top = name.ascii.substr(dot + 1);
        if (std::all_of(top.begin(), top.end(), isDigit))
            return error("'" + std::string(spec) + "' ends in a numeric label (an address belongs in ip4:)");
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

    // Splits a trailing dual-cidr-length ("/24", "//64", "/24//64") off `rest`.
    bool takeDualCidr(SpfTerm& term, std::string_view& rest) {
        const size_t dbl = rest.find("//");
        if (dbl != std::string_view::npos) {
            term.cidr6 = cidrNumber(rest.substr(dbl + 2), 128);
            if (!term.cidr6) return error("'" + std::string(rest.substr(dbl)) + "' is not an IPv6 prefix length (0-128)"), false;
            rest = rest.substr(0, dbl);
        }
        const size_t slash = rest.rfind('/');
        if (slash != std::string_view::npos) {
            term.cidr4 = cidrNumber(rest.substr(slash + 1), 32);
            if (!term.cidr4) return error("'" + std::string(rest.substr(slash)) + "' is not an IPv4 prefix length (0-32)"), false;
            rest = rest.substr(0, slash);
        }
        return true;
    }

    void readNetwork(SpfTerm& term, std::string_view rest, int version) {
        if (rest.empty() || rest[0] != ':') return error(term.name + " needs a network, such as " +
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
            if (n == "ptr") record_.notes.push_back("term " + std::to_string(number_) +
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
