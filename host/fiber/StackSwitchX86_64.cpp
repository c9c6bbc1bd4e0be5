// The stack switch for x86-64 (System V ABI). The callee-saved registers are
// rbx, rbp and r12 to r15, plus the SSE and x87 control words (rounding and
// exception masks): the switch pushes them, swaps rsp and pops the other
// stack's. A fresh stack is laid out as if it had switched away at the start
// of a trampoline, which calls entry(arg) with the stack 16-byte aligned.
#if defined(__x86_64__)

#include "host/fiber/StackSwitch.h"

#include <cstdint>

extern "C" void ipfacts_fiber_trampoline();

// clang-format off
asm(".pushsection .text\n"
    ".globl ipfacts_fiber_switch\n"
    ".hidden ipfacts_fiber_switch\n"
    ".type ipfacts_fiber_switch, @function\n"
    ".p2align 4\n"
    "ipfacts_fiber_switch:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r15\n"
    "    pushq %r14\n"
    "    pushq %r13\n"
    "    pushq %r12\n"
    "    subq $8, %rsp\n"
    "    stmxcsr (%rsp)\n"
    "    fnstcw 4(%rsp)\n"
    "    movq %rsp, (%rdi)\n"       // *save_sp = rsp
    "    movq %rsi, %rsp\n"         // rsp = load_sp
    "    ldmxcsr (%rsp)\n"
    "    fldcw 4(%rsp)\n"
    "    addq $8, %rsp\n"
    "    popq %r12\n"
    "    popq %r13\n"
    "    popq %r14\n"
    "    popq %r15\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size ipfacts_fiber_switch, .-ipfacts_fiber_switch\n"
    // A fresh stack's first frame: r12 holds arg, r13 entry. The return
    // address is marked undefined so that a backtrace ends here.
    ".globl ipfacts_fiber_trampoline\n"
    ".hidden ipfacts_fiber_trampoline\n"
    ".type ipfacts_fiber_trampoline, @function\n"
    ".p2align 4\n"
    "ipfacts_fiber_trampoline:\n"
    "    .cfi_startproc\n"
    "    .cfi_undefined rip\n"
    "    movq %r12, %rdi\n"
    "    callq *%r13\n"
    "    ud2\n"                     // entry never returns
    "    .cfi_endproc\n"
    ".size ipfacts_fiber_trampoline, .-ipfacts_fiber_trampoline\n"
    ".popsection\n");
// clang-format on

namespace ipfacts::fiber {
namespace {
/// The caller's SSE and x87 control words, in the switch's slot layout: a
/// fiber starts with the rounding and masks of the thread that starts it.
uint64_t controlWords() {
    uint32_t mxcsr = 0;
    uint16_t x87 = 0;
    asm volatile("stmxcsr %0" : "=m"(mxcsr));
    asm volatile("fnstcw %0" : "=m"(x87));
    return mxcsr | uint64_t{x87} << 32;
}
}  // namespace

void* prepareStack(void* top, StackEntry entry, void* arg) {
    auto* sp = reinterpret_cast<uint64_t*>(reinterpret_cast<uintptr_t>(top) & ~uintptr_t{15});
    // Popped by the switch, lowest address first; `ret` then leaves rsp at the
    // aligned top, as the trampoline's call needs.
    *--sp = reinterpret_cast<uintptr_t>(&ipfacts_fiber_trampoline);  // return address
    *--sp = 0;                                                       // rbp: no caller frame
    *--sp = 0;                                                       // rbx
    *--sp = 0;                                                       // r15
    *--sp = 0;                                                       // r14
    *--sp = reinterpret_cast<uintptr_t>(entry);                      // r13
    *--sp = reinterpret_cast<uintptr_t>(arg);                        // r12
    *--sp = controlWords();
    return sp;
}

}  // namespace ipfacts::fiber

#endif
