// The cuda-litmus families: one classic shape over every grouping of its
// threads into CTAs, every scope of its accesses, and every way of
// ordering each thread's two accesses (release/acquire or a fence), named
// as corpora/cuda-litmus names them:
//   PREFIX_TB_GROUPING_SCOPE_(BLOCK|DEVICE)_NO_FENCE_VARIANT
//   PREFIX_TB_GROUPING_SCOPE_(BLOCK|DEVICE)_FENCE_SCOPE_(BLOCK|DEVICE)_VARIANT
// The scheme, read from the 950 names and programs of corpora/cuda-litmus
// (and the generator that made them, goens/pop-lean make_mca_tests.py): a
// thread whose two accesses need ordering has a role by their directions.
//   W then W (writer): the second store is a release, or a fence.acq_rel
//   R then R (reader): the first load is an acquire, or a fence.acq_rel
//   R then W: the load is an acquire (ACQ) or the store a release (REL),
//            or a fence.acq_rel
//   W then R: the load is "sc" (LOAD_SC) or the store is (STORE_SC), an sc
//            access being fence.sc at the accesses' scope then an acquire
//            or release; or a fence.sc
// NO_FENCE_RELAXED has every access relaxed; the other NO_FENCE variants
// order every such thread without fences and are named by the choices of
// its R-W and W-R threads (ACQUIRE/RELEASE or LOAD_SC/STORE_SC for one
// such thread, ACQ_REL and the like for two; with none, ACQUIRE when all
// are readers). A FENCE variant fences a non-empty set of those threads
// (THREAD_1_2_FENCE; BOTH_FENCE or ALL_FENCE when it is all of two or of
// three or more) and orders the others without fences, the choices of its
// unfenced R-W and W-R threads appended (THREAD_0_FENCE_ACQ).
// 2+2W, 3.2W and Z6.3 are not in the corpus; the original harness
// (sohambagchi/cuda-litmus, kernels/2+2w.cu, 3.2w.cu, z6-3.cu and their
// tuning files) runs them with variants RELAXED, RELEASE (all writers) and
// ACQ_REL (Z6.3: every store release, every load acquire) and BOTH_FENCE.
// Here they get the whole scheme above: with no R-W or W-R thread, the
// ordered variant is RELEASE when all are writers, ACQ_REL otherwise; the
// prefixes 2_2w, 3_2w and z6_3 follow the corpus's wrw_2w for WRW+2W.
// cuda-litmus's generator also writes SCOPE_SYSTEM variants; the corpus
// has none, and neither do these families.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "litmus/Test.h"

namespace opcheck::generate {

struct Family {
  std::string_view prefix;  // the names' first word: "iriw"
  std::string_view shape;   // the classic shape (ClassicShapes.h)
  bool inCorpus;            // one of corpora/cuda-litmus's six
};

std::span<const Family> cudaLitmusFamilies();

// The family called NAME, by prefix or shape name (case-insensitive:
// "wrw_2w" or "WRW+2W"), if any.
const Family* findFamily(std::string_view name);

// Every test of FAMILY, sorted by name.
std::vector<litmus::Test> generateFamily(const Family& family);

}  // namespace opcheck::generate
