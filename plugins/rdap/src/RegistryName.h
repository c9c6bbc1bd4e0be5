// RegistryName: which registry a service URL or WHOIS server belongs to, as
// the summary's `registry` names it.
#ifndef IPFACTS_PLUGINS_RDAP_REGISTRYNAME_H
#define IPFACTS_PLUGINS_RDAP_REGISTRYNAME_H

#include <string>

namespace ipfacts::rdap {

/// "ARIN", "RIPE NCC", "APNIC", "LACNIC", "AFRINIC" for the RIRs' hosts;
/// any other host (of a URL, or a WHOIS "host:port") lower case. Pure.
std::string registryNameOf(const std::string& urlOrHost);

/// True for the five names registryNameOf gives the RIRs.
bool isRirName(const std::string& name);

}  // namespace ipfacts::rdap

#endif
