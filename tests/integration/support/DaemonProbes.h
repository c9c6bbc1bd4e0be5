// What integration tests observe of an ipfactsd from outside: its memory,
// CPU time and descriptors, and a resolver that never answers it. Header-only.
#pragma once

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace ipfacts::testing {

/// Resident memory of a process, in bytes.
inline long rssBytes(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/statm");
    long pages = 0, resident = 0;
    in >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

/// CPU seconds (user + system) a process has used.
inline double cpuSeconds(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream rest(text.substr(text.rfind(')') + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

/// Descriptors a process has open.
inline int openDescriptors(int pid) {
    DIR* d = ::opendir(("/proc/" + std::to_string(pid) + "/fd").c_str());
    if (!d) return -1;
    int n = 0;
    while (dirent* e = ::readdir(d))
        if (e->d_name[0] != '.') ++n;
    ::closedir(d);
    return n;
}

/// A UDP socket that receives DNS questions and never answers: a resolver
/// that has gone silent.
struct BlackHoleResolver {
    int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    int port = 0;
    BlackHoleResolver() {
        // Room for thousands of questions between two received() calls (as
        // root, past net.core.rmem_max), so none is dropped uncounted.
        int bytes = 8 << 20;
        if (::setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &bytes, sizeof bytes) != 0)
            ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof bytes);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
        socklen_t len = sizeof a;
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
    }
    ~BlackHoleResolver() { ::close(fd); }
    /// Questions received so far (read and dropped here, never answered).
    int received() {
        char buf[512];
        while (::recv(fd, buf, sizeof buf, MSG_DONTWAIT) >= 0) ++count;
        return count;
    }
    int count = 0;
};

}  // namespace ipfacts::testing
