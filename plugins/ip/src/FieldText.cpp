#include "FieldText.h"

#include <ipfacts/loc_text.hpp>
#include <ipfacts/location.hpp>

namespace ipfacts::ip {
namespace {

bool isNetworkField(CallerField f) {
    return f == CallerField::Asn || f == CallerField::AsName || f == CallerField::Isp || f == CallerField::Rir;
}

std::optional<std::string> text(std::optional<std::string_view> v) {
    if (!v) return std::nullopt;
    return std::string(*v);
}

std::optional<std::string> valueOf(const NetFactsView& facts, CallerField f) {
    switch (f) {
        case CallerField::Country:
            return text(facts.country());
        case CallerField::CountryName:
            return text(facts.country_name());
        case CallerField::City:
            return text(facts.city());
        case CallerField::Region:
            return text(facts.region());
        case CallerField::Asn:
            if (auto asn = facts.asn()) return std::to_string(*asn);
            return std::nullopt;
        case CallerField::AsName:
            return text(facts.as_name());
        case CallerField::Loc:
            if (facts.latitude() && facts.longitude()) return locText(*facts.latitude(), *facts.longitude());
            return std::nullopt;
        case CallerField::Timezone:
            return text(facts.timezone());
        case CallerField::Isp:
            return text(facts.isp());
        case CallerField::Rir:
            return std::string(facts.rir());
    }
    return std::nullopt;
}

}  // namespace

const char* fieldName(CallerField f) {
    switch (f) {
        case CallerField::Country:
            return "country";
        case CallerField::CountryName:
            return "country_name";
        case CallerField::City:
            return "city";
        case CallerField::Region:
            return "region";
        case CallerField::Asn:
            return "asn";
        case CallerField::AsName:
            return "as_name";
        case CallerField::Loc:
            return "loc";
        case CallerField::Timezone:
            return "timezone";
        case CallerField::Isp:
            return "isp";
        case CallerField::Rir:
            return "rir";
    }
    return "";
}

std::optional<CallerField> fieldOfPath(std::string_view path_name) {
    // The paths spell the IpReport's names with '-' for '_' (/country-name).
    for (CallerField f :
         {CallerField::Country, CallerField::CountryName, CallerField::City, CallerField::Region, CallerField::Asn,
          CallerField::AsName, CallerField::Loc, CallerField::Timezone, CallerField::Isp, CallerField::Rir}) {
        std::string name = fieldName(f);
        for (char& c : name)
            if (c == '_') c = '-';
        if (name == path_name) return f;
    }
    return std::nullopt;
}

const char* fieldPathNames() { return "country, country-name, city, region, asn, as-name, loc, timezone, isp, rir"; }

uint32_t factsWanted(CallerField f) {
    // The reason of a null field needs only what every look-up gives: the
    // special-purpose block's kind and RFC.
    switch (f) {
        case CallerField::Asn:
        case CallerField::AsName:
        case CallerField::Isp:
            return IPF_NETDB_WANT_NETWORK;
        case CallerField::Rir:
            return IPF_NETDB_WANT_RIR;
        case CallerField::Country:
        case CallerField::CountryName:
        case CallerField::City:
        case CallerField::Region:
        case CallerField::Loc:
        case CallerField::Timezone:
            return IPF_NETDB_WANT_LOCATION;
    }
    return IPF_NETDB_WANT_ALL;
}

FieldText fieldText(const CallerFacts& found, CallerField f) {
    if (found.missing) return FieldText{std::nullopt, *found.missing};
    FieldText out{valueOf(found.facts, f), {}};
    if (out.value) return out;
    // The same words as the IpReport's reasons for a special-purpose block.
    const std::optional<std::string_view> why = found.facts.not_locatable_reason();
    if (why && isSpecialPurposeReason(*why))
        out.reason = specialPurposeReason(*why, found.facts.rfc(), isNetworkField(f));
    else
        out.reason = std::string("the address database has no ") + fieldName(f) + " for this address";
    return out;
}

}  // namespace ipfacts::ip
