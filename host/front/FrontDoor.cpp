#include "host/front/FrontDoor.h"

#include "host/front/FrontPage.h"
#include "host/front/MediaChoice.h"
#include "host/front/PageParts.h"
#include "host/front/TargetPage.h"
#include "host/pipeline/ErrorEnvelope.h"
#include "host/pipeline/TargetName.h"

#include <algorithm>
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
    for (const auto& e : parts_.guide) routed_.insert(e.path);
}

std::string FrontDoor::baseUrl(const pipeline::Exchange& ex) const {
    const std::string_view host = pipeline::requestHeader(ex.request, "Host");
    const char* scheme = ex.request.tls == "none" ? "http://" : "https://";
    return scheme + (plainHost(host) ? std::string(host) : parts_.service_host);
}

void FrontDoor::redirectLookup(pipeline::Exchange& ex) const {
    std::vector<std::string> asked;
    for (const auto& [name, value] : ex.query)
        if (name == "q") asked.push_back(value);
    std::string target = asked.size() == 1 ? asked.front() : "";
    // A pasted value keeps its spaces; a trailing dot names the same host.
    while (!target.empty() && (target.front() == ' ' || target.front() == '\t')) target.erase(0, 1);
    while (!target.empty() && (target.back() == ' ' || target.back() == '\t' || target.back() == '.'))
        target.pop_back();
    if (!pipeline::isLookupTarget(target))
        return pipeline::writeError(ex.response, 400, "invalid_parameter",
                                    "`q` takes one IPv4 or IPv6 address or public host name (8.8.8.8, example.com)");
    ex.response.status = 303;
    ex.response.addHeader("Location", "/" + percentEncode(target));
    ex.response.content_type = "text/plain; charset=utf-8";
    ex.response.body = "See /" + percentEncode(target) + "\n";
}

void FrontDoor::serve(pipeline::Exchange& ex) const {
    if (std::any_of(ex.query.begin(), ex.query.end(), [](const auto& q) { return q.first == "q"; }))
        return redirectLookup(ex);
    const std::string_view ua = pipeline::requestHeader(ex.request, "User-Agent");
    const FrontForm form = chooseForm(pipeline::requestHeader(ex.request, "Accept"), ua, parts_.cli->matches(ua));
    ex.response.addHeader("Vary", "Accept, User-Agent");
    if (form == FrontForm::Text) return void(parts_.call(*parts_.text, ex));
    if (!parts_.call(*parts_.json, ex) || form == FrontForm::Json) return;
    const std::string report = std::move(ex.response.body);
    ex.response.body =
        frontPage(FrontPageInput{&report, &parts_.guide, baseUrl(ex), parts_.service_host, parts_.status_page});
    ex.response.content_type = "text/html; charset=utf-8";
    ex.response.addHeader("Content-Security-Policy", pagePolicy());
    ex.response.addHeader("Referrer-Policy", "no-referrer");
}

void FrontDoor::serveTarget(pipeline::Exchange& ex) const {
    // Only an Accept header asking for text/html gets the page (a browser's
    // navigation does); every other client, a browser's fetch() included, the
    // LookupResponse exactly as /api/v1/lookup/{target} writes it.
    const bool page = chooseForm(pipeline::requestHeader(ex.request, "Accept"), "", false) == FrontForm::Html;
    if (!ex.on_worker) {
        if (!parts_.cached(*parts_.lookup, ex)) return void(ex.deferred = true);  // the lookup may wait
    } else if (!parts_.call_and_keep(*parts_.lookup, ex)) {
        return;
    }
    ex.response.addHeader("Vary", "Accept, User-Agent");
    if (page) renderTargetPage(ex);
}

void FrontDoor::renderTargetPage(pipeline::Exchange& ex) const {
    const int status = ex.response.status;
    // A name that does not exist or could not be resolved gets the page with
    // the error's words; a target the lookup refuses keeps the error envelope.
    if (status != 200 && status != 404 && status != 503) return;
    std::string target;
    for (const auto& [name, value] : ex.path_params)
        if (name == "target") target = value;
    const std::string lookup = std::move(ex.response.body);
    if (status == 200) {
        ex.response.body = targetPage(TargetPageInput{&lookup, target, &routed_, parts_.service_host});
    } else {
        const auto error = parseObjectOrNull(&lookup);
        ex.response.body =
            targetErrorPage(target, error ? error->optValue<std::string>("message", "") : "", parts_.service_host);
    }
    ex.response.content_type = "text/html; charset=utf-8";
    ex.response.addHeader("Content-Security-Policy", pagePolicy());
    ex.response.addHeader("Referrer-Policy", "no-referrer");
}

}  // namespace ipfacts::front
