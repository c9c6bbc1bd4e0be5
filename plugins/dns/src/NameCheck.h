// NameCheck: the outcome of turning a name as given into the A-label form
// the resolvers are asked about. Errors are values on the request path.
#ifndef IPFACTS_PLUGINS_DNS_NAMECHECK_H
#define IPFACTS_PLUGINS_DNS_NAMECHECK_H

#include <string>

namespace ipfacts::dns {

struct NameCheck {
    std::string ascii;  ///< A-label form, lower-case, no trailing dot ("." for the root); empty when invalid
    std::string error;  ///< why the name is invalid, for the invalid_name message; empty when valid

    bool ok() const { return error.empty(); }

    static NameCheck valid(std::string ascii) { return NameCheck{std::move(ascii), {}}; }
    static NameCheck invalid(std::string why) { return NameCheck{{}, std::move(why)}; }
};

}  // namespace ipfacts::dns

#endif
