#include "host/facilities/http/ThreadMulti.h"

#include <new>

namespace ipfacts::facilities::http {

namespace {
constexpr long kMaxPooledConnections = 32;  // per thread; the oldest idle one closes first
}

ThreadMulti::ThreadMulti() : multi_(curl_multi_init()) {
    if (!multi_) throw std::bad_alloc();
    curl_multi_setopt(multi_, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    curl_multi_setopt(multi_, CURLMOPT_MAXCONNECTS, kMaxPooledConnections);
}

ThreadMulti::~ThreadMulti() { curl_multi_cleanup(multi_); }

CURLM* ThreadMulti::get() {
    thread_local ThreadMulti m;
    return m.multi_;
}

}  // namespace ipfacts::facilities::http
