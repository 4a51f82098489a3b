#include "parser/CTestBuilder.h"

#include <array>
#include <optional>
#include <set>
#include <string_view>

#include "litmus/CDialect.h"
#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"
#include "parser/CommonParts.h"
#include "parser/ScopeTreeReader.h"
#include "parser/TreeSyntax.h"
#include "support/Assert.h"

namespace opcheck::parser {

using namespace opcheck::litmus;
using antlr4::tree::TerminalNode;
using C = ::CLitmusParser;

namespace {

// Functions herd's C tests use that opcheck does not read, with the reason.
struct RefusedName {
  std::string_view name;
  std::string_view reason;
};
constexpr std::array<RefusedName, 6> kRefusedBuiltins = {{
    {"atomic_compare_exchange_weak_explicit",
     "a weak compare-exchange may fail spuriously, which opcheck does not model; use the strong one"},
    {"atomic_compare_exchange_weak",
     "a weak compare-exchange may fail spuriously, which opcheck does not model; use the strong one"},
    {"atomic_signal_fence", "a signal fence orders nothing between threads"},
    {"READ_ONCE", "a Linux-kernel primitive (opcheck reads C11 atomics)"},
    {"WRITE_ONCE", "a Linux-kernel primitive (opcheck reads C11 atomics)"},
    {"atomic_init", "opcheck initialises locations in the initial state"},
}};

// The operator's entry in TABLE (litmus/CDialect.h), by its spelling.
template <std::size_t N>
std::optional<Opcode> operatorOpcode(const std::array<COperator, N>& table, const std::string& spelling) {
  for (const COperator& entry : table) {
    if (entry.spelling == spelling) {
      return entry.opcode;
    }
  }
  return std::nullopt;
}

class CTestBuilder {
 public:
  explicit CTestBuilder(const std::string& file) : file_(file), common_(file, test_) {
    test_.dialect = Dialect::C;
  }

  Test build(C::CTestContext& tree) {
    test_.name = tree.testName()->TEST_NAME()->getText();
    if (C::PreambleContext* preamble = tree.preamble()) {
      const std::string text = preamble->PREAMBLE()->getText();
      const std::size_t first = text.find_first_not_of(" \t\r\n\f");
      if (first != std::string::npos) {
        test_.documentation = text.substr(first, text.find_last_not_of(" \t\r\n\f") + 1 - first);
      }
    }
    initialState(*tree.cInitialState());
    const std::vector<C::CThreadContext*> threads = tree.cThread();
    if (threads.empty()) {
      fail(positionOf(tree.cInitialState()->getStop()),
           "the test has no threads (expected 'P0 (atomic_int* x) { ... }' after the initial state)");
    }
    if (threads.size() > kMaxThreads) {
      fail(positionOf(threads[kMaxThreads]), "test too large: " + std::to_string(threads.size()) +
                                                 " threads, opcheck's limit is " +
                                                 std::to_string(kMaxThreads));
    }
    test_.threads.resize(threads.size());
    parameters_.resize(threads.size());
    for (std::size_t thread = 0; thread < threads.size(); ++thread) {
      threadHeader(thread, *threads[thread]);
    }
    placeThreads(threads);
    for (std::size_t thread = 0; thread < threads.size(); ++thread) {
      thread_ = thread;
      block(*threads[thread]->cBlock());
    }
    if (C::FinalConditionContext* condition = tree.finalCondition()) {
      common_.finalCondition(locationsSyntax<C>(tree.locationsClause()), conditionSyntax<C>(*condition));
    } else {
      // herd7 reads a test without a condition as one that every execution
      // satisfies: "Test NAME Required".
      common_.shownLocations(locationsSyntax<C>(tree.locationsClause()));
      test_.condition.quantifier = Quantifier::Forall;
      test_.condition.proposition = Proposition{Proposition::Kind::True, {}, {}, {}};
      checkMemoryEvents(test_, file_, positionOf(tree.EOF()));
    }
    return std::move(test_);
  }

 private:
  [[noreturn]] void fail(SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  // --- initial state ---------------------------------------------------------

  LocationId location(const std::string& name, SourcePosition position) {
    return common_.location(name, position);
  }

  // herd's forms: "x = 0", "[x] = 0", "int x = 0", "atomic_int x", "x".
  void initialState(C::CInitialStateContext& state) {
    std::set<std::string> initialised;
    for (C::CInitialEntryContext* entry : state.cInitialEntry()) {
      if (dynamic_cast<C::CRegisterInitialValueContext*>(entry) != nullptr) {
        fail(positionOf(entry),
             "a C test gives a register its value in its thread ('int r0 = 1;'), not in the initial state");
      }
      auto& value = static_cast<C::CLocationInitialValueContext&>(*entry);
      for (TerminalNode* word : value.IDENTIFIER()) {
        checkTypeWord(word, /*forLocation=*/true);
      }
      if (value.STAR() != nullptr) {
        fail(positionOf(value.STAR()), "unsupported construct: a location that holds a pointer");
      }
      TerminalNode* name = value.cInitialTarget()->IDENTIFIER();
      if (!initialised.insert(name->getText()).second) {
        fail(positionOf(entry), "location " + name->getText() + " is given two initial values");
      }
      const LocationId id = location(name->getText(), positionOf(name));
      std::int64_t initial = 0;
      if (C::CInitialValueContext* given = value.cInitialValue()) {
        if (given->INTEGER() == nullptr) {
          fail(positionOf(given), "unsupported construct: a location whose initial value is an address ('" +
                                      given->getText() + "'); opcheck's C locations hold integers");
        }
        initial = common_.integer(wordOf(given->INTEGER()));
      }
      test_.locations[id].initialValue = InitialValue{false, initial, 0, positionOf(entry)};
      test_.herdSource.initialisedLocations.push_back(name->getText());
    }
  }

  // The types opcheck reads: int and C11's atomic_int, volatile or const.
  void checkTypeWord(TerminalNode* word, bool forLocation) const {
    static const std::set<std::string, std::less<>> kTypeWords = {"int", "atomic_int", "volatile", "const",
                                                                  "_Atomic"};
    const std::string text = word->getText();
    if (!kTypeWords.count(text)) {
      fail(positionOf(word), "unsupported type '" + text + "' (opcheck reads int and atomic_int" +
                                 (forLocation ? " locations)" : ")"));
    }
  }

  // --- threads ---------------------------------------------------------------

  void threadHeader(std::size_t thread, C::CThreadContext& header) {
    const std::vector<TerminalNode*> words = header.IDENTIFIER();
    TerminalNode* name = words.back();
    if (words.size() == 2 && words.front()->getText() != "void") {
      fail(positionOf(words.front()),
           "a thread's function returns void, found '" + words.front()->getText() + "'");
    }
    if (name->getText() != threadName(thread)) {
      fail(positionOf(name), "thread " + std::to_string(thread + 1) + " must be " + threadName(thread) +
                                 ", found '" + name->getText() + "'");
    }
    for (C::CParameterContext* parameter : header.cParameter()) {
      const std::vector<TerminalNode*> parts = parameter->IDENTIFIER();
      for (std::size_t word = 0; word + 1 < parts.size(); ++word) {
        checkTypeWord(parts[word], /*forLocation=*/false);
      }
      TerminalNode* location = parts.back();
      if (!parameters_[thread].insert(location->getText()).second) {
        fail(positionOf(location),
             "parameter " + location->getText() + " appears twice in " + threadName(thread));
      }
      this->location(location->getText(), positionOf(location));
    }
  }

  // Every thread placed with '@', or none: then each runs in a CTA of its
  // own on one GPU (docs/dialects.md "C").
  void placeThreads(const std::vector<C::CThreadContext*>& threads) {
    std::vector<RawPlacement> raw(threads.size());
    std::vector<std::optional<SourcePosition>> placedBy(threads.size());
    std::size_t placed = 0;
    for (std::size_t thread = 0; thread < threads.size(); ++thread) {
      if (C::PlacementContext* placement = threads[thread]->placement()) {
        raw[thread] = common_.placement(thread, placementSyntax<C>(*placement));
        placedBy[thread] = positionOf(placement);
        ++placed;
      } else {
        raw[thread].cta = static_cast<std::int64_t>(thread);
        placedBy[thread] = positionOf(threads[thread]);
      }
    }
    if (placed != 0 && placed != threads.size()) {
      for (std::size_t thread = 0; thread < threads.size(); ++thread) {
        if (threads[thread]->placement() == nullptr) {
          fail(positionOf(threads[thread]),
               "thread " + threadName(thread) + " has no placement: place every thread with '@' or none");
        }
      }
    }
    checkClusters(file_, raw, placedBy);
    normalizePlacements(raw, test_.threads);
  }

  // --- statements --------------------------------------------------------------

  Thread& thread() { return test_.threads[thread_]; }

  void emit(Instruction instruction) {
    if (thread().instructions.size() >= kMaxInstructionsPerThread) {
      fail(instruction.position, "test too large: more than " + std::to_string(kMaxInstructionsPerThread) +
                                     " instructions in " + threadName(thread_) + ", opcheck's limit");
    }
    thread().instructions.push_back(std::move(instruction));
  }

  void block(C::CBlockContext& body) {
    for (C::CStatementContext* statement : body.cStatement()) {
      this->statement(*statement);
    }
  }

  void statement(C::CStatementContext& statement) {
    if (auto* declaration = dynamic_cast<C::CDeclarationContext*>(&statement)) {
      checkTypeWord(declaration->IDENTIFIER(0), /*forLocation=*/false);
      if (declaration->IDENTIFIER(0)->getText() != "int") {
        fail(positionOf(declaration->IDENTIFIER(0)),
             "unsupported type '" + declaration->IDENTIFIER(0)->getText() + "' for a register (use int)");
      }
      const RegisterId target = declareRegister(declaration->IDENTIFIER(1));
      if (C::CExpressionContext* value = declaration->cExpression()) {
        assign(target, *value);
      }
    } else if (auto* assignment = dynamic_cast<C::CAssignmentContext*>(&statement)) {
      assign(registerNamed(assignment->IDENTIFIER()), *assignment->cExpression());
    } else if (auto* store = dynamic_cast<C::CPlainStoreContext*>(&statement)) {
      Instruction instruction = access(Opcode::Store, *store->cAddress());
      instruction.operands.push_back(value(*store->cExpression()));
      emit(std::move(instruction));
    } else if (auto* call = dynamic_cast<C::CCallStatementContext*>(&statement)) {
      builtinCall(*call->cCall(), std::nullopt);
    } else if (auto* conditional = dynamic_cast<C::CIfContext*>(&statement)) {
      ifStatement(*conditional);
    } else if (auto* nested = dynamic_cast<C::CNestedBlockContext*>(&statement)) {
      block(*nested->cBlock());
    }
  }

  RegisterId declareRegister(TerminalNode* name) {
    const std::string text = name->getText();
    if (parameters_[thread_].count(text)) {
      fail(positionOf(name),
           "register " + text + " has the name of a location " + threadName(thread_) + " takes");
    }
    if (test_.findRegister(thread_, text)) {
      fail(positionOf(name), "register " + text + " of " + threadName(thread_) + " is declared twice");
    }
    std::vector<Register>& registers = thread().registers;
    if (registers.size() >= kMaxRegistersPerThread) {
      fail(positionOf(name), "test too large: more than " + std::to_string(kMaxRegistersPerThread) +
                                 " registers in " + threadName(thread_) + ", opcheck's limit");
    }
    registers.push_back(Register{text, DataType::None, std::nullopt});
    return static_cast<RegisterId>(registers.size() - 1);
  }

  RegisterId registerNamed(TerminalNode* name) {
    const std::string text = name->getText();
    if (std::optional<RegisterId> id = test_.findRegister(thread_, text)) {
      return *id;
    }
    if (parameters_[thread_].count(text)) {
      fail(positionOf(name), "'" + text + "' is a location: read it with *" + text +
                                 " or atomic_load_explicit, write it with *" + text +
                                 " = ... or atomic_store_explicit");
    }
    fail(positionOf(name),
         "register '" + text + "' of " + threadName(thread_) + " is not declared (add 'int " + text + ";')");
  }

  LocationId parameter(TerminalNode* name) {
    const std::string text = name->getText();
    if (!parameters_[thread_].count(text)) {
      fail(positionOf(name), "'" + text + "' is not a location " + threadName(thread_) +
                                 " takes (add 'atomic_int* " + text + "' to its parameters)");
    }
    // A thread's parameters are the test's locations (checked where they
    // are declared).
    const std::optional<LocationId> location = test_.findLocation(text);
    OPCHECK_ASSERT(location.has_value(), "a parameter names a location of the test");
    return *location;
  }

  Operand operand(C::COperandContext& operand) {
    if (operand.INTEGER() != nullptr) {
      return Operand{Operand::Kind::Immediate, 0, common_.integer(wordOf(operand.INTEGER()))};
    }
    return Operand{Operand::Kind::Register, registerNamed(operand.IDENTIFIER()), 0};
  }

  // A value stored or compared: a number or a register, nothing computed.
  Operand value(C::CExpressionContext& expression) {
    auto* arithmetic = dynamic_cast<C::CArithmeticContext*>(&expression);
    if (arithmetic == nullptr || arithmetic->cOperator().size() != 0) {
      fail(positionOf(&expression), "unsupported construct: '" + expression.getText() +
                                        "' here (opcheck takes a number or a register; compute it into a "
                                        "register first)");
    }
    return operand(*arithmetic->cOperand(0));
  }

  // A non-atomic access of "*x" (herd reads every "*x" as a plain access).
  Instruction access(Opcode opcode, C::CAddressContext& address) {
    auto* named = dynamic_cast<C::CNamedAddressContext*>(&address);
    if (named == nullptr) {
      fail(positionOf(&address),
           "unsupported construct: pointer arithmetic ('*" + address.getText() + "'); name the location");
    }
    Instruction instruction;
    instruction.opcode = opcode;
    instruction.semantics = Semantics::Weak;
    instruction.scope = Scope::None;
    instruction.position = positionOf(&address);
    instruction.operands.push_back(Operand{Operand::Kind::Location, parameter(named->IDENTIFIER()), 0});
    return instruction;
  }

  Operand registerOperand(RegisterId id) { return Operand{Operand::Kind::Register, id, 0}; }

  void assign(RegisterId target, C::CExpressionContext& expression) {
    if (auto* parenthesized = dynamic_cast<C::CParenthesizedContext*>(&expression)) {
      assign(target, *parenthesized->cExpression());
      return;
    }
    if (auto* call = dynamic_cast<C::CCallExpressionContext*>(&expression)) {
      builtinCall(*call->cCall(), target);
      return;
    }
    if (auto* load = dynamic_cast<C::CDereferenceContext*>(&expression)) {
      Instruction instruction = access(Opcode::Load, *load->cAddress());
      instruction.operands.insert(instruction.operands.begin(), registerOperand(target));
      emit(std::move(instruction));
      return;
    }
    auto& arithmetic = static_cast<C::CArithmeticContext&>(expression);
    const std::vector<C::COperatorContext*> operators = arithmetic.cOperator();
    Instruction instruction;
    instruction.position = positionOf(&expression);
    instruction.operands.push_back(registerOperand(target));
    instruction.operands.push_back(operand(*arithmetic.cOperand(0)));
    if (operators.empty()) {
      instruction.opcode = Opcode::Move;
    } else {
      const std::optional<Opcode> opcode = operatorOpcode(kCArithmetic, operators.front()->getText());
      if (!opcode) {
        fail(positionOf(operators.front()), "unsupported construct: the operator '" +
                                                operators.front()->getText() +
                                                "' in an assignment (opcheck computes + - & | ^)");
      }
      if (operators.size() > 1) {
        fail(positionOf(operators[1]),
             "unsupported construct: two operators in one assignment (opcheck computes one per statement)");
      }
      instruction.opcode = *opcode;
      instruction.operands.push_back(operand(*arithmetic.cOperand(1)));
    }
    emit(std::move(instruction));
  }

  // --- atomic builtins -----------------------------------------------------------

  Semantics memoryOrder(C::CArgumentContext& argument) const {
    const std::string text = argument.getText();
    if (text == "memory_order_consume") {
      fail(positionOf(&argument),
           "unsupported construct: memory_order_consume (opcheck reads relaxed, acquire, release, acq_rel "
           "and seq_cst)");
    }
    for (const CMemoryOrder& order : kCMemoryOrders) {
      if (argument.IDENTIFIER() != nullptr && order.name == text) {
        return order.semantics;
      }
    }
    fail(positionOf(&argument),
         "expected a memory order (memory_order_relaxed, ..._acquire, ..._release, "
         "..._acq_rel or ..._seq_cst), found '" +
             text + "'");
  }

  Scope scope(C::CArgumentContext& argument) const {
    const std::string text = argument.getText();
    for (const CScope& scope : kCScopes) {
      if (argument.IDENTIFIER() != nullptr && scope.name == text) {
        return scope.scope;
      }
    }
    fail(positionOf(&argument),
         "expected a scope (thread_scope_block, thread_scope_cluster, "
         "thread_scope_device or thread_scope_system), found '" +
             text + "'");
  }

  // The location argument: a parameter, named as herd's tests name it.
  LocationId locationArgument(C::CArgumentContext& argument, const std::string& function) {
    if (argument.IDENTIFIER() == nullptr || argument.AMPERSAND() != nullptr || argument.STAR() != nullptr) {
      fail(positionOf(&argument),
           function + " takes a location here (the parameter's name), found '" + argument.getText() + "'");
    }
    return parameter(argument.IDENTIFIER());
  }

  // A value argument: a number or a register.
  Operand valueArgument(C::CArgumentContext& argument, const std::string& function, bool expected) {
    if (argument.INTEGER() != nullptr) {
      return Operand{Operand::Kind::Immediate, 0, common_.integer(wordOf(argument.INTEGER()))};
    }
    if (argument.IDENTIFIER() != nullptr && argument.AMPERSAND() == nullptr && argument.STAR() == nullptr) {
      const std::string text = argument.IDENTIFIER()->getText();
      if (expected && parameters_[thread_].count(text)) {
        fail(positionOf(&argument), "unsupported construct: the expected value of " + function +
                                        " through a pointer ('" + text +
                                        "'); opcheck takes it as a number or a register");
      }
      return registerOperand(registerNamed(argument.IDENTIFIER()));
    }
    fail(positionOf(&argument), "unsupported construct: '" + argument.getText() + "' as an argument of " +
                                    function + " (opcheck takes a number or a register)");
  }

  void builtinCall(C::CCallContext& call, std::optional<RegisterId> result) {
    const std::string name = call.IDENTIFIER()->getText();
    const SourcePosition position = positionOf(call.IDENTIFIER());
    for (const RefusedName& refused : kRefusedBuiltins) {
      if (refused.name == name) {
        fail(position, "unsupported construct: " + name + " (" + std::string(refused.reason) + ")");
      }
    }
    const CBuiltin* builtin = nullptr;
    for (const CBuiltin& candidate : kCBuiltins) {
      if (candidate.name == name) {
        builtin = &candidate;
      }
    }
    if (builtin == nullptr) {
      fail(position, "unsupported construct: a call of '" + name +
                         "' (opcheck reads C11's atomic_load, atomic_store, atomic_exchange, "
                         "atomic_fetch_add/sub/and/or/xor, atomic_compare_exchange_strong, their _explicit "
                         "forms, and atomic_thread_fence)");
    }
    const std::vector<C::CArgumentContext*> arguments = call.cArgument();
    // Arguments before the memory orders, and the orders.
    const std::size_t operands = builtin->kind == CBuiltinKind::Fence             ? 0
                                 : builtin->kind == CBuiltinKind::Load            ? 1
                                 : builtin->kind == CBuiltinKind::CompareExchange ? 3
                                                                                  : 2;
    const std::size_t orders = !builtin->isExplicit                             ? 0
                               : builtin->kind == CBuiltinKind::CompareExchange ? 2
                                                                                : 1;
    const std::size_t required = operands + orders;
    const std::size_t allowed = required + (builtin->isExplicit ? 1 : 0);  // the scope
    if (arguments.size() < required || arguments.size() > allowed) {
      const std::string expected = required == allowed
                                       ? std::to_string(required)
                                       : std::to_string(required) + " or " + std::to_string(allowed);
      fail(position, name + " takes " + expected + " arguments" +
                         (builtin->isExplicit ? " (the last one a scope, optional)" : "") + ", found " +
                         std::to_string(arguments.size()));
    }
    const bool returnsValue = builtin->kind != CBuiltinKind::Store && builtin->kind != CBuiltinKind::Fence;
    if (returnsValue && !result) {
      fail(position,
           "the value " + name + " returns must be assigned to a register ('int r0 = " + name + "(...)')");
    }
    if (!returnsValue && result) {
      fail(position, name + " returns nothing to assign");
    }

    Instruction instruction;
    instruction.position = position;
    instruction.operation = builtin->operation;
    // A test without scopes means system scope (seed 001 Sec. 4).
    instruction.scope = arguments.size() > required ? scope(*arguments.back()) : Scope::System;
    instruction.semantics =
        orders > 0 ? memoryOrder(*arguments[operands]) : Semantics::SequentiallyConsistent;
    const Semantics semantics = instruction.semantics;
    auto refuseOrder = [&](std::string_view why) {
      fail(positionOf(arguments[operands]),
           "unsupported construct: " + std::string(cMemoryOrderName(semantics)) + " on " + name + " (" +
               std::string(why) + ")");
    };
    // returnsValue above makes every builtin that returns a value assign it.
    auto resultOperand = [&] {
      OPCHECK_ASSERT(result.has_value(), "a builtin that returns a value assigns it to a register");
      return registerOperand(*result);
    };
    switch (builtin->kind) {
      case CBuiltinKind::Load:
        // C11 7.17.7.2: "The order argument shall not be memory_order_release
        // nor memory_order_acq_rel."
        if (semantics == Semantics::Release || semantics == Semantics::AcquireRelease) {
          refuseOrder("C11 7.17.7.2: a load is not a release");
        }
        instruction.opcode = Opcode::Load;
        instruction.operands.push_back(resultOperand());
        instruction.operands.push_back(
            Operand{Operand::Kind::Location, locationArgument(*arguments[0], name), 0});
        break;
      case CBuiltinKind::Store:
        // C11 7.17.7.1: "The order argument shall not be memory_order_acquire,
        // memory_order_consume, nor memory_order_acq_rel."
        if (semantics == Semantics::Acquire || semantics == Semantics::AcquireRelease) {
          refuseOrder("C11 7.17.7.1: a store is not an acquire");
        }
        instruction.opcode = Opcode::Store;
        instruction.operands.push_back(
            Operand{Operand::Kind::Location, locationArgument(*arguments[0], name), 0});
        instruction.operands.push_back(valueArgument(*arguments[1], name, false));
        break;
      case CBuiltinKind::ReadModifyWrite:
        instruction.opcode = Opcode::Atomic;
        instruction.operands.push_back(resultOperand());
        instruction.operands.push_back(
            Operand{Operand::Kind::Location, locationArgument(*arguments[0], name), 0});
        instruction.operands.push_back(valueArgument(*arguments[1], name, false));
        break;
      case CBuiltinKind::CompareExchange:
        if (orders > 0) {
          checkFailureOrder(semantics, *arguments[operands + 1], name);
        }
        instruction.opcode = Opcode::Atomic;
        instruction.operands.push_back(resultOperand());
        instruction.operands.push_back(
            Operand{Operand::Kind::Location, locationArgument(*arguments[0], name), 0});
        instruction.operands.push_back(valueArgument(*arguments[1], name, true));
        instruction.operands.push_back(valueArgument(*arguments[2], name, false));
        break;
      case CBuiltinKind::Fence:
        if (semantics == Semantics::Relaxed) {
          refuseOrder("C11 7.17.4.1: a relaxed fence has no effects");
        }
        instruction.opcode = Opcode::Fence;
        break;
    }
    emit(std::move(instruction));
  }

  // The failure order must be the one C++ pairs with SUCCESS (litmus/CDialect.h).
  void checkFailureOrder(Semantics success, C::CArgumentContext& argument,
                         const std::string& function) const {
    const Semantics failure = memoryOrder(argument);
    const Semantics paired = pairedFailureOrder(success);
    if (failure != paired) {
      fail(positionOf(&argument),
           "unsupported construct: " + std::string(cMemoryOrderName(failure)) + " as the failure order of " +
               function + " with success order " + std::string(cMemoryOrderName(success)) +
               " (opcheck reads the failure order " + std::string(cMemoryOrderName(paired)) + " only)");
    }
  }

  // --- if / else -------------------------------------------------------------------

  std::uint32_t newLabel() {
    std::vector<Label>& labels = thread().labels;
    labels.push_back(Label{"L" + std::to_string(labels.size()), 0});
    return static_cast<std::uint32_t>(labels.size() - 1);
  }

  void placeLabel(std::uint32_t label) {
    thread().labels[label].target = static_cast<std::uint32_t>(thread().instructions.size());
  }

  // "if (a CMP b) THEN else ELSE" as
  //   b!CMP a, b, L_else; THEN; goto L_end; L_else: ELSE; L_end:
  // with no goto and no L_end where ELSE holds no instruction.
  void ifStatement(C::CIfContext& conditional) {
    Instruction branch;
    branch.position = positionOf(conditional.cExpression());
    C::CExpressionContext* condition = conditional.cExpression();
    while (auto* parenthesized = dynamic_cast<C::CParenthesizedContext*>(condition)) {
      condition = parenthesized->cExpression();
    }
    auto* comparison = dynamic_cast<C::CArithmeticContext*>(condition);
    if (comparison == nullptr || comparison->cOperator().size() > 1) {
      fail(positionOf(condition), "unsupported construct: the condition '" + condition->getText() +
                                      "' (opcheck reads 'a == b', 'a != b', '<', '<=', '>', '>=' and 'a' of "
                                      "registers and numbers)");
    }
    branch.operands.push_back(operand(*comparison->cOperand(0)));
    if (comparison->cOperator().empty()) {
      branch.opcode = Opcode::BranchEqual;  // "if (a)": skip where a == 0
      branch.operands.push_back(Operand{Operand::Kind::Immediate, 0, 0});
    } else {
      C::COperatorContext* comparator = comparison->cOperator(0);
      const std::optional<Opcode> opcode = operatorOpcode(kCSkippingBranches, comparator->getText());
      if (!opcode) {
        fail(positionOf(comparator), "unsupported construct: the operator '" + comparator->getText() +
                                         "' in a condition (opcheck reads == != < <= > >=)");
      }
      branch.opcode = *opcode;
      branch.operands.push_back(operand(*comparison->cOperand(1)));
    }
    const std::uint32_t elseLabel = newLabel();
    branch.operands.push_back(Operand{Operand::Kind::Label, elseLabel, 0});
    emit(std::move(branch));
    statement(*conditional.cStatement(0));
    if (conditional.cStatement().size() < 2) {
      placeLabel(elseLabel);
      return;
    }
    const std::size_t jumpAt = thread().instructions.size();
    Instruction jump;
    jump.opcode = Opcode::Goto;
    jump.position = positionOf(conditional.ELSE());
    emit(std::move(jump));
    placeLabel(elseLabel);
    statement(*conditional.cStatement(1));
    if (thread().instructions.size() == jumpAt + 1) {
      // An empty else: no jump over it (the canonical form has none).
      thread().instructions.pop_back();
      placeLabel(elseLabel);
      return;
    }
    const std::uint32_t endLabel = newLabel();
    thread().instructions[jumpAt].operands.push_back(Operand{Operand::Kind::Label, endLabel, 0});
    placeLabel(endLabel);
  }

  const std::string& file_;
  Test test_;
  CommonPartsReader common_;
  std::vector<std::set<std::string, std::less<>>> parameters_;  // each thread's locations
  std::size_t thread_ = 0;
};

}  // namespace

Test buildCTest(C::CTestContext& tree, const std::string& file) { return CTestBuilder(file).build(tree); }

}  // namespace opcheck::parser
