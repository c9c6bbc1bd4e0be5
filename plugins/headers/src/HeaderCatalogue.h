// HeaderCatalogue: the one-line explanation of each common request header and
// the list of headers whose values are never echoed, as operators keep them
// in etc/headers.yaml.
#ifndef IPFACTS_PLUGINS_HEADERS_HEADERCATALOGUE_H
#define IPFACTS_PLUGINS_HEADERS_HEADERCATALOGUE_H

#include "CaseInsensitive.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ipfacts::headers {

/// Explanations and redaction rules for request headers, loaded once from a
/// YAML file. Immutable after construction, so any number of threads may read
/// it at once. Neither copyable nor movable: its indexes hold views into its
/// own strings.
class HeaderCatalogue {
public:
    /// One catalogued header: its lower-case name and its one-line explanation.
    struct Entry {
        std::string name;
        std::string explanation;
    };

    /// Loads the catalogue at `path` (format: etc/headers.yaml). Throws
    /// std::runtime_error naming the file, and the line where there is one,
    /// when it is missing, malformed YAML, or lacks a required part.
    explicit HeaderCatalogue(const std::string& path);

    HeaderCatalogue(const HeaderCatalogue&) = delete;
    HeaderCatalogue& operator=(const HeaderCatalogue&) = delete;

    /// The explanation of the header `name`, in any letter case; the generic
    /// line for an uncatalogued one. OWNERSHIP: a view into the catalogue.
    std::string_view explain(std::string_view name) const;

    /// True when the value of header `name` (any letter case) must be redacted.
    bool isRedacted(std::string_view name) const;

    /// Every catalogued header, in file order.
    const std::vector<Entry>& entries() const { return entries_; }
    /// The lower-case names listed under `redact:`, in file order.
    const std::vector<std::string>& redactedNames() const { return redacted_; }
    /// The line for an uncatalogued header (`unknown:`).
    std::string_view unknownExplanation() const { return unknown_; }
    /// The line for an uncatalogued X- header (`unknown_x:`, else `unknown:`).
    std::string_view unknownExtensionExplanation() const { return unknownExtension_; }

private:
    using NameIndex = std::unordered_map<std::string_view, std::string_view, CaseInsensitiveHash, CaseInsensitiveEqual>;
    using NameSet = std::unordered_set<std::string_view, CaseInsensitiveHash, CaseInsensitiveEqual>;

    void buildIndexes();

    std::vector<Entry> entries_;
    std::vector<std::string> redacted_;
    std::string unknown_;
    std::string unknownExtension_;
    NameIndex explanations_;  // views into entries_
    NameSet redactedSet_;     // views into redacted_
};

}  // namespace ipfacts::headers

#endif
