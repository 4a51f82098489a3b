#include "opsem/SizeClassRuns.h"

namespace opcheck::opsem {

template struct SizeClassRuns<SmallCapacity>;
template struct SizeClassRuns<PartitionedL2Capacity<SmallCapacity>>;

}  // namespace opcheck::opsem
