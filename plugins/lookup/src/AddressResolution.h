// AddressResolution: a host name to its addresses, A and AAAA asked
// together in one batch through the host's resolver (the rule:
// a hostname is resolved first, and the resolved address is reported).
#ifndef IPFACTS_PLUGINS_LOOKUP_ADDRESSRESOLUTION_H
#define IPFACTS_PLUGINS_LOOKUP_ADDRESSRESOLUTION_H

#include <ipfacts/plugin.hpp>

#include <string>
#include <vector>

namespace ipfacts::lookup {

struct Resolution {
    enum class Outcome {
        Found,           ///< at least one address
        NoSuchName,      ///< NXDOMAIN, or NOERROR with no A and no AAAA records
        ResolverFailed,  ///< no usable answer and no proof the name is empty
    };
    Outcome outcome = Outcome::ResolverFailed;
    /// Canonical text, A records before AAAA, each once, in answer order.
    std::vector<std::string> addresses;
    /// NoSuchName: "NXDOMAIN" or "no A or AAAA records". ResolverFailed: why.
    /// Found: the half that failed, if one did ("the AAAA query failed:
    /// timeout (the DNS resolver did not answer in time)", the SDK's words
    /// after the prefix), since the list is then incomplete.
    std::string note;
};

/// Reads answers[0] (A) and answers[1] (AAAA) of ipfacts::addressQuestions.
/// Records of other types (a CNAME chain) and records whose data is not an
/// address of the asked family are skipped. NXDOMAIN from either question
/// wins over a failure of the other: the name does not exist either way.
Resolution readAddressAnswers(const DnsAnswers& answers);

/// Asks the host's resolver. Blocking. No resolver configured is
/// ResolverFailed.
Resolution resolveAddresses(const Host& host, const std::string& name);

}  // namespace ipfacts::lookup

#endif
