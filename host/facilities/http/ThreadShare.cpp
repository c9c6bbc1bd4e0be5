#include "host/facilities/http/ThreadShare.h"

#include <new>

namespace ipfacts::facilities::http {

ThreadShare::ThreadShare() : share_(curl_share_init()) {
    if (!share_) throw std::bad_alloc();
    curl_share_setopt(share_, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    curl_share_setopt(share_, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    curl_share_setopt(share_, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
}

ThreadShare::~ThreadShare() { curl_share_cleanup(share_); }

CURLSH* ThreadShare::get() {
    thread_local ThreadShare s;
    return s.share_;
}

}  // namespace ipfacts::facilities::http
