#include "host/fiber/FiberStack.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace ipfacts::fiber {

FiberStack::FiberStack(size_t bytes) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    size_ = (bytes + page - 1) / page * page;
    mapping_size_ = size_ + page;
    mapping_ = ::mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (mapping_ == MAP_FAILED) throw std::bad_alloc();
    if (::mprotect(mapping_, page, PROT_NONE) != 0) {
        ::munmap(mapping_, mapping_size_);
        throw std::bad_alloc();
    }
    base_ = static_cast<char*>(mapping_) + page;
}

FiberStack::~FiberStack() { ::munmap(mapping_, mapping_size_); }

void FiberStack::release() const { ::madvise(base_, size_, MADV_DONTNEED); }

}  // namespace ipfacts::fiber
