// RequestValidator: what can be refused before libcurl sees a request: a
// malformed URL, a scheme the upstream may not use, a method or header the
// client does not send, a literal address the guard refuses. Refusing a
// literal here costs no DNS and no socket; the connect-time check in
// CurlTransfer would refuse it anyway.
#pragma once

#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/http/HttpRequest.h"

#include <string>

namespace ipfacts::facilities::http {

class RequestValidator {
public:
    explicit RequestValidator(const guard::AddressGuard& guard) : guard_(guard) {}

    /// Why `r` cannot be sent, or empty when it may go to libcurl.
    std::string problem(const HttpRequest& r) const;

private:
    std::string urlProblem(const HttpRequest& r) const;
    static std::string methodProblem(const HttpRequest& r);
    static std::string headerProblem(const std::string& name, const std::string& value);

    const guard::AddressGuard& guard_;
};

}  // namespace ipfacts::facilities::http
