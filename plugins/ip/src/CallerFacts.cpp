#include "CallerFacts.h"

namespace ipfacts::ip {

CallerFacts lookUpFacts(const Host& host, std::string_view address, uint32_t wanted) {
    CallerFacts out;
    if (!host.hasNetDb()) {
        out.missing = "no address database is configured";
        return out;
    }
    Result<Held<NetFactsView>> facts = host.netFacts(address, wanted);
    if (!facts) {
        // The host always hands us a literal, so this is the database failing.
        out.missing = "the address database could not look this address up";
        return out;
    }
    out.facts = std::move(*facts);
    return out;
}

}  // namespace ipfacts::ip
