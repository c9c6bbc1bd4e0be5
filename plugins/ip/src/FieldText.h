// FieldText: the per-field plain-text paths (/country, /city, /asn, ...): one
// IpReport field of the caller's address as a line of text, or why it is null.
// Read from the address database only: never blocks, no external call.
#ifndef IPFACTS_PLUGINS_IP_FIELDTEXT_H
#define IPFACTS_PLUGINS_IP_FIELDTEXT_H

#include "CallerFacts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::ip {

/// The IpReport fields served as text, each named as in the IpReport.
enum class CallerField { Country, CountryName, City, Region, Asn, AsName, Loc, Timezone, Isp, Rir };

struct FieldText {
    std::optional<std::string> value;  ///< exactly the IpReport's value as text (asn as digits); nullopt: null
    std::string reason;                ///< why it is null; empty when it is not
};

/// The IpReport field name of `f` ("country_name").
const char* fieldName(CallerField f);

/// The field a short path names ("country-name", as in /country-name and
/// /{ip}/country-name); nullopt for a name that is none of them.
std::optional<CallerField> fieldOfPath(std::string_view path_name);

/// The path names of every field, ", "-separated, for a 404's message.
const char* fieldPathNames();

/// The groups of address facts (IPF_NETDB_WANT_*) fieldText reads for `f`:
/// a per-field path asks the host for these alone.
uint32_t factsWanted(CallerField f);

/// `f` of the facts found, as /json writes it, or the reason it is null:
/// the database's absence, the address's special-purpose block, or the
/// database having no such value for the address.
FieldText fieldText(const CallerFacts& found, CallerField f);

}  // namespace ipfacts::ip

#endif
