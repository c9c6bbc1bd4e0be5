#include "host/facilities/netdb/CountryNames.h"

#include "host/facilities/netdb/YamlSource.h"

namespace ipfacts::facilities::netdb {

CountryNames::CountryNames(const std::string& path) {
    // JSON is YAML's flow style, so yaml-cpp reads the file as it is.
    YamlSource src(path);
    if (!src.root().IsMap()) src.fail(src.root(), "expected an object with a `3166-1` list");
    for (const auto& entry : src.sequence(src.root(), "3166-1")) {
        const std::string code = src.text(entry, "alpha_2");
        auto slot = countrySlot(code);
        if (!slot) src.fail(entry["alpha_2"], "`" + code + "` is not a two-letter code");
        if (names_[*slot].empty()) ++count_;
        names_[*slot] = src.text(entry, "name");
    }
    if (count_ == 0) src.fail(src.root(), "no countries listed");
}

const std::string* CountryNames::nameOf(std::string_view code) const {
    auto slot = countrySlot(code);
    if (!slot || names_[*slot].empty()) return nullptr;
    return &names_[*slot];
}

}  // namespace ipfacts::facilities::netdb
