#include "QueryableName.h"

#include <ipfacts/dns_name.hpp>

namespace ipfacts::reverse {

bool isQueryableName(std::string_view name) {
    // ptrNames already took the one trailing dot a PTR target may have;
    // checkAsciiName would take another, which no host name has.
    if (name.empty() || name.back() == '.') return false;
    return checkAsciiName(name).ok();  // the SDK's DNS label rules, underscores allowed
}

}  // namespace ipfacts::reverse
