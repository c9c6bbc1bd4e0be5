#include "host/front/MediaChoice.h"

#include "host/pipeline/HttpText.h"

#include <array>
#include <cstdlib>
#include <string>

namespace ipfacts::front {
namespace {

struct Candidate {
    FrontForm form;
    std::string_view type;     // "text"
    std::string_view subtype;  // "plain"
    double q = -1;             // of the most specific range naming it; -1: none named it
    int specificity = -1;      // 2 type/subtype, 1 type/*
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// The q parameter of a media range's parameters ("; q=0.5"), 1 when absent.
double qualityOf(std::string_view params) {
    while (!params.empty()) {
        const size_t semi = params.find(';');
        const std::string_view p = trim(params.substr(0, semi));
        params = semi == std::string_view::npos ? std::string_view() : params.substr(semi + 1);
        if (p.size() > 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=')
            return std::atof(std::string(p.substr(2)).c_str());
    }
    return 1;
}

/// Reads one media range into the candidates it names more specifically than before.
void readRange(std::string_view range, std::array<Candidate, 3>& candidates) {
    const size_t semi = range.find(';');
    const std::string_view media = trim(range.substr(0, semi));
    const double q = qualityOf(semi == std::string_view::npos ? std::string_view() : range.substr(semi + 1));
    const size_t slash = media.find('/');
    if (slash == std::string_view::npos) return;
    const std::string_view type = media.substr(0, slash), subtype = media.substr(slash + 1);
    for (auto& c : candidates) {
        if (!pipeline::iequals(type, c.type)) continue;
        const int specificity = subtype == "*" ? 1 : pipeline::iequals(subtype, c.subtype) ? 2 : 0;
        if (specificity > c.specificity && specificity > 0) {
            c.q = q;
            c.specificity = specificity;
        }
    }
}

}  // namespace

FrontForm chooseForm(std::string_view accept, std::string_view user_agent, bool command_line) {
    // Listed in the order a tie goes: text/* gives the plain text.
    std::array<Candidate, 3> candidates{{{FrontForm::Text, "text", "plain"},
                                         {FrontForm::Json, "application", "json"},
                                         {FrontForm::Html, "text", "html"}}};
    while (!accept.empty()) {
        const size_t comma = accept.find(',');
        readRange(accept.substr(0, comma), candidates);
        accept = comma == std::string_view::npos ? std::string_view() : accept.substr(comma + 1);
    }
    const Candidate* best = nullptr;
    for (const auto& c : candidates)
        if (c.q > 0 && (!best || c.q > best->q || (c.q == best->q && c.specificity > best->specificity))) best = &c;
    if (best) return best->form;
    if (command_line) return FrontForm::Text;
    return user_agent.rfind("Mozilla/", 0) == 0 ? FrontForm::Html : FrontForm::Text;
}

}  // namespace ipfacts::front
