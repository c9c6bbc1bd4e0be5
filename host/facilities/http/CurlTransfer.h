// CurlTransfer: one request as a libcurl easy handle, with everything its
// callbacks fill in. Owns the handle and the header list (RAII), sets every
// option that keeps the AddressGuard in charge of where the handle connects,
// and turns the outcome into an HttpResult.
#pragma once

#include "host/facilities/guard/AddressGuard.h"
#include "host/facilities/http/HttpClientOptions.h"
#include "host/facilities/http/HttpRequest.h"
#include "host/facilities/http/HttpResult.h"

#include <curl/curl.h>

#include <memory>
#include <string>

namespace ipfacts::facilities::http {

class CurlTransfer {
public:
    CurlTransfer(const HttpRequest& request, const guard::AddressGuard& guard, const HttpClientOptions& options);
    CurlTransfer(const CurlTransfer&) = delete;
    CurlTransfer& operator=(const CurlTransfer&) = delete;

    CURL* easy() const { return easy_.get(); }

    /// The result once libcurl reported `code` for this transfer.
    HttpResult finish(CURLcode code);

private:
    struct EasyDeleter {
        void operator()(CURL* e) const { curl_easy_cleanup(e); }
    };
    struct ListDeleter {
        void operator()(curl_slist* l) const { curl_slist_free_all(l); }
    };

    void setSafetyOptions();
    void setRequestOptions();
    void pinAddresses();
    void setCallbacks();
    std::string describe(CURLcode code) const;

    static size_t onBody(char* data, size_t size, size_t n, void* self);
    static size_t onHeader(char* data, size_t size, size_t n, void* self);
    static curl_socket_t onOpenSocket(void* self, curlsocktype purpose, curl_sockaddr* address);
    static int onPrereq(void* self, char* peer_ip, char* local_ip, int peer_port, int local_port);

    const HttpRequest& request_;
    const guard::AddressGuard& guard_;
    const HttpClientOptions& options_;
    std::unique_ptr<CURL, EasyDeleter> easy_;
    std::unique_ptr<curl_slist, ListDeleter> headers_;
    std::unique_ptr<curl_slist, ListDeleter> resolve_;  // the pinned "host:port:addresses" entry
    HttpResult result_;
    size_t header_bytes_ = 0;
    bool body_too_big_ = false;
    bool headers_too_big_ = false;
    std::string refusal_;  // the guard's reason, when it refused a peer
    char error_[CURL_ERROR_SIZE] = {0};
};

}  // namespace ipfacts::facilities::http
