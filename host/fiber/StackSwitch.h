// StackSwitch: moves the thread from one stack to another in user space. The
// switch saves the registers a called function must preserve on the stack it
// leaves, records that stack's pointer and takes up the other one where it
// stopped: a handful of instructions and no system call (swapcontext also
// saved and restored the signal mask, two system calls per round trip; fibers
// never change the mask, so there is nothing to carry). Written for x86-64
// and aarch64, the two architectures the host is built for.
#pragma once

#include <cstddef>

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "host/fiber switches stacks on x86-64 and aarch64 only: add a StackSwitch source for this architecture"
#endif

extern "C" {
/// Saves the caller's registers on its stack, stores that stack pointer in
/// `*save_sp`, then continues from `load_sp` (a pointer an earlier switch
/// saved, or one prepareStack returned). Returns when some later switch loads
/// `*save_sp` again.
void ipfacts_fiber_switch(void** save_sp, void* load_sp);
}

namespace ipfacts::fiber {

/// The first function a fresh stack runs. It must never return: it ends by
/// switching away for the last time.
using StackEntry = void (*)(void* arg);

/// Lays out the stack ending at `top` (its highest address, exclusive) so that
/// switching to the returned pointer runs entry(arg) there.
void* prepareStack(void* top, StackEntry entry, void* arg);

/// Leaves the current stack (its pointer goes to `*save_sp`) for `load_sp`.
inline void switchStack(void** save_sp, void* load_sp) { ipfacts_fiber_switch(save_sp, load_sp); }

}  // namespace ipfacts::fiber
