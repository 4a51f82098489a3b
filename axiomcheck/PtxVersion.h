// The two PTX memory models opcheck checks, one code (Ptx.cpp):
//  - Ptx60: PTX ISA 6.0, the generic proxy alone (seed 001; NVIDIA's 6.0
//    Alloy model); refuses tests that use other proxies.
//  - Ptx75: PTX ISA 7.5's mixed-proxy model (PTX ISA 9.1 8.6, 8.9.5;
//    reference-models/ptx-v7.5-dat3m.cat): ptx60 with proxies and aliases,
//    the same on tests that use neither. "ptx" names the newest, ptx75.
#pragma once

namespace opcheck::axiomcheck {

enum class PtxVersion { Ptx60, Ptx75 };

}  // namespace opcheck::axiomcheck
