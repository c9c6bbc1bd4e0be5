// ipfacts results: what a facility call hands a plugin. One model for every
// facility wrapper of plugin.hpp: the call gives a value, or the C status it
// ended with and a reason in words a response can carry. Never an exception.
// Header-only, C++17.
//
//   Result<T>            one value:  host.netFacts(address), host.cacheGet(key),
//                                    host.storeIncr(key), ipfacts::privacyOf(host, address)
//   Batch<V>             the items of one batch call, read in place:
//                        host.resolve(questions), host.fetchAll(calls), ipfacts::tlsProbeAll(...)
//   Held<NetFactsView>   one C struct a facility handed out, read in place
//
// Both Result and Batch are an Outcome: ok(), status() and reason() mean the
// same everywhere. What one item of a batch says about its own exchange (an
// HTTP call that timed out, a handshake refused) is data in the item (its
// `error`), not a failed call. keep() copies what a plugin holds past the
// object's life; nothing else is copied.
#ifndef IPFACTS_RESULTS_HPP
#define IPFACTS_RESULTS_HPP

#include <ipfacts/plugin.h>
#include <ipfacts/views.hpp>

#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts {

/// How a facility call ended: ok, or the C status it failed with and why.
/// The part every Result and Batch shares.
class Outcome {
public:
    /// True when the call gave its value (or its batch).
    bool ok() const { return status_ == IPF_OK; }
    /// IPF_OK, or how the call failed: IPF_UNAVAILABLE (this host offers no
    /// such facility), IPF_NOT_FOUND (nothing under that key or name),
    /// IPF_INVALID (the facility refused the arguments), IPF_ERROR (it failed).
    ipf_status status() const { return status_; }
    /// Why the call failed, in words a response can carry; empty when ok().
    std::string_view reason() const { return reason_; }

protected:
    Outcome() = default;
    /// A failure; IPF_OK is not one, so it reads as IPF_ERROR.
    Outcome(ipf_status status, std::string reason)
        : status_(status == IPF_OK ? IPF_ERROR : status), reason_(std::move(reason)) {}

private:
    ipf_status status_ = IPF_OK;
    std::string reason_;
};

/// The value of one facility call, or why there is none. Tests as a bool
/// (`if (auto hit = host.cacheGet(key))`), reads as a pointer (`*hit`,
/// `hit->size()`).
template <class T>
class Result : public Outcome {
public:
    Result(T value) : value_(std::move(value)) {}
    /// The call gave nothing: `status` (never IPF_OK) and why.
    static Result failed(ipf_status status, std::string reason) { return Result(status, std::move(reason)); }

    explicit operator bool() const { return ok(); }
    T& operator*() & { return *value_; }
    const T& operator*() const& { return *value_; }
    T&& operator*() && { return std::move(*value_); }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }

    /// The value; throws std::runtime_error with the reason when there is
    /// none, for code that would rather fail the whole request.
    const T& value() const& {
        if (!value_) throw std::runtime_error(std::string(reason()));
        return *value_;
    }
    T&& value() && {
        if (!value_) throw std::runtime_error(std::string(reason()));
        return std::move(*value_);
    }
    /// The value, or `fallback` when there is none.
    T valueOr(T fallback) const& { return value_ ? *value_ : std::move(fallback); }
    T valueOr(T fallback) && { return value_ ? std::move(*value_) : std::move(fallback); }
    /// The value moved out, or nullopt: for a plugin's own optional member.
    std::optional<T> take() && { return std::move(value_); }

private:
    Result(ipf_status status, std::string reason) : Outcome(status, std::move(reason)) {}
    std::optional<T> value_;
};

/// A facility call that gives no value (a put): done, or why not.
template <>
class Result<void> : public Outcome {
public:
    Result() = default;
    static Result failed(ipf_status status, std::string reason) { return Result(status, std::move(reason)); }
    explicit operator bool() const { return ok(); }

private:
    Result(ipf_status status, std::string reason) : Outcome(status, std::move(reason)) {}
};

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
class Batch : public Outcome {
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
    /// The call was not made: no items, `status` (never IPF_OK) and why.
    static Batch failed(ipf_status status, std::string reason) { return Batch(status, std::move(reason)); }

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
    Batch(ipf_status status, std::string reason) : Outcome(status, std::move(reason)) {}
    std::shared_ptr<const void> owner_;
    std::vector<const CStruct*> items_;
};

/// What the resolver (one answer per question) or DoH (one per resolver) said.
using DnsAnswers = Batch<DnsAnswerView>;
/// What each outbound HTTP call produced, in call order.
using HttpReplies = Batch<HttpReplyView>;
/// What each TLS probe found, in call order (ipfacts::tlsProbeAll).
using TlsProbeReplies = Batch<TlsProbeReplyView>;
/// What each plain TCP exchange read, in call order (ipfacts::tcpExchangeAll).
using TcpExchangeReplies = Batch<TcpExchangeReplyView>;

}  // namespace ipfacts

#endif
