#include "compile/ClangCompiler.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "compile/Subprocess.h"
#include "litmus/CDialect.h"
#include "litmus/Diagnostic.h"

namespace opcheck::compile {

using litmus::Instruction;
using litmus::InstructionKind;
using litmus::Opcode;
using litmus::Operand;
using litmus::Semantics;

namespace {

// How long one compilation may take; clang compiles a litmus test's few
// functions in well under a second.
constexpr std::chrono::seconds kCompileLimit{60};

std::string functionName(std::size_t thread) { return "P" + std::to_string(thread); }
std::string outName(const std::string& reg) { return "opcheck_out_" + reg; }

// clang's memory orders (the GCC __ATOMIC_* macros).
std::string_view orderMacro(Semantics semantics) {
  switch (semantics) {
    case Semantics::Relaxed:
      return "__ATOMIC_RELAXED";
    case Semantics::Acquire:
      return "__ATOMIC_ACQUIRE";
    case Semantics::Release:
      return "__ATOMIC_RELEASE";
    case Semantics::AcquireRelease:
      return "__ATOMIC_ACQ_REL";
    default:
      return "__ATOMIC_SEQ_CST";
  }
}

// clang's memory scopes for __scoped_atomic_* (clang's predefined
// __MEMORY_SCOPE_* macros): CUDA's block is a work-group, its cluster
// clang's CLUSTR (defined from clang 20 on; an older clang refuses it).
std::string_view scopeMacro(litmus::Scope scope) {
  switch (scope) {
    case litmus::Scope::Cta:
      return "__MEMORY_SCOPE_WRKGRP";
    case litmus::Scope::Cluster:
      return "__MEMORY_SCOPE_CLUSTR";
    case litmus::Scope::Gpu:
      return "__MEMORY_SCOPE_DEVICE";
    default:
      return "__MEMORY_SCOPE_SYSTEM";
  }
}

std::string_view fetchBuiltin(litmus::Operation operation) {
  switch (operation) {
    case litmus::Operation::Exchange:
      return "__scoped_atomic_exchange_n";
    case litmus::Operation::Add:
      return "__scoped_atomic_fetch_add";
    case litmus::Operation::Subtract:
      return "__scoped_atomic_fetch_sub";
    case litmus::Operation::And:
      return "__scoped_atomic_fetch_and";
    case litmus::Operation::Or:
      return "__scoped_atomic_fetch_or";
    case litmus::Operation::Xor:
      return "__scoped_atomic_fetch_xor";
    default:
      return "";
  }
}

// The locations THREAD names, in the test's order: its function's first
// parameters.
std::vector<litmus::LocationId> threadLocations(const litmus::Test& test, const litmus::Thread& thread) {
  std::vector<bool> named(test.locations.size(), false);
  for (const Instruction& instruction : thread.instructions) {
    for (const Operand& operand : instruction.operands) {
      if (operand.kind == Operand::Kind::Location) {
        named[operand.index] = true;
      }
    }
  }
  std::vector<litmus::LocationId> locations;
  for (std::size_t location = 0; location < named.size(); ++location) {
    if (named[location]) {
      locations.push_back(static_cast<litmus::LocationId>(location));
    }
  }
  return locations;
}

class SourceWriter {
 public:
  SourceWriter(const litmus::Test& test, const std::string& file) : test_(test), file_(file) {}

  std::string write() {
    out_ << "// Written by opcheck from the C test " << test_.name
         << ": one device function per thread, each register stored\n"
            "// through its out pointer at the end.\n";
    for (std::size_t index = 0; index < test_.threads.size(); ++index) {
      writeThread(index, test_.threads[index]);
    }
    return out_.str();
  }

 private:
  std::string value(const litmus::Thread& thread, const Operand& operand,
                    litmus::SourcePosition position) const {
    switch (operand.kind) {
      case Operand::Kind::Register:
        return thread.registers[operand.index].name;
      case Operand::Kind::Immediate:
        return std::to_string(operand.immediate);
      case Operand::Kind::Location:
        return test_.locations[operand.index].name;
      default:
        litmus::fail(file_, position, "opcheck cannot write this operand as CUDA");
    }
  }

  std::string labelName(const litmus::Thread& thread, const Operand& operand) const {
    return "opcheck_" + thread.labels[operand.index].name;
  }

  void writeThread(std::size_t index, const litmus::Thread& thread) {
    out_ << "\nextern \"C\" __attribute__((device)) __attribute__((noinline)) void " << functionName(index)
         << "(";
    const char* separator = "";
    for (const litmus::LocationId location : threadLocations(test_, thread)) {
      out_ << separator << "int* " << test_.locations[location].name;
      separator = ", ";
    }
    for (const litmus::Register& reg : thread.registers) {
      out_ << separator << "int* " << outName(reg.name);
      separator = ", ";
    }
    out_ << ") {\n";
    for (const litmus::Register& reg : thread.registers) {
      out_ << "  int " << reg.name << " = 0;\n";
    }
    for (std::size_t at = 0; at <= thread.instructions.size(); ++at) {
      for (const litmus::Label& label : thread.labels) {
        if (label.target == at) {
          out_ << "opcheck_" << label.name << ":;\n";
        }
      }
      if (at < thread.instructions.size()) {
        out_ << "  " << statement(thread, thread.instructions[at]) << "\n";
      }
    }
    for (const litmus::Register& reg : thread.registers) {
      out_ << "  *" << outName(reg.name) << " = " << reg.name << ";\n";
    }
    out_ << "}\n";
  }

  std::string statement(const litmus::Thread& thread, const Instruction& instruction) const {
    const auto& operands = instruction.operands;
    auto at = [&](std::size_t index) { return value(thread, operands[index], instruction.position); };
    const bool atomic = instruction.semantics != Semantics::Weak;
    const std::string order(orderMacro(instruction.semantics));
    const std::string scope(scopeMacro(instruction.scope));
    switch (instruction.opcode) {
      case Opcode::Load:
        return at(0) + " = " +
               (atomic ? "__scoped_atomic_load_n(" + at(1) + ", " + order + ", " + scope + ")"
                       : "*" + at(1)) +
               ";";
      case Opcode::Store:
        return atomic ? "__scoped_atomic_store_n(" + at(0) + ", " + at(1) + ", " + order + ", " + scope + ");"
                      : "*" + at(0) + " = " + at(1) + ";";
      case Opcode::Atomic:
        if (instruction.operation == litmus::Operation::CompareAndSwap) {
          // C's compare-exchange writes the value read to *expected,
          // which is what the C dialect gives its register.
          return "{ int opcheck_expected = " + at(2) + "; __scoped_atomic_compare_exchange_n(" + at(1) +
                 ", &opcheck_expected, " + at(3) + ", 0, " + order + ", " +
                 std::string(orderMacro(litmus::pairedFailureOrder(instruction.semantics))) + ", " + scope +
                 "); " + at(0) + " = opcheck_expected; }";
        }
        if (!fetchBuiltin(instruction.operation).empty()) {
          return at(0) + " = " + std::string(fetchBuiltin(instruction.operation)) + "(" + at(1) + ", " +
                 at(2) + ", " + order + ", " + scope + ");";
        }
        break;
      case Opcode::Fence:
        // C's atomic_thread_fence is clang's __atomic_thread_fence (system
        // scope); a narrower scope needs the scoped builtin.
        if (instruction.scope == litmus::Scope::System || instruction.scope == litmus::Scope::None) {
          return "__atomic_thread_fence(" + order + ");";
        }
        return "__scoped_atomic_thread_fence(" + order + ", " + scope + ");";
      case Opcode::Move:
        return at(0) + " = " + at(1) + ";";
      case Opcode::Goto:
      case Opcode::Branch:
        return "goto " + labelName(thread, operands[0]) + ";";
      default:
        break;
    }
    for (const litmus::COperator& arithmetic : litmus::kCArithmetic) {
      if (arithmetic.opcode == instruction.opcode) {
        return at(0) + " = " + at(1) + " " + std::string(arithmetic.spelling) + " " + at(2) + ";";
      }
    }
    // The C dialect's table gives the comparison whose failure takes the
    // branch (the "if" whose block it skips).
    for (const litmus::COperator& comparison : litmus::kCSkippingBranches) {
      if (comparison.opcode == instruction.opcode) {
        return "if (!(" + at(0) + " " + std::string(comparison.spelling) + " " + at(1) + ")) goto " +
               labelName(thread, operands[2]) + ";";
      }
    }
    litmus::fail(file_, instruction.position, "opcheck cannot write this instruction as CUDA");
  }

  const litmus::Test& test_;
  const std::string& file_;
  std::ostringstream out_;
};

// A PTX register or a parameter read into one.
struct Binding {
  enum class Kind : std::uint8_t { Location, Out };
  Kind kind = Kind::Location;
  std::uint32_t index = 0;  // location, or the C register stored through it
};

class Lifter {
 public:
  Lifter(const litmus::Test& test, const ptxmodule::Module& module, const std::string& who)
      : test_(test), module_(module), who_(who) {}

  CompiledTest lift() {
    CompiledTest compiled;
    compiled.test = test_;
    compiled.test.dialect = litmus::Dialect::Ptx;
    compiled.test.herdSource = litmus::HerdSource{};
    for (std::size_t index = 0; index < test_.threads.size(); ++index) {
      const ptxmodule::Function* function = module_.find(functionName(index));
      if (function == nullptr || !function->hasBody) {
        refuse("wrote no function " + functionName(index) + " for thread " + std::to_string(index));
      }
      litmus::Thread& thread = compiled.test.threads[index];
      liftThread(test_.threads[index], *function, thread);
      compiled.origins.push_back(origins(test_.threads[index], thread));
    }
    return compiled;
  }

 private:
  [[noreturn]] void refuse(const std::string& what) const { throw CompilerRefusal(who_ + " " + what); }

  [[noreturn]] void refuseAt(const ptxmodule::Statement& statement, const std::string& what) const {
    refuse("wrote '" + statement.mnemonic + "' (line " + std::to_string(statement.position.line) +
           " of its PTX), " + what);
  }

  litmus::RegisterId registerFor(litmus::Thread& thread, const std::string& name) {
    const auto found = registers_.find(name);
    if (found != registers_.end()) {
      return found->second;
    }
    std::string spelled = "ptx_" + name.substr(1);
    while (std::any_of(thread.registers.begin(), thread.registers.end(),
                       [&](const litmus::Register& other) { return other.name == spelled; })) {
      spelled += "_";
    }
    const auto id = static_cast<litmus::RegisterId>(thread.registers.size());
    thread.registers.push_back(litmus::Register{spelled, litmus::DataType::None, std::nullopt});
    registers_[name] = id;
    return id;
  }

  Operand valueOperand(litmus::Thread& thread, const ptxmodule::Statement& statement,
                       const ptxmodule::Operand& operand) {
    if (operand.kind == ptxmodule::Operand::Kind::Immediate) {
      return Operand{Operand::Kind::Immediate, 0, operand.value};
    }
    if (operand.kind == ptxmodule::Operand::Kind::Register && !bindings_.contains(operand.name)) {
      return Operand{Operand::Kind::Register, registerFor(thread, operand.name), 0};
    }
    refuseAt(statement, "with an operand a litmus test cannot hold (" + operand.name + ")");
  }

  std::optional<Binding> addressBinding(const ptxmodule::Statement& statement,
                                        const ptxmodule::Operand& operand) {
    if (operand.kind != ptxmodule::Operand::Kind::Address || !operand.baseIsRegister ||
        !bindings_.contains(operand.name)) {
      refuseAt(statement, "an access through an address that is no parameter of the function");
    }
    if (operand.value != 0) {
      refuseAt(statement, "an access at an offset from a location");
    }
    return bindings_.at(operand.name);
  }

  void liftThread(const litmus::Thread& source, const ptxmodule::Function& function, litmus::Thread& thread) {
    bindings_.clear();
    registers_.clear();
    thread.instructions.clear();
    thread.labels.clear();
    thread.registers = source.registers;
    // The parameters, in the order cudaSource wrote them.
    std::map<std::string, Binding> parameters;
    const std::vector<litmus::LocationId> locations = threadLocations(test_, source);
    if (function.parameters.size() != locations.size() + source.registers.size()) {
      refuse("wrote " + function.name + " with " + std::to_string(function.parameters.size()) +
             " parameters, not " + std::to_string(locations.size() + source.registers.size()));
    }
    for (std::size_t at = 0; at < function.parameters.size(); ++at) {
      parameters[function.parameters[at].name] =
          at < locations.size()
              ? Binding{Binding::Kind::Location, locations[at]}
              : Binding{Binding::Kind::Out, static_cast<std::uint32_t>(at - locations.size())};
    }
    std::map<std::string, std::uint32_t> labelIds;
    for (const ptxmodule::Statement& statement : function.body) {
      if (statement.kind == ptxmodule::Statement::Kind::Label) {
        labelIds[statement.label] = static_cast<std::uint32_t>(thread.labels.size());
        thread.labels.push_back(
            litmus::Label{statement.label.substr(statement.label.find_first_not_of("$")), 0});
      }
    }
    std::optional<std::uint32_t> endLabel;
    for (std::size_t index = 0; index < function.body.size(); ++index) {
      const ptxmodule::Statement& statement = function.body[index];
      const auto here = static_cast<std::uint32_t>(thread.instructions.size());
      if (statement.kind == ptxmodule::Statement::Kind::Label) {
        thread.labels[labelIds[statement.label]].target = here;
        continue;
      }
      const std::string& mnemonic = statement.mnemonic;
      const auto& operands = statement.operands;
      if (mnemonic.starts_with("ld.param")) {
        if (operands.size() == 2 && operands[0].kind == ptxmodule::Operand::Kind::Register &&
            operands[1].kind == ptxmodule::Operand::Kind::Address && parameters.contains(operands[1].name) &&
            operands[1].value == 0 && !statement.guard) {
          bindings_[operands[0].name] = parameters.at(operands[1].name);
          continue;
        }
        refuseAt(statement, "a read of a parameter that is not a pointer the test gave");
      }
      const bool copies = mnemonic.starts_with("cvta.to.global.") || mnemonic.starts_with("cvta.global.") ||
                          mnemonic == "mov.u64" || mnemonic == "mov.b64";
      if (copies && operands.size() == 2 && operands[1].kind == ptxmodule::Operand::Kind::Register &&
          bindings_.contains(operands[1].name) && !statement.guard) {
        bindings_[operands[0].name] = bindings_.at(operands[1].name);
        continue;
      }
      if (mnemonic == "ret" || mnemonic == "ret.uni") {
        const bool last = index + 1 == function.body.size();
        if (last && !statement.guard) {
          continue;
        }
        if (!endLabel) {
          endLabel = static_cast<std::uint32_t>(thread.labels.size());
          thread.labels.push_back(litmus::Label{"opcheck_return", 0});
        }
        Instruction branch;
        branch.opcode = Opcode::Branch;
        branch.operands.push_back(Operand{Operand::Kind::Label, *endLabel, 0});
        addGuard(thread, statement, branch);
        thread.instructions.push_back(branch);
        continue;
      }
      if (!statement.decoded) {
        refuseAt(statement, "which opcheck's litmus tests cannot hold");
      }
      Instruction instruction = *statement.decoded;
      instruction.position = {};
      addGuard(thread, statement, instruction);
      const InstructionKind kind = litmus::kindOf(instruction.opcode);
      // The operand roles of Opcodes.def ("dav?v": the ones after '?' optional).
      const std::string_view signature = litmus::info(instruction.opcode).operandSignature;
      const std::size_t required = std::min(signature.find('?'), signature.size());
      std::string spec(signature);
      std::erase(spec, '?');
      if (kind == InstructionKind::Fence || kind == InstructionKind::LegacyFence) {
        if (!operands.empty()) {
          refuseAt(statement, "a fence with operands");
        }
        thread.instructions.push_back(instruction);
        continue;
      }
      if (instruction.opcode == Opcode::Store && operands.size() == 2) {
        const Binding binding = *addressBinding(statement, operands[0]);
        const Operand stored = valueOperand(thread, statement, operands[1]);
        if (binding.kind == Binding::Kind::Out) {
          // The register's value, stored through its out pointer.
          Instruction move;
          move.opcode = Opcode::Move;
          move.type = instruction.type;
          move.guarded = instruction.guarded;
          move.guard = instruction.guard;
          move.operands = {Operand{Operand::Kind::Register, binding.index, 0}, stored};
          thread.instructions.push_back(move);
          continue;
        }
        instruction.operands = {Operand{Operand::Kind::Location, binding.index, 0}, stored};
        thread.instructions.push_back(instruction);
        continue;
      }
      const bool access = kind == InstructionKind::Load || kind == InstructionKind::ReadModifyWrite ||
                          kind == InstructionKind::Reduction;
      if (access && instruction.opcode != Opcode::ConstantLoad && instruction.opcode != Opcode::TextureLoad &&
          instruction.opcode != Opcode::SurfaceLoad) {
        if (operands.size() < required || operands.size() > spec.size()) {
          refuseAt(statement, "with operands opcheck does not read");
        }
        for (std::size_t at = 0; at < operands.size(); ++at) {
          const char role = spec[at];
          if (role == 'a') {
            const Binding binding = *addressBinding(statement, operands[at]);
            if (binding.kind != Binding::Kind::Location) {
              refuseAt(statement, "an access to an out pointer other than a store");
            }
            instruction.operands.push_back(Operand{Operand::Kind::Location, binding.index, 0});
          } else {
            instruction.operands.push_back(valueOperand(thread, statement, operands[at]));
          }
        }
        thread.instructions.push_back(instruction);
        continue;
      }
      if (kind == InstructionKind::RegisterOperation || kind == InstructionKind::SetPredicate) {
        if (operands.size() != spec.size()) {
          refuseAt(statement, "with operands opcheck does not read");
        }
        for (const ptxmodule::Operand& operand : operands) {
          instruction.operands.push_back(valueOperand(thread, statement, operand));
        }
        thread.instructions.push_back(instruction);
        continue;
      }
      if (instruction.opcode == Opcode::Branch && operands.size() == 1 &&
          operands[0].kind == ptxmodule::Operand::Kind::Symbol && labelIds.contains(operands[0].name)) {
        instruction.operands.push_back(Operand{Operand::Kind::Label, labelIds.at(operands[0].name), 0});
        thread.instructions.push_back(instruction);
        continue;
      }
      refuseAt(statement, "which opcheck's litmus tests cannot hold");
    }
    if (endLabel) {
      thread.labels[*endLabel].target = static_cast<std::uint32_t>(thread.instructions.size());
    }
  }

  void addGuard(litmus::Thread& thread, const ptxmodule::Statement& statement, Instruction& instruction) {
    if (!statement.guard) {
      return;
    }
    instruction.guarded = true;
    instruction.guard = litmus::Guard{registerFor(thread, *statement.guard), statement.guardNegated};
  }

  // Per PTX instruction, the C instruction it comes from: the accesses of
  // each in program order matched to the C accesses of the same kind and
  // location; a fence to the C fence it meets, or else to the access it
  // stands before (a leading fence belongs to its access, as a mapping's
  // does); everything else to the next C access.
  static std::vector<std::uint32_t> origins(const litmus::Thread& source, const litmus::Thread& lifted) {
    std::vector<std::uint32_t> memory;
    for (std::uint32_t at = 0; at < source.instructions.size(); ++at) {
      if (constructOf(source.instructions[at])) {
        memory.push_back(at);
      }
    }
    std::vector<std::uint32_t> origins;
    std::size_t next = 0;
    auto current = [&]() -> std::uint32_t {
      if (memory.empty()) {
        return 0;
      }
      return memory[std::min(next, memory.size() - 1)];
    };
    for (const Instruction& instruction : lifted.instructions) {
      const std::optional<CConstruct> construct = constructOf(instruction);
      std::uint32_t origin = current();
      if (construct == CConstruct::Fence) {
        if (next < memory.size() && source.instructions[memory[next]].opcode == Opcode::Fence) {
          ++next;
        }
      } else if (construct) {
        const litmus::Opcode opcode = instruction.opcode;
        for (std::size_t look = next; look < memory.size(); ++look) {
          const Instruction& candidate = source.instructions[memory[look]];
          if (candidate.opcode == opcode && candidate.operands.size() > 1 &&
              instruction.operands.size() > 1 && locationOf(candidate) == locationOf(instruction)) {
            origin = memory[look];
            next = look + 1;
            break;
          }
        }
      }
      origins.push_back(origin);
    }
    return origins;
  }

  static std::optional<std::uint32_t> locationOf(const Instruction& instruction) {
    for (const Operand& operand : instruction.operands) {
      if (operand.kind == Operand::Kind::Location) {
        return operand.index;
      }
    }
    return std::nullopt;
  }

  const litmus::Test& test_;
  const ptxmodule::Module& module_;
  const std::string& who_;
  std::map<std::string, Binding> bindings_;
  std::map<std::string, litmus::RegisterId> registers_;
};

// The compiler's own words: its error lines (or its last lines, where
// none says "error"), without the warnings.
std::string compilerMessage(const std::string& standardError) {
  std::istringstream lines(standardError);
  std::string errors;
  std::string last;
  for (std::string line; std::getline(lines, line);) {
    // The back end's stack dump (" #6 0x... report_fatal_error") is no message.
    const bool stackFrame =
        line.find_first_not_of(' ') != std::string::npos && line[line.find_first_not_of(' ')] == '#';
    if (line.find("error") != std::string::npos && !stackFrame && errors.size() < 2000) {
      errors += (errors.empty() ? "" : "\n") + line;
    }
    if (!line.empty() && line.find("warning") == std::string::npos) {
      last = line;
    }
  }
  return errors.empty() ? last : errors;
}

}  // namespace

std::optional<CompilerTarget> parseCompilerTarget(const std::string& name) {
  static const std::regex form(R"((clang(-[0-9]+)?):(sm_[0-9]+[a-z]?))");
  std::smatch match;
  if (!std::regex_match(name, match, form)) {
    return std::nullopt;
  }
  return CompilerTarget{match[1].str(), match[3].str()};
}

std::string cudaSource(const litmus::Test& test, const std::string& file) {
  litmus::requireDialect(test, file, litmus::Dialect::C, "opcheck compile");
  return SourceWriter(test, file).write();
}

CompiledTest liftModule(const litmus::Test& test, const ptxmodule::Module& module, const std::string& who) {
  return Lifter(test, module, who).lift();
}

CompiledTest compileWithCompiler(const litmus::Test& test, const std::string& file,
                                 const CompilerTarget& target, std::string* compiledPtx) {
  const std::string source = cudaSource(test, file);
  const std::string who = target.compiler + " (" + target.arch + ")";
  if (!programExists(target.compiler)) {
    throw CompilerRefusal(target.compiler + " is not installed (not found in PATH)");
  }
  const TemporaryDirectory directory;
  const std::filesystem::path input = directory.path() / "test.cu";
  const std::filesystem::path output = directory.path() / "test.ptx";
  {
    std::ofstream out(input);
    out << source;
  }
  // clang as a CUDA device compiler without NVIDIA's toolkit: no CUDA
  // headers or libdevice, PTX out, no crash reproducers left behind.
  const ProcessResult run =
      runProcess({target.compiler, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
                  "-fno-crash-diagnostics", "-Wno-unknown-cuda-version", "--cuda-gpu-arch=" + target.arch,
                  "-O2", "-S", "-o", output.string(), input.string()},
                 directory.path(), kCompileLimit);
  if (!run.started) {
    throw CompilerRefusal(target.compiler + " could not be run");
  }
  if (run.timedOut) {
    throw CompilerRefusal(who + " did not finish within " + std::to_string(kCompileLimit.count()) + " s");
  }
  if (run.signal != 0 || run.exitStatus != 0) {
    throw CompilerRefusal(who + " failed (" +
                          (run.signal != 0 ? "signal " + std::to_string(run.signal)
                                           : "exit status " + std::to_string(run.exitStatus)) +
                          "): " + compilerMessage(run.standardError));
  }
  std::ifstream in(output, std::ios::binary);
  std::ostringstream ptx;
  ptx << in.rdbuf();
  if (compiledPtx != nullptr) {
    *compiledPtx = ptx.str();
  }
  ptxmodule::Module module;
  try {
    module = ptxmodule::readModuleText(ptx.str(), "<" + who + " output for " + file + ">");
  } catch (const litmus::InputError& error) {
    throw CompilerRefusal("opcheck cannot read the PTX " + who + " wrote: " + error.what());
  }
  return liftModule(test, module, who);
}

}  // namespace opcheck::compile
