#include "host/pipeline/RouteTable.h"

#include "host/net/IpAddress.h"
#include "host/pipeline/HttpText.h"
#include "host/pipeline/ResponseCache.h"
#include "host/pipeline/TargetName.h"

#include <algorithm>

namespace ipfacts::pipeline {

std::vector<std::string_view> splitPath(std::string_view path) {
    std::vector<std::string_view> out;
    if (!path.empty() && path[0] == '/') path.remove_prefix(1);
    while (true) {
        size_t slash = path.find('/');
        out.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

namespace {
bool isParam(std::string_view seg) { return seg.size() > 2 && seg.front() == '{' && seg.back() == '}'; }
bool named(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}
}  // namespace

RouteTable::RouteTable(std::vector<Route> routes) : routes_(std::move(routes)) {
    for (auto& r : routes_) r.response_cache_s = ResponseCache::lifetimeOf(r.spec, r.host_handler >= 0);
    for (const auto& r : routes_) {
        if (r.spec.path.find('{') == std::string::npos) {
            exact_[r.spec.path] = &r;
            continue;
        }
        Template t{&r, {}, 0, {}};
        for (auto seg : splitPath(r.spec.path)) {
            t.segments.emplace_back(seg);
            if (!isParam(seg)) ++t.literal_count;
            const std::string name(isParam(seg) ? seg.substr(1, seg.size() - 2) : std::string_view());
            t.takes.push_back(!isParam(seg)                   ? Takes::Literal
                              : named(r.address_params, name) ? Takes::Address
                              : named(r.target_params, name)  ? Takes::Target
                                                              : Takes::Anything);
        }
        templates_.push_back(std::move(t));
    }
    std::stable_sort(templates_.begin(), templates_.end(),
                     [](const Template& a, const Template& b) { return a.literal_count > b.literal_count; });
}

bool RouteTable::addressesWhereRequired(const Template& t, const std::vector<std::string_view>& segs) {
    for (size_t i = 0; i < segs.size(); ++i) {
        if (t.takes[i] != Takes::Address && t.takes[i] != Takes::Target) continue;
        auto value = percentDecode(segs[i], false);
        if (!value) return false;
        if (t.takes[i] == Takes::Address ? !net::IpAddress::parse(*value) : !isLookupTarget(*value)) return false;
    }
    return true;
}

RouteMatch RouteTable::match(std::string_view raw_path) const {
    RouteMatch m;
    // Fast path: static routes whose path needs no decoding.
    if (raw_path.find('%') == std::string_view::npos) {
        auto it = exact_.find(std::string(raw_path));
        if (it != exact_.end()) {
            m.route = it->second;
            return m;
        }
    } else if (auto decoded = percentDecode(raw_path, false)) {
        auto it = exact_.find(*decoded);
        if (it != exact_.end()) {
            m.route = it->second;
            return m;
        }
    }
    if (templates_.empty()) return m;
    auto segs = splitPath(raw_path);
    for (const auto& t : templates_) {
        if (t.segments.size() != segs.size()) continue;
        bool ok = true;
        for (size_t i = 0; i < segs.size() && ok; ++i) {
            const auto& want = t.segments[i];
            if (isParam(want))
                ok = !segs[i].empty();
            else
                ok = want == segs[i];
        }
        if (!ok) continue;
        if (!addressesWhereRequired(t, segs)) {
            if (!m.address_miss) m.address_miss = t.route;
            continue;
        }
        m.route = t.route;
        for (size_t i = 0; i < segs.size(); ++i) {
            const auto& want = t.segments[i];
            if (!isParam(want)) continue;
            auto value = percentDecode(segs[i], false);
            if (!value) {
                m.bad_param = true;
                value = std::string();
            }
            m.params.emplace_back(std::string_view(want).substr(1, want.size() - 2), std::move(*value));
        }
        return m;
    }
    return m;
}

}  // namespace ipfacts::pipeline
