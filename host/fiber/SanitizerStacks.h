// SanitizerStacks: what AddressSanitizer must be told when a fiber switch
// moves the thread to another stack. Without it, ASan takes the fiber's stack
// for the thread's, and the first exception or noreturn call unpoisons the
// wrong memory or reports false errors. Compiled in only when the build has
// AddressSanitizer; otherwise every call here is empty and vanishes.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define IPFACTS_FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IPFACTS_FIBER_ASAN 1
#endif
#endif

#ifdef IPFACTS_FIBER_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace ipfacts::fiber::sanitizer {

/// A stack's lowest address and size, as ASan reports and takes them.
struct StackBounds {
    const void* bottom = nullptr;
    size_t size = 0;
};

#ifdef IPFACTS_FIBER_ASAN
/// Before a switch to `to`. `fake_stack` keeps the leaving side's
/// use-after-return frames for afterSwitch; null when that side never runs
/// again (a fiber ending), which frees them.
inline void beforeSwitch(void** fake_stack, StackBounds to) {
    __sanitizer_start_switch_fiber(fake_stack, to.bottom, to.size);
}
/// First thing after a switch, on the arriving side: `fake_stack` is what its
/// beforeSwitch kept (null on a stack's first entry); `from`, when not null,
/// receives the bounds of the stack just left.
inline void afterSwitch(void* fake_stack, StackBounds* from) {
    __sanitizer_finish_switch_fiber(fake_stack, from ? &from->bottom : nullptr, from ? &from->size : nullptr);
}
/// A stack about to be used from its top again: the frames an earlier use
/// abandoned there left their red zones poisoned.
inline void clearStack(void* bottom, size_t size) { __asan_unpoison_memory_region(bottom, size); }
#else
inline void beforeSwitch(void**, StackBounds) {}
inline void afterSwitch(void*, StackBounds*) {}
inline void clearStack(void*, size_t) {}
#endif

}  // namespace ipfacts::fiber::sanitizer
