// ipfacts results: what a facility call hands a plugin, read where the host
// put it (ipfacts/views.hpp) and given back to the host when the object goes.
// Header-only, C++17.
//
//   Held<NetFactsView>   one struct: host.netFacts(address)
//   DnsAnswers           a batch:    host.resolve(questions), host.dohQueryAll(question)
//   HttpReplies          a batch:    host.fetchAll(calls)
//
// A batch is never an exception: when the call could not be made (no such
// facility, a malformed question) it is empty, ok() is false and reason()
// says why in words a response can carry. keep() copies what a plugin holds
// past the object's life; nothing else is copied.
#ifndef IPFACTS_RESULTS_HPP
#define IPFACTS_RESULTS_HPP

#include <ipfacts/views.hpp>

#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts {

/// One C struct a facility handed out (or values made here), read through
/// the view V it derives from. Move-only.
template <class V>
class Held : public V {
public:
    using CStruct = typename V::CStruct;
    using Owned = typename fields::Types<CStruct>::Owned;

    /// Host memory, given back through `release` when this goes.
    Held(const CStruct* c, void (*release)(const CStruct*)) : V(*c), release_(release) {}
    /// A view of `value`, kept here: a test's facts, or "nothing known".
    Held(Owned value) : Held(std::make_unique<Marshalled<Owned>>(std::vector<Owned>{std::move(value)})) {}
    /// A fresh copy's values (for NetFacts: nothing known), shared by every
    /// default Held and never released.
    Held() : V(*fresh()) {}

    Held(Held&& o) noexcept : V(o), release_(std::exchange(o.release_, nullptr)), owned_(std::move(o.owned_)) {}
    Held& operator=(Held&& o) noexcept {
        if (this != &o) {
            giveBack();
            V::operator=(o);
            release_ = std::exchange(o.release_, nullptr);
            owned_ = std::move(o.owned_);
        }
        return *this;
    }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    ~Held() { giveBack(); }

    /// The view alone (valid while this lives).
    const V& view() const { return *this; }

private:
    explicit Held(std::unique_ptr<Marshalled<Owned>> m) : V(*m->at(0)), owned_(std::move(m)) {}
    static const CStruct* fresh() {
        static const Marshalled<Owned> values({Owned{}});
        return values.at(0);
    }
    void giveBack() {
        if (release_) release_(&this->raw());
        release_ = nullptr;
    }

    void (*release_)(const CStruct*) = nullptr;
    std::unique_ptr<Marshalled<Owned>> owned_;
};

/// The items of one batch call, in order, read through views V; or, when the
/// call could not be made, none and the reason. Copies share the batch, which
/// goes back to the host with the last of them.
template <class V>
class Batch {
public:
    using CStruct = typename V::CStruct;
    using Owned = typename fields::Types<CStruct>::Owned;

    using iterator = fields::ReadingIterator<V, const CStruct* const*, fields::readIndirect<V>>;

    /// A facility's batch: `size` and `at` read it, `release` gives it back.
    template <class B>
    Batch(B* batch, size_t (*size)(const B*), const CStruct* (*at)(const B*, size_t), void (*release)(B*))
        : owner_(batch, release) {
        const size_t n = size(batch);
        items_.reserve(n);
        for (size_t i = 0; i < n; ++i)
            if (const CStruct* item = at(batch, i)) items_.push_back(item);
    }
    /// Values made here (a test's answers, a plugin's own), kept with the batch.
    Batch(std::vector<Owned> values) {
        auto m = std::make_shared<const Marshalled<Owned>>(std::move(values));
        for (size_t i = 0; i < m->size(); ++i) items_.push_back(m->at(i));
        owner_ = std::move(m);
    }
    /// The same, from a braced list: DnsAnswers{dnsAnswer(0), dnsNoResponse()}.
    Batch(std::initializer_list<Owned> values) : Batch(std::vector<Owned>(values)) {}
    Batch() = default;
    /// The call was not made: no items, and why.
    static Batch failed(std::string reason) {
        Batch b;
        b.reason_ = std::move(reason);
        return b;
    }

    /// False when the call could not be made; reason() then says why.
    bool ok() const { return reason_.empty(); }
    /// Why the call could not be made; empty when it was.
    std::string_view reason() const { return reason_; }

    size_t size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    V operator[](size_t i) const { return V(*items_[i]); }
    /// Item i; throws std::out_of_range past the last.
    V at(size_t i) const { return V(*items_.at(i)); }
    V front() const { return at(0); }
    iterator begin() const { return iterator(items_.data()); }
    iterator end() const { return iterator(items_.data() + items_.size()); }

    /// Owned copies of every item, for a plugin that keeps them.
    std::vector<Owned> keep() const {
        std::vector<Owned> out;
        out.reserve(items_.size());
        for (const CStruct* item : items_) out.push_back(V(*item).keep());
        return out;
    }

private:
    std::shared_ptr<const void> owner_;
    std::vector<const CStruct*> items_;
    std::string reason_;
};

/// What the resolver (one answer per question) or DoH (one per resolver) said.
using DnsAnswers = Batch<DnsAnswerView>;
/// What each outbound HTTP call produced, in call order.
using HttpReplies = Batch<HttpReplyView>;

}  // namespace ipfacts

#endif
