// ThreadMulti: the calling thread's libcurl multi handle. Its connection pool
// keeps HTTP/1.1 keep-alive and HTTP/2 connections open between that thread's
// calls. A multi handle must not be used by two threads at once, so each
// thread has its own (thread_local) and no lock is needed; the price is one
// pool per worker thread rather than one per process.
#pragma once

#include <curl/curl.h>

namespace ipfacts::facilities::http {

class ThreadMulti {
public:
    /// This thread's handle, created on first use, cleaned up when the thread ends.
    static CURLM* get();

    ThreadMulti(const ThreadMulti&) = delete;
    ThreadMulti& operator=(const ThreadMulti&) = delete;

private:
    ThreadMulti();
    ~ThreadMulti();

    CURLM* multi_;
};

}  // namespace ipfacts::facilities::http
