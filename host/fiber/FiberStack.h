// FiberStack: one request fiber's stack, mapped with an inaccessible guard
// page below it so an overflow faults at once instead of corrupting a
// neighbour. Only the pages a fiber touches become resident.
#pragma once

#include <cstddef>

namespace ipfacts::fiber {

class FiberStack {
public:
    /// Maps `bytes` (rounded up to pages) plus the guard page. Throws std::bad_alloc.
    explicit FiberStack(size_t bytes);
    ~FiberStack();
    FiberStack(const FiberStack&) = delete;
    FiberStack& operator=(const FiberStack&) = delete;

    void* base() const { return base_; }                             // lowest usable address
    void* top() const { return static_cast<char*>(base_) + size_; }  // one past the highest
    size_t size() const { return size_; }
    /// Gives the touched pages back to the kernel (a stack returned to the pool
    /// keeps its mapping, not its memory).
    void release() const;

private:
    void* mapping_ = nullptr;
    size_t mapping_size_ = 0;
    void* base_ = nullptr;
    size_t size_ = 0;
};

}  // namespace ipfacts::fiber
