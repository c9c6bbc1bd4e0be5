// ClusterSlotMap: which master of a Redis Cluster serves each hash slot, as
// the cluster told us in its answer to CLUSTER SLOTS, corrected slot by slot
// by MOVED redirections until the next refresh. The masters are numbered
// (their order of first appearance), so a client keeps one connection per
// number and splits a batch per master. Replicas are not used: counting
// writes, and a replica's reads could lag.
#pragma once

#include "host/store/redis/RedisLink.h"
#include "host/store/redis/RedisNodeAddress.h"
#include "host/store/redis/RedisSlot.h"

#include <cstdint>
#include <vector>

namespace ipfacts::store {

class ClusterSlotMap {
public:
    /// No master known: every slot unserved.
    ClusterSlotMap();

    /// The map in CLUSTER SLOTS' `reply`, asked of `asked`, whose host
    /// stands in for a node's empty one. Throws std::invalid_argument when
    /// the reply is not CLUSTER SLOTS' shape (an error, a slot out of range).
    static ClusterSlotMap fromClusterSlots(const RedisReply& reply, const RedisNodeAddress& asked);

    /// The number of the master serving `slot`, -1 when none does.
    int masterOf(int slot) const { return owner_[static_cast<size_t>(slot)]; }
    /// The masters, by number.
    const std::vector<RedisNodeAddress>& masters() const { return masters_; }
    /// How many slots have a master (16384 when the cluster covers all).
    int servedSlots() const;
    /// `slot` is served by `to` from now on (a MOVED redirection); returns
    /// `to`'s number, a new one when it was not a master yet.
    int move(int slot, const RedisNodeAddress& to);
    /// The number of master `node`, a new one when it was not known.
    int numberOf(const RedisNodeAddress& node);

private:
    std::vector<RedisNodeAddress> masters_;
    std::vector<int16_t> owner_;  // per slot, -1: unserved
};

}  // namespace ipfacts::store
