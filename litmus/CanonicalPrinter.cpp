#include "litmus/CanonicalPrinter.h"

#include <algorithm>
#include <string_view>

#include "litmus/AsyncOperations.h"
#include "litmus/CPrinter.h"

namespace opcheck::litmus {

namespace {

void appendQualifier(std::string& text, std::string_view qualifier) {
  if (!qualifier.empty()) {
    text += '.';
    text += qualifier;
  }
}

std::string printInitialValue(const Test& test, const InitialValue& value) {
  return value.isAddress ? test.locations[value.location].name : std::to_string(value.integer);
}

std::string printOperand(const Test& test, std::size_t thread, const Operand& operand) {
  const Thread& owner = test.threads[thread];
  switch (operand.kind) {
    case Operand::Kind::Register:
      return owner.registers[operand.index].name;
    case Operand::Kind::Immediate:
      return std::to_string(operand.immediate);
    case Operand::Kind::Location:
      return test.locations[operand.index].name;
    case Operand::Kind::RegisterAddress:
      return "[" + owner.registers[operand.index].name + "]";
    case Operand::Kind::Label:
      return owner.labels[operand.index].name;
  }
  return {};
}

void printInitialState(const Test& test, std::string& out) {
  out += "{\n";
  for (const Location& location : test.locations) {
    if (location.aliasOf) {
      out += location.name + " @ " + std::string(spelling(location.proxy)) + " aliases " +
             test.locations[*location.aliasOf].name + ";\n";
    } else {
      out += location.name + " = " + printInitialValue(test, location.initialValue) + ";\n";
    }
  }
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const Register& reg : test.threads[thread].registers) {
      const std::string prefix = "P" + std::to_string(thread) + ":";
      if (reg.declaredType != DataType::None) {
        out += prefix + ".reg ." + std::string(spelling(reg.declaredType)) + " " + reg.name;
        if (reg.initialValue) {
          out += " = " + printInitialValue(test, *reg.initialValue);
        }
        out += ";\n";
      } else if (reg.initialValue) {
        out += prefix + reg.name + " = " + printInitialValue(test, *reg.initialValue) + ";\n";
      }
      // Untyped registers without a value come back into being where the
      // program first uses them, in the same order.
    }
  }
  out += "}\n";
}

// Each thread's column as lines: a label on a line of its own, before the
// instruction it stands for.
std::vector<std::string> threadLines(const Test& test, std::size_t thread) {
  const Thread& owner = test.threads[thread];
  std::vector<std::string> lines;
  auto appendLabelsAt = [&](std::uint32_t index) {
    for (const Label& label : owner.labels) {
      if (label.target == index) {
        lines.push_back(label.name + ":");
      }
    }
  };
  for (std::uint32_t index = 0; index < owner.instructions.size(); ++index) {
    appendLabelsAt(index);
    lines.push_back(printInstruction(test, thread, owner.instructions[index]));
  }
  appendLabelsAt(static_cast<std::uint32_t>(owner.instructions.size()));
  return lines;
}

void printProgram(const Test& test, std::string& out) {
  std::vector<std::vector<std::string>> columns;
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    std::vector<std::string> column = threadLines(test, thread);
    column.insert(column.begin(), "P" + std::to_string(thread));
    columns.push_back(std::move(column));
  }
  out += layOutThreadColumns(columns);
}

void printScopeTree(const Test& test, std::string& out) {
  // Threads grouped device -> kernel -> cluster -> cta -> warp, each group in the order
  // of its first thread; the parser renumbers the same way, so the ids
  // survive the round trip.
  auto threadsWhere = [&](auto predicate) {
    std::vector<std::size_t> selected;
    for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
      if (predicate(test.threads[thread].placement)) {
        selected.push_back(thread);
      }
    }
    return selected;
  };
  // The distinct values of MEMBER among THREADS, in the order they first appear.
  auto field = [&](const std::vector<std::size_t>& threads, std::int16_t ThreadPlacement::*member) {
    std::vector<std::int16_t> distinct;
    for (std::size_t thread : threads) {
      const std::int16_t value = test.threads[thread].placement.*member;
      if (std::find(distinct.begin(), distinct.end(), value) == distinct.end()) {
        distinct.push_back(value);
      }
    }
    return distinct;
  };
  auto printCta = [&](std::int16_t cta) {
    std::string text = "(cta";
    const auto members = threadsWhere([&](const ThreadPlacement& p) { return p.cta == cta; });
    for (std::int16_t warp : field(members, &ThreadPlacement::warp)) {
      std::string warpText;
      for (std::size_t thread : members) {
        if (test.threads[thread].placement.warp == warp) {
          warpText += " P" + std::to_string(thread);
        }
      }
      text += warp == ThreadPlacement::kUnspecified ? warpText : " (warp" + warpText + ")";
    }
    return text + ")";
  };
  // Whether some cluster holds two CTAs.
  bool hasClusters = false;
  for (const auto& thread : test.threads) {
    for (const auto& other : test.threads) {
      hasClusters |=
          thread.placement.cluster == other.placement.cluster && thread.placement.cta != other.placement.cta;
    }
  }
  out += "scopeTree\n";
  const auto everyone = threadsWhere([](const ThreadPlacement&) { return true; });
  std::string separator;
  for (std::int16_t device : field(everyone, &ThreadPlacement::device)) {
    const auto inDevice = threadsWhere([&](const ThreadPlacement& p) { return p.device == device; });
    out += separator + "(device";
    for (std::int16_t kernel : field(inDevice, &ThreadPlacement::kernel)) {
      const auto inKernel =
          threadsWhere([&](const ThreadPlacement& p) { return p.device == device && p.kernel == kernel; });
      std::string ctas;
      for (std::int16_t cluster : field(inKernel, &ThreadPlacement::cluster)) {
        const auto inCluster = threadsWhere([&](const ThreadPlacement& p) {
          return p.device == device && p.kernel == kernel && p.cluster == cluster;
        });
        std::string clusterCtas;
        for (std::int16_t cta : field(inCluster, &ThreadPlacement::cta)) {
          clusterCtas += " " + printCta(cta);
        }
        // Clusters of one CTA are what a test without clusters means, so
        // they print as nothing (the parser gives each CTA its own).
        ctas += hasClusters ? " (cluster" + clusterCtas + ")" : clusterCtas;
      }
      out += kernel == ThreadPlacement::kUnspecified ? ctas : " (kernel" + ctas + ")";
    }
    out += ")";
    separator = " ";
  }
  out += "\n";
}

void printMemoryMap(const Test& test, std::string& out) {
  const bool allGlobal = std::all_of(test.locations.begin(), test.locations.end(),
                                     [](const Location& l) { return l.stateSpace == StateSpace::Global; });
  if (allGlobal) {
    return;  // global is the default
  }
  std::string separator;
  for (const Location& location : test.locations) {
    out += separator + location.name + ": " + std::string(spelling(location.stateSpace));
    separator = ", ";
  }
  out += "\n";
}

std::string printNested(const Test& test, const Proposition& proposition) {
  const bool compound =
      proposition.kind == Proposition::Kind::And || proposition.kind == Proposition::Kind::Or;
  const std::string text = printProposition(test, proposition);
  return compound ? "(" + text + ")" : text;
}

}  // namespace

std::string printMnemonic(const Instruction& instruction) {
  // One order for every instruction, PTX ISA 9.1's
  // (ld{.sem}{.scope}{.ss}{.cop}{.type}, atom{.sem}{.scope}{.ss}.op.type,
  // fence.proxy.kind, bar{.cta}.sync, setp.cmp.type); each instruction
  // prints the categories its row of Opcodes.def accepts, so what prints
  // reads back.
  const std::uint16_t accepted = info(instruction.opcode).acceptedCategories;
  std::string text(info(instruction.opcode).spelling);
  if (isUniDirectionalProxyFence(instruction)) {
    // fence.proxy.async::generic.sem.sync_restrict::space.cluster (PTX ISA
    // 9.1 9.7.13.4), the only order the ISA writes it in.
    text += ".async::generic";
    appendQualifier(text, spelling(instruction.semantics));
    text += ".sync_restrict::";
    text += spelling(instruction.stateSpace);
    appendQualifier(text, spelling(instruction.scope));
    return text;
  }
  if (instruction.mmio) {
    appendQualifier(text, "mmio");  // ld.mmio.relaxed.sys (PTX ISA 9.1 8.4.1)
  }
  const auto appendIfAccepted = [&](QualifierCategory category, std::string_view qualifier) {
    if ((accepted & bitOf(category)) != 0) {
      appendQualifier(text, qualifier);
    }
  };
  appendIfAccepted(QualifierCategory::Semantics, spelling(instruction.semantics));
  appendIfAccepted(QualifierCategory::Scope, spelling(instruction.scope));
  // fence.proxy.async.shared::cta names the state space after the proxy
  // kind (PTX ISA 9.1 9.7.13.4); an asynchronous copy its destination's,
  // then its source's (cp.async.bulk.shared::cta.global, 9.7.9.25.4.1).
  const bool proxyFence = kindOf(instruction.opcode) == InstructionKind::ProxyFence;
  if (!proxyFence) {
    appendIfAccepted(QualifierCategory::StateSpace, spelling(instruction.stateSpace));
    appendIfAccepted(QualifierCategory::StateSpace, spelling(instruction.sourceStateSpace));
    // cp.reduce.async.bulk.dst.src.completion.redOp.type (9.7.9.25.4.2),
    // red.async.sem.scope.ss.completion.op.type (9.7.13.7).
    appendIfAccepted(QualifierCategory::Completion, spelling(instruction.completion));
  }
  appendIfAccepted(QualifierCategory::CacheOperator, spelling(instruction.cacheOperator));
  appendIfAccepted(QualifierCategory::Operation, spelling(instruction.operation));
  appendIfAccepted(QualifierCategory::Proxy, spelling(instruction.proxy));
  if (proxyFence) {
    appendIfAccepted(QualifierCategory::StateSpace, spelling(instruction.stateSpace));
  }
  appendIfAccepted(QualifierCategory::BarrierAction, spelling(instruction.barrierAction));
  appendIfAccepted(QualifierCategory::Comparison, spelling(instruction.comparison));
  appendIfAccepted(QualifierCategory::DataType, spelling(instruction.type));
  return text;
}

std::string printInstruction(const Test& test, std::size_t thread, const Instruction& instruction) {
  std::string text;
  if (instruction.guarded) {
    text += instruction.guard.negated ? "@!" : "@";
    text += test.threads[thread].registers[instruction.guard.predicate].name + " ";
  }
  text += printMnemonic(instruction);
  std::string separator = " ";
  for (const Operand& operand : instruction.operands) {
    text += separator + printOperand(test, thread, operand);
    separator = ", ";
  }
  return text;
}

std::string printTerm(const Test& test, const ConditionTerm& term) {
  switch (term.kind) {
    case ConditionTerm::Kind::Register:
      return std::to_string(term.thread) + ":" + test.threads[term.thread].registers[term.index].name;
    case ConditionTerm::Kind::Location:
      return test.locations[term.index].name;
    case ConditionTerm::Kind::Integer:
      return std::to_string(term.value);
  }
  return {};
}

std::string printProposition(const Test& test, const Proposition& proposition) {
  switch (proposition.kind) {
    case Proposition::Kind::True:
      return "true";
    case Proposition::Kind::False:
      return "false";
    case Proposition::Kind::Equal:
      return printTerm(test, proposition.left) + "=" + printTerm(test, proposition.right);
    case Proposition::Kind::NotEqual:
      return printTerm(test, proposition.left) + "!=" + printTerm(test, proposition.right);
    case Proposition::Kind::Not: {
      const Proposition& operand = proposition.operands.front();
      const bool atomic = operand.kind == Proposition::Kind::True ||
                          operand.kind == Proposition::Kind::False || operand.kind == Proposition::Kind::Not;
      const std::string inner = printProposition(test, operand);
      return "~" + (atomic ? inner : "(" + inner + ")");
    }
    case Proposition::Kind::And:
    case Proposition::Kind::Or: {
      const std::string_view connective = proposition.kind == Proposition::Kind::And ? " /\\ " : " \\/ ";
      std::string text;
      for (std::size_t index = 0; index < proposition.operands.size(); ++index) {
        if (index > 0) {
          text += connective;
        }
        text += printNested(test, proposition.operands[index]);
      }
      return text;
    }
  }
  return {};
}

std::string_view quantifierKeyword(Quantifier quantifier) {
  switch (quantifier) {
    case Quantifier::Exists:
      return "exists";
    case Quantifier::NotExists:
      return "~exists";
    case Quantifier::Forall:
      return "forall";
  }
  return {};
}

std::string printCanonical(const Test& test) {
  if (test.dialect == Dialect::C) {
    return printCanonicalC(test);
  }
  std::string out = "PTX " + test.name + "\n";
  if (!test.documentation.empty()) {
    out += test.documentation + "\n";
  }
  printInitialState(test, out);
  printProgram(test, out);
  printScopeTree(test, out);
  printMemoryMap(test, out);
  return out + printFinalCondition(test);
}

std::string printFinalCondition(const Test& test) {
  std::string out;
  if (!test.shownLocations.empty()) {
    out += "locations [";
    for (const ConditionTerm& term : test.shownLocations) {
      out += printTerm(test, term) + ";";
    }
    out += "]\n";
  }
  if (test.condition.filter) {
    out += "filter (" + printProposition(test, *test.condition.filter) + ")\n";
  }
  out += std::string(quantifierKeyword(test.condition.quantifier)) + " (" +
         printProposition(test, test.condition.proposition) + ")\n";
  return out;
}

std::string layOutThreadColumns(const std::vector<std::vector<std::string>>& columns) {
  std::size_t rows = 0;
  std::vector<std::size_t> widths;
  for (const std::vector<std::string>& column : columns) {
    rows = std::max(rows, column.size());
    std::size_t width = 0;
    for (const std::string& cell : column) {
      width = std::max(width, cell.size());
    }
    widths.push_back(width);
  }
  std::string out;
  for (std::size_t row = 0; row < rows; ++row) {
    std::string line;
    for (std::size_t thread = 0; thread < columns.size(); ++thread) {
      const std::string cell = row < columns[thread].size() ? columns[thread][row] : "";
      line += thread == 0 ? " " : " | ";
      line += cell;
      line.append(widths[thread] - cell.size(), ' ');
    }
    out += line + " ;\n";
  }
  return out;
}

}  // namespace opcheck::litmus
