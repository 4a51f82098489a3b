#include "litmus/Outcome.h"

namespace opcheck::litmus {

bool Outcome::conditionHolds(Quantifier quantifier) const {
  switch (quantifier) {
    case Quantifier::Exists:
      return positive > 0;
    case Quantifier::NotExists:
      return positive == 0;
    case Quantifier::Forall:
      return negative == 0;
  }
  return false;
}

std::string_view Outcome::observation() const {
  if (positive == 0) {
    return "Never";
  }
  return negative == 0 ? "Always" : "Sometimes";
}

std::string_view herdKind(Quantifier quantifier) {
  switch (quantifier) {
    case Quantifier::Exists:
      return "Allowed";
    case Quantifier::NotExists:
      return "Forbidden";
    case Quantifier::Forall:
      return "Required";
  }
  return {};
}

}  // namespace opcheck::litmus
