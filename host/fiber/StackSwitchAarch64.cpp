// The stack switch for aarch64 (AAPCS64). The callee-saved registers are x19
// to x28, the frame pointer x29, the link register x30 and the low halves of
// v8 to v15 (d8 to d15): the switch stores them in a 160-byte frame, swaps sp
// and loads the other stack's, then returns through the loaded x30. A fresh
// stack is laid out as if it had switched away at the start of a trampoline,
// which calls entry(arg) with the stack 16-byte aligned.
#if defined(__aarch64__)

#include "host/fiber/StackSwitch.h"

#include <cstdint>

extern "C" void ipfacts_fiber_trampoline();

// clang-format off
asm(".pushsection .text\n"
    ".globl ipfacts_fiber_switch\n"
    ".hidden ipfacts_fiber_switch\n"
    ".type ipfacts_fiber_switch, %function\n"
    ".p2align 4\n"
    "ipfacts_fiber_switch:\n"
    "    sub sp, sp, #160\n"
    "    stp d8, d9, [sp, #0]\n"
    "    stp d10, d11, [sp, #16]\n"
    "    stp d12, d13, [sp, #32]\n"
    "    stp d14, d15, [sp, #48]\n"
    "    stp x19, x20, [sp, #64]\n"
    "    stp x21, x22, [sp, #80]\n"
    "    stp x23, x24, [sp, #96]\n"
    "    stp x25, x26, [sp, #112]\n"
    "    stp x27, x28, [sp, #128]\n"
    "    stp x29, x30, [sp, #144]\n"
    "    mov x9, sp\n"
    "    str x9, [x0]\n"            // *save_sp = sp
    "    mov sp, x1\n"              // sp = load_sp
    "    ldp d8, d9, [sp, #0]\n"
    "    ldp d10, d11, [sp, #16]\n"
    "    ldp d12, d13, [sp, #32]\n"
    "    ldp d14, d15, [sp, #48]\n"
    "    ldp x19, x20, [sp, #64]\n"
    "    ldp x21, x22, [sp, #80]\n"
    "    ldp x23, x24, [sp, #96]\n"
    "    ldp x25, x26, [sp, #112]\n"
    "    ldp x27, x28, [sp, #128]\n"
    "    ldp x29, x30, [sp, #144]\n"
    "    add sp, sp, #160\n"
    "    ret\n"
    ".size ipfacts_fiber_switch, .-ipfacts_fiber_switch\n"
    // A fresh stack's first frame: x19 holds arg, x20 entry. The return
    // address is marked undefined so that a backtrace ends here.
    ".globl ipfacts_fiber_trampoline\n"
    ".hidden ipfacts_fiber_trampoline\n"
    ".type ipfacts_fiber_trampoline, %function\n"
    ".p2align 4\n"
    "ipfacts_fiber_trampoline:\n"
    "    .cfi_startproc\n"
    "    .cfi_undefined x30\n"
    "    mov x0, x19\n"
    "    blr x20\n"
    "    brk #0\n"                  // entry never returns
    "    .cfi_endproc\n"
    ".size ipfacts_fiber_trampoline, .-ipfacts_fiber_trampoline\n"
    ".popsection\n");
// clang-format on

namespace ipfacts::fiber {
namespace {
constexpr int kFrameWords = 20;  // d8-d15, x19-x28, x29, x30
constexpr int kX19 = 8, kX20 = 9, kX30 = 19;
}  // namespace

void* prepareStack(void* top, StackEntry entry, void* arg) {
    auto* sp = reinterpret_cast<uint64_t*>(reinterpret_cast<uintptr_t>(top) & ~uintptr_t{15}) - kFrameWords;
    for (int i = 0; i < kFrameWords; ++i) sp[i] = 0;  // x29 = 0: no caller frame
    sp[kX19] = reinterpret_cast<uintptr_t>(arg);
    sp[kX20] = reinterpret_cast<uintptr_t>(entry);
    sp[kX30] = reinterpret_cast<uintptr_t>(&ipfacts_fiber_trampoline);
    return sp;
}

}  // namespace ipfacts::fiber

#endif
