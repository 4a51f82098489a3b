#include "litmus/Qualifiers.h"

#include <array>

namespace opcheck::litmus {

namespace {

constexpr QualifierInfo kQualifiers[] = {
#define QUALIFIER(text, Category, Value) \
  {text, QualifierCategory::Category, static_cast<std::uint8_t>(Value)},
#include "litmus/Qualifiers.def"
};

// The first spelling the table lists for a value is its canonical one, so
// the table alone decides how a value prints (".gl" is listed after ".gpu").
template <typename Enum>
std::string_view canonicalSpelling(QualifierCategory category, Enum value) {
  for (const QualifierInfo& info : kQualifiers) {
    if (info.category == category && info.value == static_cast<std::uint8_t>(value)) {
      return info.spelling;
    }
  }
  return {};
}

}  // namespace

const QualifierInfo* findQualifier(std::string_view spelling) {
  for (const QualifierInfo& info : kQualifiers) {
    if (info.spelling == spelling) {
      return &info;
    }
  }
  return nullptr;
}

std::string_view describe(QualifierCategory category) {
  static constexpr std::array<std::string_view, 10> kNames = {
      "semantics", "scope",      "state space",    "cache operator", "type",
      "operation", "comparison", "barrier action", "proxy",          "completion"};
  return kNames[static_cast<std::size_t>(category)];
}

std::string_view spelling(Semantics value) { return canonicalSpelling(QualifierCategory::Semantics, value); }
std::string_view spelling(Scope value) { return canonicalSpelling(QualifierCategory::Scope, value); }
std::string_view spelling(StateSpace value) {
  return canonicalSpelling(QualifierCategory::StateSpace, value);
}
std::string_view spelling(CacheOperator value) {
  return canonicalSpelling(QualifierCategory::CacheOperator, value);
}
std::string_view spelling(DataType value) { return canonicalSpelling(QualifierCategory::DataType, value); }
std::string_view spelling(Operation value) { return canonicalSpelling(QualifierCategory::Operation, value); }
std::string_view spelling(Comparison value) {
  return canonicalSpelling(QualifierCategory::Comparison, value);
}
std::string_view spelling(BarrierAction value) {
  return canonicalSpelling(QualifierCategory::BarrierAction, value);
}
std::string_view spelling(Proxy value) { return canonicalSpelling(QualifierCategory::Proxy, value); }
std::string_view spelling(Completion value) {
  return canonicalSpelling(QualifierCategory::Completion, value);
}

std::string_view membarSpelling(Scope scope) {
  switch (scope) {
    case Scope::Cta:
      return "membar.cta";
    case Scope::Gpu:
      return "membar.gl";
    case Scope::System:
      return "membar.sys";
    case Scope::None:
    case Scope::Cluster:
      return "";
  }
  return "";
}

std::optional<Scope> scopeFromWord(std::string_view word) {
  if (word == "cta") return Scope::Cta;
  if (word == "cluster") return Scope::Cluster;
  if (word == "gpu" || word == "gl" || word == "device") return Scope::Gpu;
  if (word == "sys" || word == "system") return Scope::System;
  return std::nullopt;
}

}  // namespace opcheck::litmus
