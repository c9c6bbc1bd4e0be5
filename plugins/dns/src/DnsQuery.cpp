#include "DnsQuery.h"

#include "RecordType.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_name.hpp>

#include <optional>
#include <string_view>

namespace ipfacts::dns {
namespace {

QueryError badRequest(std::string token, std::string message) {
    return QueryError{400, std::move(token), std::move(message)};
}

// The single value of a parameter, or the error for a repeated one.
// nullopt inside the variant means the parameter is absent.
std::variant<std::optional<std::string_view>, QueryError> singleValue(const Request& req, std::string_view name) {
    const size_t count = req.queryCount(name);
    if (count > 1)
        return badRequest("invalid_parameter", "the " + std::string(name) + " parameter may be given only once");
    if (count == 0) return std::optional<std::string_view>();
    return std::optional<std::string_view>(req.query(name).value_or(std::string_view()));
}

std::variant<std::string_view, QueryError> readName(const Request& req) {
    auto value = singleValue(req, "name");
    if (auto* error = std::get_if<QueryError>(&value)) return *error;
    const std::optional<std::string_view> name = std::get<0>(value);
    if (!name || name->empty())
        return badRequest("invalid_parameter", "the name parameter is required, e.g. ?name=example.com");
    if (name->size() > kMaxNameParameterBytes)
        return badRequest("invalid_parameter",
                          "the name parameter is longer than " + std::to_string(kMaxNameParameterBytes) + " bytes");
    return *name;
}

std::variant<std::string_view, QueryError> readType(const Request& req) {
    auto value = singleValue(req, "type");
    if (auto* error = std::get_if<QueryError>(&value)) return *error;
    const std::optional<std::string_view> text = std::get<0>(value);
    if (!text) return kDefaultRecordType;
    if (std::optional<std::string_view> type = parseRecordType(*text)) return *type;
    return badRequest("invalid_type", "type must be one of " + recordTypeList() + " (any letter case)");
}

std::variant<std::string, QueryError> asciiNameFor(std::string_view name, std::string_view type) {
    if (type == "PTR")
        if (std::optional<std::string> reverse = arpaNameOf(name)) return *reverse;
    NameCheck check = normaliseName(name);
    if (!check.ok()) return badRequest("invalid_name", std::move(check.error));
    return std::move(check.ascii);
}

}  // namespace

std::variant<DnsQuery, QueryError> parseDnsQuery(const Request& req) {
    auto name = readName(req);
    if (auto* error = std::get_if<QueryError>(&name)) return *error;
    auto type = readType(req);
    if (auto* error = std::get_if<QueryError>(&type)) return *error;
    const std::string_view givenName = std::get<0>(name);
    const std::string_view typeName = std::get<0>(type);
    auto ascii = asciiNameFor(givenName, typeName);
    if (auto* error = std::get_if<QueryError>(&ascii)) return *error;
    return DnsQuery{std::string(givenName), std::move(std::get<0>(ascii)), std::string(typeName)};
}

}  // namespace ipfacts::dns
