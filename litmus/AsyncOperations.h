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
// data stored in bytes" (the type's size). Its release form
// (st.async.release.global, for global memory) is not read.
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

}  // namespace opcheck::litmus
