#include "host/metrics/ExpositionWriter.h"

#include <charconv>
#include <cmath>

namespace ipfacts::metrics {

namespace {

/// Backslash and line feed escaped, and double quotes too when `quotes`.
std::string escaped(std::string_view v, bool quotes) {
    std::string out;
    out.reserve(v.size());
    for (char c : v) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '"' && quotes)
            out += "\\\"";
        else
            out += c;
    }
    return out;
}

}  // namespace

std::string escapeLabelValue(std::string_view v) { return escaped(v, true); }

std::string escapeHelp(std::string_view v) { return escaped(v, false); }

std::string formatValue(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
    char buf[64];
    // The shortest text that reads back as the same double: plain decimals
    // ("0.0005", "10", as bucket bounds are usually written) in the usual
    // range, an exponent outside it.
    const double a = std::fabs(v);
    auto r = a == 0 || (a >= 1e-6 && a < 1e15) ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed)
                                               : std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

void ExpositionWriter::family(std::string_view name, std::string_view type, std::string_view help) {
    out_.append("# HELP ").append(name).append(" ").append(escapeHelp(help)).append("\n");
    out_.append("# TYPE ").append(name).append(" ").append(type).append("\n");
}

template <class Labels>
void ExpositionWriter::begin(std::string_view name, const Labels& labels) {
    out_.append(name);
    if (labels.size() == 0) return;
    out_ += '{';
    bool first = true;
    for (const auto& [k, v] : labels) {
        if (!first) out_ += ',';
        first = false;
        out_.append(k).append("=\"").append(escapeLabelValue(v)).append("\"");
    }
    out_ += '}';
}

void ExpositionWriter::sample(std::string_view name, std::initializer_list<Label> labels, uint64_t value) {
    begin(name, labels);
    out_.append(" ").append(std::to_string(value)).append("\n");
}

void ExpositionWriter::sample(std::string_view name, std::initializer_list<Label> labels, int64_t value) {
    begin(name, labels);
    out_.append(" ").append(std::to_string(value)).append("\n");
}

void ExpositionWriter::sample(std::string_view name, std::initializer_list<Label> labels, double value) {
    begin(name, labels);
    out_.append(" ").append(formatValue(value)).append("\n");
}

void ExpositionWriter::sample(std::string_view name, const std::vector<std::pair<std::string, std::string>>& labels,
                              double value) {
    begin(name, labels);
    out_.append(" ").append(formatValue(value)).append("\n");
}

}  // namespace ipfacts::metrics
