#include "opsem/SizeClassRuns.h"

namespace opcheck::opsem {

template struct SizeClassRuns<LargeCapacity>;
template struct SizeClassRuns<PartitionedL2Capacity<LargeCapacity>>;

}  // namespace opcheck::opsem
