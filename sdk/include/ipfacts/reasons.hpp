// ipfacts::Reasons — the top-level `reasons` object of a 200 response
// (DESIGN 7): a field that is null or incomplete because something failed or
// is not configured gets one line saying why; a field that is simply unknown
// gets none. Header-only, C++17.
//
//   ipfacts::Reasons reasons;
//   reasons.add("hostname", "no PTR record");
//   ...
//   reasons.writeTo(w);   // "reasons":{"hostname":"no PTR record"}, or nothing when empty
#ifndef IPFACTS_REASONS_HPP
#define IPFACTS_REASONS_HPP

#include <ipfacts/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts {

/// Keys naming a group of fields that are nulled together, one line for
/// many fields, where DESIGN 7 would otherwise key by field name:
/// "geolocation" covers the location fields (city, region, country, ...,
/// geo_accuracy); "network" covers the network-owner fields (isp, asn,
/// as_name, as_domain, rir, connection_type). Which fields a body has is
/// the plugin's to document.
inline constexpr const char* kGeolocationReason = "geolocation";
inline constexpr const char* kNetworkReason = "network";

/// Field (or field group) name to explanation, kept in the order the fields
/// were first given. A plain value type that owns its strings; not
/// synchronised: build one per response.
class Reasons {
public:
    using Entry = std::pair<std::string, std::string>;  ///< field, why

    /// Explains `field`. A field explained twice keeps its first place and
    /// takes the later text, so the body never holds a key twice.
    Reasons& add(std::string field, std::string why) {
        for (Entry& e : entries_)
            if (e.first == field) {
                e.second = std::move(why);
                return *this;
            }
        entries_.emplace_back(std::move(field), std::move(why));
        return *this;
    }

    /// The explanation of `field`, if any. Valid until the next add.
    std::optional<std::string_view> find(std::string_view field) const {
        for (const Entry& e : entries_)
            if (e.first == field) return std::string_view(e.second);
        return std::nullopt;
    }

    bool empty() const { return entries_.empty(); }
    size_t size() const { return entries_.size(); }
    const Entry& operator[](size_t i) const { return entries_[i]; }
    std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
    std::vector<Entry>::const_iterator end() const { return entries_.end(); }

    /// Writes `"reasons":{...}` into the object `w` is writing, in order;
    /// nothing at all when there is no reason.
    void writeTo(JsonWriter& w, std::string_view key = "reasons") const {
        if (entries_.empty()) return;
        w.key(key).beginObject();
        for (const Entry& e : entries_) w.field(e.first, e.second);
        w.endObject();
    }

private:
    std::vector<Entry> entries_;
};

}  // namespace ipfacts

#endif
