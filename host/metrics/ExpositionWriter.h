// ExpositionWriter: the Prometheus text exposition format, version 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): a HELP and
// a TYPE line per metric family, then its samples, label values escaped.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::metrics {

using Label = std::pair<std::string_view, std::string_view>;

class ExpositionWriter {
public:
    /// The Content-Type a scrape is answered with.
    static constexpr std::string_view kContentType = "text/plain; version=0.0.4; charset=utf-8";

    /// Starts family `name` ("counter", "gauge", "histogram"); its samples follow.
    void family(std::string_view name, std::string_view type, std::string_view help);
    /// One sample line: `name{labels} value`.
    void sample(std::string_view name, std::initializer_list<Label> labels, uint64_t value);
    void sample(std::string_view name, std::initializer_list<Label> labels, int64_t value);
    void sample(std::string_view name, std::initializer_list<Label> labels, double value);
    /// One sample line with labels held as strings (a facility's, read at scrape time).
    void sample(std::string_view name, const std::vector<std::pair<std::string, std::string>>& labels, double value);

    const std::string& text() const { return out_; }

private:
    template <class Labels>
    void begin(std::string_view name, const Labels& labels);
    std::string out_;
};

/// A label value as the format wants it: backslash, double quote and line
/// feed escaped as \\, \" and \n.
std::string escapeLabelValue(std::string_view v);
/// HELP text: backslash and line feed escaped.
std::string escapeHelp(std::string_view v);
/// A sample value: integers without a fraction, +Inf, -Inf, NaN as the format spells them.
std::string formatValue(double v);

}  // namespace ipfacts::metrics
