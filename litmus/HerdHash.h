// herd7's "Hash=" line: an MD5 digest of a test's initial state, code and
// observed locations, by which herd tells two tests of one name apart.
// Reproduced from what herdtools7 computes (lib/testHash.ml, read 2026-11;
// the instructions as lib/GPU_PTXBase.ml's dump_instruction prints them, the
// code as lib/misc.ml's string_of_prog lays it out), and checked against
// every Hash= line of herd7 2015's output in ../shared/corpora
// (tests/herd_hash_test.cpp):
//
//   hex(md5(md5(INIT) ++ md5(CODE) ++ md5(LOCATIONS)))    (raw 16-byte digests)
//
// INIT: the initial state's entries as "0:r1=x" (registers) and "m=1"
// (locations written in it), sorted by thread then name (registers first,
// names compared as strings), joined by "; ".
// CODE: each thread's instructions printed as herd's GPU_PTX does
// ("st.cg.s32 [r1], r0", "add.s32 r2, r2 1", "setp .eq .s32 p4, r0, 0"),
// laid out in columns: each cell " TEXT " padded to its column's widest,
// cells joined by "|", each row ended by ";\n" (empty cells are dropped).
// LOCATIONS: the registers and locations the final condition names, in the
// same order, joined by "; " (herd 2015; later herds hash the "locations"
// clause instead).
#pragma once

#include <optional>
#include <string>

#include "litmus/Test.h"

namespace opcheck::litmus {

// TEST's Hash= digest, 32 lower-case hex digits; nothing when herd 2015
// would not have read it as this recipe covers: a test not in herd's
// GPU_PTX dialect, one with labels, a filter or a "locations" clause, or an
// instruction herd's GPU_PTX lacks. Nothing is better than a wrong digest.
std::optional<std::string> herdHash(const Test& test);

}  // namespace opcheck::litmus
