#include "opsem/SizeClassRuns.h"

namespace opcheck::opsem {

template struct SizeClassRuns<HugeCapacity>;
template struct SizeClassRuns<PartitionedL2Capacity<HugeCapacity>>;

}  // namespace opcheck::opsem
