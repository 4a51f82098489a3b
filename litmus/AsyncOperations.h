// Hopper's asynchronous operations as opcheck reads them, once for every
// model (docs/dialects.md "Asynchronous operations"): the bulk copy
// cp.async.bulk with its two completion mechanisms, the bulk async-groups,
// the mbarrier tx-count instructions and fence.proxy.async.
//
// A bulk copy in a litmus test moves one named location: cp.async.bulk
// copies "a multiple of 16 bytes" (PTX ISA 9.1 9.7.9.25), and a location of
// a test stands for those 16 bytes, holding one value; its size operand is
// kBulkCopyBytes, and its complete-tx counts that many bytes. A copy of
// several locations is written as several copies, each a separate
// asynchronous operation (a tensor copy, cp.async.bulk.tensor, is the bulk
// copies of the locations it touches). What the copy does:
//  - it reads the source and then writes the destination through the async
//    proxy (9.7.9.25.2: "The cp{.reduce}.async.bulk operations are performed
//    in the asynchronous proxy"), the two in that order ("the loads and
//    stores performed as part of a cp.async are ordered with respect to each
//    other", 8.9.1.1), after every earlier instruction of the thread and
//    before none of its later ones ("ordered after prior instructions in the
//    same thread ... but they are not part of the program order", 8.9.1.1);
//  - the copy of .shared::cta to a peer CTA's .shared::cluster (distributed
//    shared memory) is the same copy: a test's locations are shared by all
//    its threads, so the peer's memory is a location like any other;
//  - .mbarrier::complete_tx::bytes: then an implicit generic-async proxy
//    fence ("The completion of a cp{.reduce}.async.bulk operation is followed
//    by an implicit generic-async proxy fence", 9.7.9.25.2) and the
//    complete-tx of kBulkCopyBytes on the mbarrier, ordered after the copy's
//    own accesses only ("ordered only with respect to the memory operations
//    performed by the same asynchronous instruction", 8.9.1.1). The
//    complete-tx is a release update of the object at .cluster scope: "the
//    result of the asynchronous operation is made visible to the generic
//    proxy as soon as its completion is observed" (9.7.9.25.2), and "all
//    threads participating in that mbarrier object can access the result"
//    (9.7.9.25.1.2), which an acquire wait that sees the phase complete does;
//  - .bulk_group: cp.async.bulk.commit_group puts the thread's uncommitted
//    bulk copies into an async-group, and cp.async.bulk.wait_group N waits
//    until all but the N most recent groups are complete (9.7.9.25.6.2): the
//    accesses of those groups are then ordered before the wait and what
//    follows it, with the implicit proxy fence between; with .read only
//    their reads of the source are (".read ... completed ... the reading from
//    their source locations", 9.7.9.25.6.2).
//
// The non-bulk copy cp.async (9.7.9.25.3) is the same but for its proxy,
// the generic one (9.7.9.25.2 puts only the bulk copies in the async proxy),
// so no proxy fence: cp.async.ca|cg.shared.global [dst], [src], cp-size
// with cp-size 4, 8 or 16 copies its one location, and completes through
// the thread's non-bulk async-groups (cp.async.commit_group,
// cp.async.wait_group N; cp.async.wait_all is a commit and wait_group 0),
// kept apart from the bulk ones ("The thread issuing the asynchronous
// operation must create separate async-groups for bulk and non-bulk
// asynchronous operations", 9.7.9.25.1.1).
//
// st.async{.weak}.shared::cluster.mbarrier::complete_tx::bytes.type [a], b,
// [mbar] (9.7.9.12) is an asynchronous write of b to a: "This is a weak
// store to shared memory, which signals its completion through an mbarrier
// object", outside program order as a copy is (it "initiates an
// asynchronous store operation"); then "The complete-tx operation on the
// mbarrier has .release semantics at .cluster scope", of "the amount of
// data stored in bytes" (the type's size). Its release form,
// st.async.release.scope{.global}.type [a], b, is "a release store to global
// memory ... a strong memory operation with .release semantics at the scope
// specified by .scope", outside program order too, completing through no
// mbarrier ("the completion of the store synchronizes with the end of the
// CTA", which no outcome of a litmus test observes).
//
// red.async.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes
// .op.type [a], b, [mbar] (9.7.13.7) is st.async with a reduction for the
// write: "The reduce operation is a relaxed memory operation" (an atomic
// update of a at .cluster scope), then the complete-tx of the type's
// bytes, "The complete-tx operation on the mbarrier has .release semantics
// at .cluster scope". Its release form, red.async.release.scope{.global}
// .add.type [a], b, is a release atomic update of a at the scope (.gpu or
// .cluster), completing as st.async's release form does.
//
// cp.reduce.async.bulk.dst.src.completion.redOp.type [dst], [src], size
// {, [mbar]} (9.7.9.25.4.2) is a bulk copy whose write is an atomic update
// of the destination with the source's value: "Each reduction operation
// performed by the cp.reduce.async.bulk has individually .relaxed.gpu
// memory ordering semantics. The load operations in cp.reduce.async.bulk
// are treated as weak memory operation". It reduces .shared::cta into
// .shared::cluster through an mbarrier, or into .global through a bulk
// group, and completes as the copy does; only its integer .type forms are
// read (a location holds one integer).
//
// cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [mbar]
// (9.7.13.15.15) makes the thread's prior cp.async operations complete
// through an mbarrier: an arrive-on of the object, triggered "upon the
// completion of all prior cp.async operations initiated by the executing
// thread", an asynchronous operation "ordered with respect to the memory
// operations performed by all prior cp.async operations initiated by the
// same thread" (8.9.1.1). Its semantics are those of mbarrier.arrive
// without .sem and .scope, .release.cta (9.7.13.15.13), so a thread that
// sees the phase complete can "access the result of the asynchronous
// operations" (9.7.9.25.1.2). Without .noinc, "the pending count of the
// mbarrier object is incremented by 1 prior to the asynchronous arrive-on
// operation. This results in a zero-net change for the pending count": the
// increment is an atomic update in program order. opcheck's mbarrier
// objects hold no more pending arrivals than expected (litmus/
// InstructionSemantics.h), so the increment is counted as an expect-tx of
// one transaction and the arrive-on as its complete-tx: the counts after
// both are the hardware's, and no phase completes between them, as none
// does in the hardware; a program that arrives more often than its count
// allows differs (its phase completes early on the hardware).
#pragma once

#include <cstdint>

#include "litmus/Instruction.h"

namespace opcheck::litmus {

// The bytes one named location stands for in a bulk copy, the size operand
// of every cp.async.bulk of a test and the count of its complete-tx.
constexpr std::int64_t kBulkCopyBytes = 16;

// Whether INSTRUCTION is one of the asynchronous operations or their
// completion and ordering (the copies, their groups, st.async, the tx-count
// instructions, fence.proxy.async), which the ptx model reads and ptx-op
// runs on its copy engine (opsem/CopyEngine.h); the models without proxies
// refuse those of the async proxy.
bool isAsyncOperation(const Instruction& instruction);

// fence.proxy.async::generic.{acquire,release}.sync_restrict::space.cluster
// (PTX ISA 9.1 9.7.13.4), held as fence.proxy.async with the fence's
// .sem, .scope and the state space of .sync_restrict (a fence.proxy has no
// .sem otherwise). "A uni-directional proxy ordering from the
// from-proxykind to the to-proxykind establishes ordering between a prior
// memory access performed via the from-proxykind and a subsequent memory
// access performed via the to-proxykind": a generic access before it and an
// async-proxy access after it, of a location in that state space (the
// fence's "effect ... only applies to operations performed on objects in
// .shared::cta [.shared::cluster] state space"; litmus/SharedStateSpace.h
// says which locations are).
bool isUniDirectionalProxyFence(const Instruction& instruction);

// cp.async.mbarrier.arrive{.noinc} (PTX ISA 9.1 9.7.13.15.15): the
// asynchronous arrive-on that follows the thread's prior cp.async
// operations, an operation on an mbarrier of st.async's kind.
bool isAsyncMbarrierArrive(Opcode opcode);

// cp.reduce.async.bulk (9.7.9.25.4.2) and red.async (9.7.13.7): the
// asynchronous operations whose write reduces the destination with their
// value (Instruction::operation), an atomic update of it.
bool isAsyncReduction(Opcode opcode);

}  // namespace opcheck::litmus
