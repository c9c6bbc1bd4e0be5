// The `ip` family: the caller's own address and what is known about it,
// in the forms of the short paths (/ip, /json, /ip.md) and /api/v1/ip.
#ifndef IPFACTS_PLUGINS_IP_IPPLUGIN_H
#define IPFACTS_PLUGINS_IP_IPPLUGIN_H

#include "FieldText.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::ip {

/// The plugin object the host creates once at init. Holds no mutable state,
/// so its handlers may run on any number of threads at once.
class IpPlugin {
public:
    static constexpr auto kConfig = ipfacts::kNoConfig;  // takes no config
    explicit IpPlugin(Host& host);

    /// GET /ip: the caller's address and one "\n", as text/plain. Never
    /// blocks and allocates nothing in the plugin: this is the hottest path.
    void address(Request& req, Response& resp);

    /// GET /json and GET /api/v1/ip: the IpReport (openapi.json), the same bytes
    /// on both paths. Registered NONBLOCKING: without `full` it reads only
    /// the address database and answers on the event loop. `full=1` adds the
    /// PTR hostname, a DNS call, so on the event loop (!req.mayBlock()) it
    /// defers to a worker (ABI 1.2) and answers when the host calls it again there.
    void report(Request& req, Response& resp);

    /// GET /ip.md: five lines of Markdown from the address database only.
    /// Never blocks.
    void markdown(Request& req, Response& resp);

    /// GET /country, /country-name, /city, /region, /asn, /as-name, /loc,
    /// /timezone, /isp, /rir: the IpReport field of the caller's address and
    /// one "\n" as text/plain; null: an empty line, 404, and why in
    /// X-Null-Reason. Never blocks.
    void country(Request& req, Response& resp) { field(req, resp, CallerField::Country); }
    void country_name(Request& req, Response& resp) { field(req, resp, CallerField::CountryName); }
    void city(Request& req, Response& resp) { field(req, resp, CallerField::City); }
    void region(Request& req, Response& resp) { field(req, resp, CallerField::Region); }
    void asn(Request& req, Response& resp) { field(req, resp, CallerField::Asn); }
    void as_name(Request& req, Response& resp) { field(req, resp, CallerField::AsName); }
    void loc(Request& req, Response& resp) { field(req, resp, CallerField::Loc); }
    void timezone(Request& req, Response& resp) { field(req, resp, CallerField::Timezone); }
    void isp(Request& req, Response& resp) { field(req, resp, CallerField::Isp); }
    void rir(Request& req, Response& resp) { field(req, resp, CallerField::Rir); }

    /// GET /{ip}/{field} (/8.8.8.8/country, ...): the same field of any
    /// address, with the same rules for null; a `field` none of the above
    /// names is 404 not_found (the error envelope). Never blocks.
    void field_of(Request& req, Response& resp);

private:
    void field(Request& req, Response& resp, CallerField f);
    /// The line of field `f` of `address`, or the 404 saying why it is null.
    void fieldLine(Response& resp, std::string_view address, CallerField f);

    const Host& host_;  // outlives the plugin: the SDK constructs it first
};

}  // namespace ipfacts::ip

#endif
