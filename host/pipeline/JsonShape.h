// JsonShape: the host's two rewrites of a JSON answer, applied after the
// handler (and after the response cache, which keeps the handler's bytes):
// `pretty` (indented for people) and `fields` (only the named top-level
// members). Both walk the bytes the handler wrote without parsing values:
// strings and numbers come out exactly as they went in, so /json and
// /api/v1/ip stay byte-for-byte the same under either rewrite.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::pipeline {

/// `json` indented by two spaces per level, one member or element per line,
/// "name": value, empty objects and arrays kept as {} and [], and a final
/// newline. Input that is not well-formed JSON comes back unchanged, and so
/// does JSON whose pretty form would pass kMaxPrettyGrowth times its size.
std::string prettyJson(std::string_view json);
inline constexpr size_t kMaxPrettyGrowth = 8;

/// The top-level object `json` with only the members named in `names`, in
/// the object's own order, compact. Input that is not a JSON object comes
/// back unchanged.
std::string selectMembers(std::string_view json, const std::vector<std::string>& names);

}  // namespace ipfacts::pipeline
