#include "host/facilities/netdb/CsvRecord.h"

namespace ipfacts::facilities::netdb {

namespace {

/// Reads a quoted field starting after its opening quote at `i`; leaves `i`
/// just past the closing quote. False when the quote never closes.
bool readQuoted(std::string_view line, size_t& i, std::string& out) {
    while (i < line.size()) {
        char c = line[i++];
        if (c != '"') {
            out += c;
        } else if (i < line.size() && line[i] == '"') {
            out += '"';  // "" is an escaped quote
            ++i;
        } else {
            return true;
        }
    }
    return false;
}

}  // namespace

bool splitCsvRecord(std::string_view line, std::vector<std::string>& fields) {
    size_t count = 0, i = 0;
    for (;;) {
        if (fields.size() <= count) fields.emplace_back();
        std::string& f = fields[count++];
        f.clear();
        if (i < line.size() && line[i] == '"') {
            ++i;
            if (!readQuoted(line, i, f)) return false;
            if (i < line.size() && line[i] != ',') return false;
        } else {
            size_t comma = line.find(',', i);
            f.assign(line.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i));
            i = comma == std::string_view::npos ? line.size() : comma;
        }
        if (i >= line.size()) break;
        ++i;  // past the comma
    }
    fields.resize(count);
    return true;
}

}  // namespace ipfacts::facilities::netdb
