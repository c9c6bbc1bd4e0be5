#include "host/store/redis/ClusterSlotMap.h"

#include <algorithm>
#include <stdexcept>

namespace ipfacts::store {
namespace {

using Type = RedisReply::Type;

[[noreturn]] void malformed(const std::string& why) { throw std::invalid_argument("CLUSTER SLOTS: " + why); }

int64_t integerOf(const RedisReply& r, const char* what) {
    if (r.type != Type::Integer) malformed(std::string(what) + " is not an integer");
    return r.integer;
}

/// A node entry: [host, port, id, ...]; an empty host is the node we asked.
RedisNodeAddress nodeOf(const RedisReply& r, const RedisNodeAddress& asked) {
    if (r.type != Type::Array || r.elements.size() < 2 || r.elements[0].type != Type::String)
        malformed("a node is not [host, port, ...]");
    const int64_t port = integerOf(r.elements[1], "a node's port");
    if (port < 1 || port > 65535) malformed("a node's port is out of range");
    std::string host = r.elements[0].text;
    // "" (or "?" in some versions): the node does not know its name; it is the one we asked.
    if (host.empty() || host == "?") host = asked.host;
    return RedisNodeAddress{std::move(host), static_cast<int>(port)};
}

}  // namespace

ClusterSlotMap::ClusterSlotMap() : owner_(kRedisSlots, -1) {}

ClusterSlotMap ClusterSlotMap::fromClusterSlots(const RedisReply& reply, const RedisNodeAddress& asked) {
    if (reply.type == Type::Error) malformed(reply.text);
    if (reply.type != Type::Array) malformed("not an array");
    ClusterSlotMap map;
    // Each range: [first slot, last slot, master, replica...].
    for (const RedisReply& range : reply.elements) {
        if (range.type != Type::Array || range.elements.size() < 3) malformed("a range is not [first, last, master]");
        const int64_t first = integerOf(range.elements[0], "a range's first slot");
        const int64_t last = integerOf(range.elements[1], "a range's last slot");
        if (first < 0 || last >= kRedisSlots || first > last) malformed("a range is out of 0..16383");
        const int master = map.numberOf(nodeOf(range.elements[2], asked));
        std::fill(map.owner_.begin() + first, map.owner_.begin() + last + 1, static_cast<int16_t>(master));
    }
    return map;
}

int ClusterSlotMap::servedSlots() const {
    return static_cast<int>(std::count_if(owner_.begin(), owner_.end(), [](int16_t m) { return m >= 0; }));
}

int ClusterSlotMap::move(int slot, const RedisNodeAddress& to) {
    const int master = numberOf(to);
    owner_[static_cast<size_t>(slot)] = static_cast<int16_t>(master);
    return master;
}

int ClusterSlotMap::numberOf(const RedisNodeAddress& node) {
    const auto known = std::find(masters_.begin(), masters_.end(), node);
    if (known != masters_.end()) return static_cast<int>(known - masters_.begin());
    masters_.push_back(node);
    return static_cast<int>(masters_.size() - 1);
}

}  // namespace ipfacts::store
