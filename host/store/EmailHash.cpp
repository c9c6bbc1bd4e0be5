#include "host/store/EmailHash.h"

#include <algorithm>
#include <cctype>

namespace ipfacts::store {

std::string emailHash(const ServerSecret& secret, std::string_view address) {
    std::string lower(address);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return secret.hmacHex("email:" + lower);
}

}  // namespace ipfacts::store
