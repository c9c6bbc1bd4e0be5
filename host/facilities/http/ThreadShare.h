// ThreadShare: the calling thread's libcurl share handle, holding its
// connection pool (HTTP/1.1 keep-alive and HTTP/2 connections), DNS cache and
// TLS sessions between calls. Each fetchAll drives its own multi handle (so
// fibers on one thread never read each other's transfers) and they all reuse
// connections through this share. A share used by one thread needs no lock,
// and fibers never change threads, so it is thread_local.
#pragma once

#include <curl/curl.h>

namespace ipfacts::facilities::http {

class ThreadShare {
public:
    /// This thread's handle, created on first use, cleaned up when the thread ends.
    static CURLSH* get();

    ThreadShare(const ThreadShare&) = delete;
    ThreadShare& operator=(const ThreadShare&) = delete;

private:
    ThreadShare();
    ~ThreadShare();

    CURLSH* share_;
};

}  // namespace ipfacts::facilities::http
