#include "host/store/ServerSecret.h"

#include "host/store/KeyStore.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ipfacts::store {
namespace {

/// A descriptor closed on scope exit.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

/// Writes fresh random bytes to `path` unless it exists: written under a
/// temporary name and linked into place, so no reader sees a partial file
/// and of two processes racing the first link wins.
void createIfAbsent(const std::string& path) {
    unsigned char raw[ServerSecret::kBytes];
    if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("no randomness for the server secret");
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    bool written = false;
    {
        Fd fd{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)};
        if (fd.fd < 0) throw std::runtime_error("cannot create " + tmp + ": " + std::strerror(errno));
        written = ::write(fd.fd, raw, sizeof raw) == static_cast<ssize_t>(sizeof raw) && ::fsync(fd.fd) == 0;
    }
    const int linked = written ? ::link(tmp.c_str(), path.c_str()) : -1;
    const int link_errno = errno;
    ::unlink(tmp.c_str());
    if (!written) throw std::runtime_error("cannot write " + tmp);
    if (linked != 0 && link_errno != EEXIST)
        throw std::runtime_error("cannot create " + path + ": " + std::strerror(link_errno));
}

std::string readAll(int fd, const std::string& path) {
    std::string out;
    char buf[64];
    while (true) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
        if (n == 0) break;
        out.append(buf, static_cast<size_t>(n));
        if (out.size() > ServerSecret::kBytes) break;
    }
    return out;
}

}  // namespace

ServerSecret ServerSecret::loadOrCreate(const std::string& state_dir) {
    const std::string path = state_dir + "/" + kFileName;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) createIfAbsent(path);
    Fd existing{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (existing.fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    if (::fstat(existing.fd, &st) == 0 && (st.st_mode & 077) != 0)
        throw std::runtime_error(path + " is readable by other users (mode " + std::to_string(st.st_mode & 0777) +
                                 "); chmod 600 it");
    std::string bytes = readAll(existing.fd, path);
    if (bytes.size() != kBytes)
        throw std::runtime_error(path + " holds " + std::to_string(bytes.size()) + " bytes, not " +
                                 std::to_string(kBytes) +
                                 "; restore it from a backup (hashes of stored data depend on it)");
    return ServerSecret(std::move(bytes));
}

std::string ServerSecret::hmac(std::string_view data) const {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), bytes_.data(), static_cast<int>(bytes_.size()),
         reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &len);
    return std::string(reinterpret_cast<const char*>(out), len);
}

std::string ServerSecret::hmacHex(std::string_view data) const {
    const std::string mac = hmac(data);
    return lowerHex(reinterpret_cast<const unsigned char*>(mac.data()), mac.size());
}

std::string ServerSecret::hmacHex(std::string_view purpose, std::string_view data) const {
    return ServerSecret(hmac(purpose)).hmacHex(data);
}

bool equalTokens(std::string_view a, std::string_view b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string randomHex(size_t bytes) {
    std::string raw(bytes, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1)
        throw std::runtime_error("no randomness");
    return lowerHex(reinterpret_cast<const unsigned char*>(raw.data()), bytes);
}

}  // namespace ipfacts::store
