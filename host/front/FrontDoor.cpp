#include "host/front/FrontDoor.h"

#include "host/front/FrontPage.h"
#include "host/front/MediaChoice.h"

#include <cctype>
#include <stdexcept>

namespace ipfacts::front {
namespace {

/// A Host header worth echoing into a curl line: a name or address and a port, nothing else.
bool plainHost(std::string_view host) {
    if (host.empty() || host.size() > 255) return false;
    for (char c : host)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != ':' && c != '[' && c != ']')
            return false;
    return true;
}

}  // namespace

const pipeline::Route* routeOf(const std::vector<pipeline::Route>& routes, const std::string& plugin,
                               const std::string& handler) {
    for (const auto& r : routes)
        if (r.spec.plugin == plugin && r.spec.handler == handler) return &r;
    return nullptr;
}

FrontDoor::FrontDoor(Parts parts) : parts_(std::move(parts)) {
    if (!parts_.text || !parts_.json)
        throw std::runtime_error("the front door (host.front) needs routes to ip.address and ip.report");
}

std::string FrontDoor::baseUrl(const pipeline::Exchange& ex) const {
    const std::string_view host = pipeline::requestHeader(ex.request, "Host");
    const char* scheme = ex.request.tls == "none" ? "http://" : "https://";
    return scheme + (plainHost(host) ? std::string(host) : parts_.service_host);
}

void FrontDoor::serve(pipeline::Exchange& ex) const {
    const std::string_view ua = pipeline::requestHeader(ex.request, "User-Agent");
    const FrontForm form = chooseForm(pipeline::requestHeader(ex.request, "Accept"), ua, parts_.cli->matches(ua));
    ex.response.addHeader("Vary", "Accept, User-Agent");
    if (form == FrontForm::Text) return void(parts_.call(*parts_.text, ex));
    if (!parts_.call(*parts_.json, ex) || form == FrontForm::Json) return;
    const std::string report = std::move(ex.response.body);
    ex.response.body =
        frontPage(FrontPageInput{&report, &parts_.guide, baseUrl(ex), parts_.service_host, parts_.status_page});
    ex.response.content_type = "text/html; charset=utf-8";
    ex.response.addHeader("Content-Security-Policy", frontPagePolicy());
    ex.response.addHeader("Referrer-Policy", "no-referrer");
}

}  // namespace ipfacts::front
