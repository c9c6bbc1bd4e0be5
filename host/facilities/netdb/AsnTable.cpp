#include "host/facilities/netdb/AsnTable.h"

#include "host/facilities/netdb/AsnCsvReader.h"

#include <algorithm>
#include <chrono>

namespace ipfacts::facilities::netdb {

namespace {

/// Start ascending; of equal starts the wider range first, then file order.
bool byStart(const AsnRow& a, const AsnRow& b) {
    if (a.start != b.start) return a.start < b.start;
    if (a.end != b.end) return b.end < a.end;
    return a.order < b.order;
}

/// Of the rows in [first, last) holding `k`, the one starting latest (most
/// specific); ties go to the narrower, then the earlier in the files.
const AsnRow* winnerAt(const AsnRow* first, const AsnRow* last, const AddressKey& k) {
    const AsnRow* best = nullptr;
    for (const AsnRow* r = first; r != last; ++r) {
        if (k < r->start || r->end < k) continue;
        if (!best || best->start < r->start || (best->start == r->start && r->end < best->end)) best = r;
    }
    return best;
}

/// Rewrites a cluster of overlapping rows as disjoint pieces, each owned by
/// the row that wins there. Clusters are rare and small (one in the real
/// IPv4 file), so a quadratic scan over their boundaries is fine.
void splitCluster(const AsnRow* first, const AsnRow* last, bool v4, std::vector<AsnRow>& out) {
    std::vector<AddressKey> bounds;
    for (const AsnRow* r = first; r != last; ++r) {
        bounds.push_back(r->start);
        if (r->end != AddressKey::max(v4)) bounds.push_back(r->end.next());
    }
    std::sort(bounds.begin(), bounds.end());
    bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
    for (size_t i = 0; i < bounds.size(); ++i) {
        const AsnRow* w = winnerAt(first, last, bounds[i]);
        if (!w) continue;
        AsnRow piece = *w;
        piece.start = bounds[i];
        piece.end = i + 1 < bounds.size() ? bounds[i + 1].prev() : AddressKey::max(v4);
        if (!out.empty() && out.back().order == w->order && out.back().end.next() == piece.start)
            out.back().end = piece.end;
        else
            out.push_back(piece);
    }
}

/// Sorts `rows` and makes them disjoint.
std::vector<AsnRow> disjoint(std::vector<AsnRow> rows, bool v4) {
    std::sort(rows.begin(), rows.end(), byStart);
    std::vector<AsnRow> out;
    out.reserve(rows.size());
    size_t i = 0;
    while (i < rows.size()) {
        size_t j = i + 1;
        AddressKey reach = rows[i].end;
        for (; j < rows.size() && rows[j].start <= reach; ++j) reach = std::max(reach, rows[j].end);
        if (j == i + 1)
            out.push_back(rows[i]);
        else
            splitCluster(rows.data() + i, rows.data() + j, v4, out);
        i = j;
    }
    return out;
}

uint32_t keyOf(const AddressKey& k, uint32_t) { return k.low32(); }
AddressKey keyOf(const AddressKey& k, const AddressKey&) { return k; }

/// The top 16 bits of a key: the bucket it falls in.
size_t bucketOf(uint32_t k) { return k >> 16; }
size_t bucketOf(const AddressKey& k) { return static_cast<size_t>(k.hi >> 48); }

template <class Key>
void fillBuckets(AsnTable::Columns<Key>& c) {
    c.bucket.assign(65537, 0);
    for (const Key& k : c.start) ++c.bucket[bucketOf(k) + 1];
    for (size_t h = 1; h < c.bucket.size(); ++h) c.bucket[h] += c.bucket[h - 1];
}

template <class Key>
void fill(AsnTable::Columns<Key>& c, const std::vector<AsnRow>& rows) {
    const size_t n = rows.size();
    c.start.reserve(n), c.end.reserve(n), c.asn.reserve(n), c.name.reserve(n);
    for (const AsnRow& r : rows) {
        c.start.push_back(keyOf(r.start, Key{}));
        c.end.push_back(keyOf(r.end, Key{}));
        c.asn.push_back(r.asn);
        c.name.push_back(r.name);
    }
    fillBuckets(c);
}

template <class Key>
size_t columnBytes(const AsnTable::Columns<Key>& c) {
    return (c.start.capacity() + c.end.capacity()) * sizeof(Key) +
           (c.asn.capacity() + c.name.capacity() + c.bucket.capacity()) * sizeof(uint32_t);
}

}  // namespace

AsnTable::AsnTable(const std::vector<std::string>& csv_paths) {
    const auto t0 = std::chrono::steady_clock::now();
    AsnRows rows;
    for (const auto& path : csv_paths) readAsnCsv(path, rows, names_);
    names_.freeze();
    fill(v4_, disjoint(std::move(rows.v4), true));
    fill(v6_, disjoint(std::move(rows.v6), false));
    load_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

size_t AsnTable::bytes() const { return columnBytes(v4_) + columnBytes(v6_) + names_.bytes(); }

template <class Key>
std::optional<AsnMatch> AsnTable::search(const Columns<Key>& c, const Key& k) const {
    if (c.start.empty()) return std::nullopt;
    // Every range before the bucket starts below k, every one after it above:
    // the last range starting at or below k is in the bucket or just before it.
    const size_t h = bucketOf(k);
    const auto first = c.start.begin() + c.bucket[h], last = c.start.begin() + c.bucket[h + 1];
    auto it = std::upper_bound(first, last, k);
    if (it == c.start.begin()) return std::nullopt;
    const size_t i = static_cast<size_t>(it - c.start.begin()) - 1;
    if (c.end[i] < k) return std::nullopt;
    return AsnMatch{c.asn[i], names_.at(c.name[i]), c.name[i]};
}

std::optional<AsnMatch> AsnTable::find(const net::IpAddress& a) const {
    const AddressKey k = AddressKey::of(a);
    return a.isV4() ? search(v4_, k.low32()) : search(v6_, k);
}

}  // namespace ipfacts::facilities::netdb
