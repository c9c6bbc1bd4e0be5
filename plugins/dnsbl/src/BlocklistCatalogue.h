// BlocklistCatalogue: the lists /api/v1/blacklist/{ip} asks, in order, as the
// operator keeps them in etc/blocklists.yaml (format in the file's header and
// plugins/dnsbl/README.md).
#ifndef IPFACTS_PLUGINS_DNSBL_BLOCKLISTCATALOGUE_H
#define IPFACTS_PLUGINS_DNSBL_BLOCKLISTCATALOGUE_H

#include "Blocklist.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

/// Reads an environment variable (the DQS key); std::getenv in the plugin,
/// a map in tests.
using EnvironmentReader = std::function<std::optional<std::string>(const std::string&)>;

/// The process environment.
std::optional<std::string> processEnvironment(const std::string& name);

/// Loads the catalogue at `path`. Throws std::runtime_error naming the file
/// and the line when it is missing, malformed YAML, or breaks a rule: a list
/// without name, zone, lookup_url or codes; a zone or DQS zone that is not a
/// DNS name; a name or zone given twice; a code or error that is not an IPv4
/// address in 127.0.0.0/8, or is 127.0.0.1 (RFC 5782's "not listed" test
/// point); a code that is also an error; an unknown key (a typo must not
/// silently drop a setting). A dqs block whose key_env is set in `env` turns
/// queryZone into "<key>.<dqs zone>" and zone into the DQS zone.
std::vector<Blocklist> loadCatalogue(const std::string& path, const EnvironmentReader& env = processEnvironment);

}  // namespace ipfacts::dnsbl

#endif
