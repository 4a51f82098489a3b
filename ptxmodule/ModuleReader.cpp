#include <charconv>
#include <unordered_set>

#include "PtxModuleLexer.h"
#include "PtxModuleParser.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"
#include "parser/MnemonicDecoder.h"
#include "parser/SyntaxErrorListener.h"
#include "ptxmodule/Module.h"

namespace opcheck::ptxmodule {

bool Function::declares(std::string_view name) const {
  for (const RegisterDeclaration& declaration : registers) {
    if (!declaration.count) {
      if (declaration.name == name) {
        return true;
      }
      continue;
    }
    // "%r<7>": %r0 .. %r6.
    if (!name.starts_with(declaration.name)) {
      continue;
    }
    const std::string_view digits = name.substr(declaration.name.size());
    std::uint32_t index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (!digits.empty() && error == std::errc{} && end == digits.data() + digits.size() &&
        (digits.size() == 1 || digits.front() != '0') && index < *declaration.count) {
      return true;
    }
  }
  return false;
}

const Function* Module::find(std::string_view name) const {
  for (const Function& function : functions) {
    if (function.name == name) {
      return &function;
    }
  }
  return nullptr;
}

namespace {

using Parser = PtxModuleParser;

litmus::SourcePosition positionOf(const antlr4::Token* token) {
  return {static_cast<std::uint32_t>(token->getLine()),
          static_cast<std::uint32_t>(token->getCharPositionInLine() + 1)};
}

litmus::SourcePosition positionOf(antlr4::tree::TerminalNode* node) { return positionOf(node->getSymbol()); }

// The opcodes whose mnemonics must decode with every qualifier: the
// memory operations a model reads. Others (bra.uni, cvt.u64.u32) are kept
// decoded where the litmus tables know them, as written otherwise.
bool isMemoryMnemonic(std::string_view mnemonic) {
  const std::string_view head = mnemonic.substr(0, mnemonic.find('.'));
  return head == "ld" || head == "st" || head == "atom" || head == "red" || head == "fence" ||
         head == "membar";
}

// ld.param, st.param, ld.local, ...: accesses to state spaces no litmus
// test has (PTX ISA 9.1 5.1.6 Parameter State Space), kept as written.
bool isParameterOrLocal(std::string_view mnemonic) {
  return mnemonic.find(".param") != std::string_view::npos ||
         mnemonic.find(".local") != std::string_view::npos;
}

// PTX's special registers (PTX ISA 9.1 10 Special Registers), read-only
// and never declared: "%tid.x", "%ctaid.x", "%laneid", "%cluster_ctarank".
bool isSpecialRegister(std::string_view name) {
  static constexpr std::string_view kNames =
      " %tid %ntid %laneid %warpid %nwarpid %ctaid %nctaid %smid %nsmid %gridid %clusterid %nclusterid"
      " %cluster_ctaid %cluster_nctaid %cluster_ctarank %cluster_nctarank %is_explicit_cluster %clock"
      " %clock64 %globaltimer ";
  const std::string_view base = name.substr(0, name.find('.'));
  const std::string_view suffix = name.substr(base.size());
  const bool dimension = suffix.empty() || suffix == ".x" || suffix == ".y" || suffix == ".z";
  return dimension && kNames.find(" " + std::string(base) + " ") != std::string_view::npos;
}

class Builder {
 public:
  explicit Builder(const std::string& file) : file_(file) {}

  Module build(Parser::Module_Context& tree) {
    Module module;
    module.file = file_;
    for (Parser::TopItemContext* item : tree.topItem()) {
      if (auto* version = dynamic_cast<Parser::VersionDirectiveContext*>(item)) {
        module.version = version->VERSION()->getText();
      } else if (auto* target = dynamic_cast<Parser::TargetDirectiveContext*>(item)) {
        for (antlr4::tree::TerminalNode* name : target->NAME()) {
          module.target.push_back(name->getText());
        }
      } else if (auto* size = dynamic_cast<Parser::AddressSizeDirectiveContext*>(item)) {
        const std::int64_t bits = number(size->NUMBER());
        if (bits != 32 && bits != 64) {
          litmus::fail(file_, positionOf(size->NUMBER()), ".address_size is 32 or 64 (PTX ISA 9.1 11.1.3)");
        }
        module.addressSize = static_cast<std::uint32_t>(bits);
      } else if (auto* function = dynamic_cast<Parser::FunctionContext*>(item)) {
        module.functions.push_back(buildFunction(*function));
      } else if (auto* variable = dynamic_cast<Parser::ModuleVariableContext*>(item)) {
        module.variables.push_back(buildVariable(*variable->variable()));
      }
    }
    return module;
  }

 private:
  std::int64_t number(antlr4::tree::TerminalNode* node) const {
    std::string text = node->getText();
    if (!text.empty() && text.back() == 'U') {
      text.pop_back();
    }
    const bool negative = text.starts_with('-');
    std::string_view digits(text);
    digits.remove_prefix(negative ? 1 : 0);
    int base = 10;
    if (digits.starts_with("0x") || digits.starts_with("0X")) {
      digits.remove_prefix(2);
      base = 16;
    }
    std::uint64_t magnitude = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
    if (error != std::errc{} || end != digits.data() + digits.size() ||
        magnitude > static_cast<std::uint64_t>(INT64_MAX)) {
      litmus::fail(file_, positionOf(node), "number out of range: " + node->getText());
    }
    const auto value = static_cast<std::int64_t>(magnitude);
    return negative ? -value : value;
  }

  Parameter buildParameter(Parser::ParameterContext& context) const {
    Parameter parameter;
    parameter.name = context.NAME()->getText();
    parameter.position = positionOf(context.NAME());
    for (Parser::DirectiveWordContext* directive : context.directiveWord()) {
      parameter.type.push_back(directive->getText());
    }
    return parameter;
  }

  Variable buildVariable(Parser::VariableContext& context) const {
    Variable variable;
    variable.space = context.STATE_SPACE()->getText();
    variable.name = context.NAME()->getText();
    variable.position = positionOf(context.NAME());
    for (Parser::DirectiveWordContext* directive : context.directiveWord()) {
      variable.type.push_back(directive->getText());
    }
    // The numbers after the name are the dimensions; those before, the
    // directives' (".align 8"). A "[]" leaves no number: its dimension is 0.
    std::size_t bracket = 0;
    for (antlr4::tree::ParseTree* child : context.children) {
      const std::string text = child->getText();
      if (text == "[") {
        variable.dimensions.push_back(0);
        bracket = variable.dimensions.size();
      } else if (text == "]") {
        bracket = 0;
      } else if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(child);
                 terminal != nullptr && bracket != 0 && terminal->getSymbol()->getType() == Parser::NUMBER) {
        const std::int64_t size = number(terminal);
        if (size < 0) {
          litmus::fail(file_, positionOf(terminal), "an array's size is not negative: " + text);
        }
        variable.dimensions[bracket - 1] = static_cast<std::uint64_t>(size);
      }
    }
    return variable;
  }

  Function buildFunction(Parser::FunctionContext& context) {
    Function function;
    function.name = context.NAME()->getText();
    function.position = positionOf(context.NAME());
    function.entry = context.ENTRY() != nullptr;
    for (Parser::LinkageContext* linkage : context.linkage()) {
      function.visible = function.visible || linkage->VISIBLE() != nullptr;
      function.external = function.external || linkage->EXTERN() != nullptr;
    }
    if (context.returnParameters() != nullptr) {
      for (Parser::ParameterContext* parameter : context.returnParameters()->parameter()) {
        function.returns.push_back(buildParameter(*parameter));
      }
    }
    if (context.parameters() != nullptr) {
      for (Parser::ParameterContext* parameter : context.parameters()->parameter()) {
        function.parameters.push_back(buildParameter(*parameter));
      }
    }
    if (context.body() != nullptr) {
      function.hasBody = true;
      addBody(*context.body(), function);
      checkNames(function);
    }
    return function;
  }

  void addBody(Parser::BodyContext& body, Function& function) {
    for (Parser::BodyItemContext* item : body.bodyItem()) {
      if (auto* declaration = dynamic_cast<Parser::RegisterDeclarationContext*>(item)) {
        for (Parser::RegisterNameContext* name : declaration->registerName()) {
          RegisterDeclaration declared;
          declared.type = declaration->DIRECTIVE()->getText();
          declared.name = name->NAME()->getText();
          if (name->NUMBER() != nullptr) {
            const std::int64_t count = number(name->NUMBER());
            if (count < 0 || count > INT32_MAX) {
              litmus::fail(file_, positionOf(name->NUMBER()), "register count out of range");
            }
            declared.count = static_cast<std::uint32_t>(count);
          }
          if (!declared.name.starts_with('%')) {
            litmus::fail(file_, positionOf(name->NAME()),
                         "a register's name starts with '%' (PTX ISA 9.1 4.4 Identifiers): " + declared.name);
          }
          function.registers.push_back(std::move(declared));
        }
      } else if (auto* label = dynamic_cast<Parser::LabelContext*>(item)) {
        Statement statement;
        statement.kind = Statement::Kind::Label;
        statement.label = label->NAME()->getText();
        statement.position = positionOf(label->NAME());
        function.body.push_back(std::move(statement));
      } else if (auto* instruction = dynamic_cast<Parser::InstructionContext*>(item)) {
        function.body.push_back(buildInstruction(*instruction));
      } else if (auto* block = dynamic_cast<Parser::BlockContext*>(item)) {
        addBody(*block->body(), function);
      } else if (auto* variable = dynamic_cast<Parser::VariableDeclarationContext*>(item)) {
        function.variables.push_back(buildVariable(*variable->variable()));
      }
    }
  }

  Operand buildOperand(Parser::OperandContext& context) const {
    Operand operand;
    operand.position = positionOf(context.getStart());
    if (auto* name = dynamic_cast<Parser::RegisterOrSymbolContext*>(&context)) {
      operand.name = name->NAME()->getText();
      operand.kind = operand.name.starts_with('%') ? Operand::Kind::Register : Operand::Kind::Symbol;
    } else if (auto* immediate = dynamic_cast<Parser::ImmediateContext*>(&context)) {
      operand.value = number(immediate->NUMBER());
    } else if (auto* address = dynamic_cast<Parser::AddressContext*>(&context)) {
      operand.kind = Operand::Kind::Address;
      operand.name = address->NAME()->getText();
      operand.baseIsRegister = operand.name.starts_with('%');
      if (address->NUMBER() != nullptr) {
        operand.value = number(address->NUMBER());
        const bool signedNumber = address->NUMBER()->getText().starts_with('-');
        if (address->SIGN() == nullptr && !signedNumber) {
          litmus::fail(file_, positionOf(address->NUMBER()), "an address offset needs '+' or '-' before it");
        }
        if (address->SIGN() != nullptr && address->SIGN()->getText() == "-") {
          operand.value = -operand.value;
        }
      }
    } else if (auto* absolute = dynamic_cast<Parser::AbsoluteAddressContext*>(&context)) {
      operand.kind = Operand::Kind::Address;
      operand.value = number(absolute->NUMBER());
    } else {
      operand.kind = Operand::Kind::Vector;
      std::vector<Parser::OperandContext*> elements;
      if (auto* vector = dynamic_cast<Parser::VectorOperandContext*>(&context)) {
        elements = vector->operand();
      } else if (auto* list = dynamic_cast<Parser::OperandListContext*>(&context)) {
        elements = list->operand();
      }
      for (Parser::OperandContext* element : elements) {
        operand.elements.push_back(buildOperand(*element));
      }
    }
    return operand;
  }

  Statement buildInstruction(Parser::InstructionContext& context) const {
    Statement statement;
    statement.mnemonic = context.NAME()->getText();
    statement.position = positionOf(context.NAME());
    if (context.guard() != nullptr) {
      statement.guard = context.guard()->NAME()->getText();
      statement.guardNegated = context.guard()->NOT() != nullptr;
    }
    for (Parser::OperandContext* operand : context.operand()) {
      statement.operands.push_back(buildOperand(*operand));
    }
    if (isParameterOrLocal(statement.mnemonic)) {
      return statement;
    }
    if (isMemoryMnemonic(statement.mnemonic)) {
      // A qualifier the litmus tables lack is an error here: a memory
      // operation read without it would be read as another.
      statement.decoded = parser::decodeMnemonic(statement.mnemonic, file_, statement.position);
      return statement;
    }
    try {
      statement.decoded = parser::decodeMnemonic(statement.mnemonic, file_, statement.position);
    } catch (const litmus::InputError&) {
      // Not an instruction of the litmus dialect (selp, mul, cvta, bra.uni):
      // kept as written, for the reader of the module to refuse or read.
    }
    return statement;
  }

  // Every register an instruction names is declared; every label a branch
  // names is in the function.
  void checkNames(const Function& function) const {
    std::unordered_set<std::string> labels;
    for (const Statement& statement : function.body) {
      if (statement.kind == Statement::Kind::Label && !labels.insert(statement.label).second) {
        litmus::fail(file_, statement.position, "label " + statement.label + " defined twice");
      }
    }
    std::unordered_set<std::string> parameters;
    for (const Parameter& parameter : function.parameters) {
      parameters.insert(parameter.name);
    }
    for (const Parameter& parameter : function.returns) {
      parameters.insert(parameter.name);
    }
    for (const Statement& statement : function.body) {
      if (statement.kind != Statement::Kind::Instruction) {
        continue;
      }
      if (statement.guard && !function.declares(*statement.guard)) {
        litmus::fail(file_, statement.position, "undeclared register " + *statement.guard);
      }
      const bool branch = statement.mnemonic == "bra" || statement.mnemonic.starts_with("bra.");
      for (const Operand& operand : statement.operands) {
        checkOperand(function, operand, branch, labels, parameters);
      }
    }
  }

  void checkOperand(const Function& function, const Operand& operand, bool branch,
                    const std::unordered_set<std::string>& labels,
                    const std::unordered_set<std::string>& parameters) const {
    const bool isRegister = operand.kind == Operand::Kind::Register ||
                            (operand.kind == Operand::Kind::Address && operand.baseIsRegister);
    if (isRegister && !function.declares(operand.name) && !isSpecialRegister(operand.name)) {
      litmus::fail(file_, operand.position, "undeclared register " + operand.name);
    }
    if (branch && operand.kind == Operand::Kind::Symbol && !labels.contains(operand.name)) {
      litmus::fail(file_, operand.position,
                   "branch to " + operand.name + ", which is no label of " + function.name);
    }
    if (operand.kind == Operand::Kind::Address && !operand.baseIsRegister && !operand.name.empty() &&
        !parameters.contains(operand.name) && !labels.contains(operand.name)) {
      // A module-level variable would be declared; this reader has none.
      litmus::fail(file_, operand.position, "unknown symbol " + operand.name + " in an address");
    }
    for (const Operand& element : operand.elements) {
      checkOperand(function, element, false, labels, parameters);
    }
  }

  const std::string& file_;
};

}  // namespace

Module readModuleText(std::string_view text, const std::string& file) {
  antlr4::ANTLRInputStream input(text.data(), text.size());
  parser::SyntaxErrorListener listener(file, PtxModuleLexer::UNCLOSED_COMMENT, "/*", "*/");
  PtxModuleLexer lexer(&input);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  antlr4::CommonTokenStream tokens(&lexer);
  PtxModuleParser parser(&tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(&listener);
  PtxModuleParser::Module_Context* tree = parser.module_();
  Builder builder(file);
  return builder.build(*tree);
}

Module readModuleFile(const std::filesystem::path& path) {
  return readModuleText(litmus::readFileUpTo(path, litmus::kMaxFileBytes, "PTX modules"), path.string());
}

}  // namespace opcheck::ptxmodule
