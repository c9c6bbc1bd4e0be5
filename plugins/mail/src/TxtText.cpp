#include "TxtText.h"

#include <ipfacts/dns_txt.hpp>

namespace ipfacts::mail {

// The SDK's TXT reader (ipfacts/dns_txt.hpp) decodes; the facility's
// presentation format is always well formed, so the fallback for text it
// refuses (only hand-made or fuzzed input) is the text as given.
std::string joinTxtStrings(std::string_view data) {
    auto strings = txtStrings(data);
    return strings ? joinTxt(*strings) : std::string(data);
}

size_t txtStringCount(std::string_view data) {
    auto strings = txtStrings(data);
    return strings ? strings->size() : 1;
}

}  // namespace ipfacts::mail
