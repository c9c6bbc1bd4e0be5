// WhoisRecord: a WHOIS answer (RFC 3912 says nothing of its form) read as
// `key: value` pairs grouped in objects. One reader for the layouts
// registries use: "key: value" lines, dotted keys ("domain.....: x"),
// JPRS's "a. [Domain Name]  x", a key or a heading line whose values follow
// on the lines below (indented, or not: "REGISTRAR:" then the name), values
// continued on indented lines, and sentences such as "Record created on
// 2018-02-05". A blank line ends an object (RPSL, and most registries'
// sections); % and # lines are comments.
#ifndef IPFACTS_PLUGINS_RDAP_WHOISRECORD_H
#define IPFACTS_PLUGINS_RDAP_WHOISRECORD_H

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::rdap {

struct WhoisPair {
    std::string key;    ///< lower case; a block's values are "block" or "block.key"
    std::string value;  ///< trimmed, never empty
    int object = 0;     ///< which blank-line separated object it is in
};

class WhoisRecord {
public:
    explicit WhoisRecord(std::string_view text);

    const std::vector<WhoisPair>& pairs() const { return pairs_; }
    const std::vector<std::string>& comments() const { return comments_; }

    using ObjectFilter = std::function<bool(int)>;
    /// The value of the first key of `keys` that occurs (in `keys` order, then
    /// text order), among the objects `in` accepts; "" when none. A key
    /// "*.x" matches any block's "x", "x*" any key starting with "x".
    std::string first(std::initializer_list<const char*> keys, const ObjectFilter& in = {}) const;
    /// Every value of any of `keys`, in text order.
    std::vector<std::string> all(std::initializer_list<const char*> keys, const ObjectFilter& in = {}) const;
    /// The object holding the first pair with one of `keys`; -1 when none.
    int objectOf(std::initializer_list<const char*> keys) const;
    /// The key of an object's first pair ("" for an object with none).
    std::string firstKeyOf(int object) const;
    /// The heading an object begins under ("registrar" for "Registrar:" then
    /// "name: …" lines, as .ee writes); "" when it has none.
    std::string labelOf(int object) const;

private:
    std::vector<WhoisPair> pairs_;
    std::vector<std::string> labels_, firstKeys_;  // by object
    std::vector<std::string> comments_;
};

}  // namespace ipfacts::rdap

#endif
