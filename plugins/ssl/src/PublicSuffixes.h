// PublicSuffixes: names under which anyone may register (com, co.uk,
// github.io), so a wildcard certificate for them would cover strangers'
// sites. Read from a file in the Public Suffix List's format (a subset,
// operator-tunable: etc/ssl/public-suffixes.txt). Immutable once made:
// thread-safe.
#ifndef IPFACTS_PLUGINS_SSL_PUBLICSUFFIXES_H
#define IPFACTS_PLUGINS_SSL_PUBLICSUFFIXES_H

#include <istream>
#include <string>
#include <string_view>
#include <unordered_set>

namespace ipfacts::ssl {

class PublicSuffixes {
public:
    /// No list: only the implicit rule (every single-label name is a suffix).
    PublicSuffixes() = default;

    /// Reads rules one a line: "co.uk" (a suffix), "*.ck" (every name
    /// directly under ck), "!www.ck" (an exception to a wildcard rule).
    /// Blank lines and lines starting with "//" or "#" are skipped; text
    /// after the first space is ignored; letters are lower-cased. Entries
    /// are A-labels. Throws std::runtime_error naming the line for a rule
    /// that is not a name.
    static PublicSuffixes read(std::istream& in, const std::string& origin);
    /// read() from a file; throws std::runtime_error when it cannot be opened.
    static PublicSuffixes fromFile(const std::string& path);

    /// True when `name` (A-label, lower case, no trailing dot) is a public
    /// suffix: a single label, a listed name, or a name a wildcard rule
    /// covers that no exception names.
    bool isPublicSuffix(std::string_view name) const;

    size_t size() const { return exact_.size() + wildcards_.size() + exceptions_.size(); }

private:
    std::unordered_set<std::string> exact_;
    std::unordered_set<std::string> wildcards_;   // "ck" for "*.ck"
    std::unordered_set<std::string> exceptions_;  // "www.ck" for "!www.ck"
};

}  // namespace ipfacts::ssl

#endif
