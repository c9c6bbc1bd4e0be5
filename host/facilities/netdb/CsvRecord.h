// CsvRecord: splits one line of RFC 4180 CSV into fields ("a,\"b, c\",\"d \"\"e\"\"\"").
// The ASN files quote organisation names that hold commas or quotes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::facilities::netdb {

/// Fills `fields` (reusing its strings' storage) with the fields of `line`,
/// which holds no line break. False when a quote is left open or stray text
/// follows a closing quote.
bool splitCsvRecord(std::string_view line, std::vector<std::string>& fields);

}  // namespace ipfacts::facilities::netdb
